package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/render"
)

func compileCommand() *cli.Command {
	return &cli.Command{
		Name:      "compile",
		Usage:     "write the compiled catalog as JSON (resources and edges)",
		ArgsUsage: "PATH...",
		Flags: append(catalogFlags(), outputFlag(), overwriteFlag(), nodesFlag(),
			&cli.StringFlag{Name: "format", Value: "catc", Usage: "`FORMAT` of the catalog: catc (catc's JSON) or puppet (Puppet's catalog format 2)"},
			&cli.BoolFlag{Name: "reveal-secrets", Usage: "with --format puppet: write sensitive values in clear, as Puppet does (file mode 0600, never to a terminal)"},
			&cli.BoolFlag{Name: "redact-secrets", Usage: "with --format puppet: write sensitive values as markers (to compare catalogs, never to apply)"},
		),
		Action: withRun(func(c *cmdRun) error {
			f := c.compileFlags
			var write func(w io.Writer, g *graph.Graph, node string) error
			secrets, err := puppetSecrets(c, f)
			if err != nil {
				return err
			}
			switch f := f.format; f {
			case "catc":
				write = func(w io.Writer, g *graph.Graph, _ string) error { return catalogjson.OfGraph(g).Write(w) }
			case "puppet":
				write = func(w io.Writer, g *graph.Graph, node string) error {
					return puppetcatalog.Write(w, g, puppetcatalog.Options{Secrets: secrets, Node: node})
				}
			default:
				return failf("--format %q is not a catalog format: use catc or puppet", f)
			}
			if c.common.nodesSet {
				return compileNodes(c, write)
			}
			g, _, err := loadGraph(c, planFlags{}, false)
			if err != nil {
				return err
			}
			return writeOutputAs(c, secrets == puppetcatalog.RevealSecrets, func(w io.Writer) error { return write(w, g, factsNodeName(c)) })
		}),
	}
}

// loadGraph loads the catalog and builds its graph and plan; cycles are
// printed as diagnostics and fail the command (so do warnings, with strict).
// plan's flags f say how to order (zero: Puppet's order).
func loadGraph(c *cmdRun, f planFlags, strict bool) (*graph.Graph, *graph.Plan, error) {
	cat, err := loadCatalog(c, c.common.args, strict)
	if err != nil {
		return nil, nil, err
	}
	o, err := ordering(c, f)
	if err != nil {
		return nil, nil, err
	}
	if o.Random && cat.Source != nil {
		return nil, nil, fail("--ordering random shuffles the ties of an HCL catalog, and this is a catalog Puppet compiled: Puppet's agent applies it in its one order (the ordering setting was removed in Puppet 6; Puppet 7's `puppet apply --ordering random` fails with \"invalid option\"). Drop --ordering and --seed.")
	}
	g, plan, diags := pipeline.Plan(cat, o)
	diags = render.WhyHints(diags, whyArgs(c))
	if err := printDiagnostics(c, diags, cat.Files()); err != nil {
		return nil, nil, err
	}
	if diags.HasErrors() {
		return g, plan, failed()
	}
	return g, plan, nil
}

// puppetSecrets reads --reveal-secrets and --redact-secrets, and refuses
// them where they cannot apply: without --format puppet, together, and
// (reveal) when the catalog would go to a terminal, where it stays in
// the scrollback, to a file the shell opened (its mode is not catc's to
// choose), or to a fleet directory (one file, -o FILE, for now).
func puppetSecrets(c *cmdRun, f compileFlags) (puppetcatalog.Secrets, error) {
	puppet := f.format == "puppet"
	reveal, redact := f.revealSecrets, f.redactSecrets
	if err := firstError(
		pointless(c, "reveal-secrets", puppet, "--format puppet"),
		pointless(c, "redact-secrets", puppet, "--format puppet"),
	); err != nil {
		return 0, err
	}
	switch {
	case reveal && redact:
		return 0, fail("--reveal-secrets and --redact-secrets contradict each other: give one")
	case redact:
		return puppetcatalog.RedactSecrets, nil
	case !reveal:
		return puppetcatalog.RefuseSecrets, nil
	case c.common.nodesSet:
		return 0, fail("--reveal-secrets writes one catalog: compile one node with --facts FILE -o FILE")
	}
	out := c.common.output
	stdout := c.common.toStdout()
	switch {
	case stdout && isTerminal(c.stdout) || !stdout && isCharDevice(out):
		return 0, fail("--reveal-secrets writes passwords in clear and will not print them on a terminal: write to a file with -o FILE (created with mode 0600) or pipe the output")
	case stdout && isRegularFile(c.stdout):
		// the shell created it with its umask, for others to read
		return 0, fail("--reveal-secrets writes passwords in clear: give the file with -o FILE, which is created with mode 0600, instead of redirecting standard output")
	}
	return puppetcatalog.RevealSecrets, nil
}

// factsNodeName is the name of the node --facts gives (its certname, as
// --nodes names each catalog), or "" without --facts: the catalog is then
// no particular node's.
func factsNodeName(c *cmdRun) string {
	if c.common.facts == "" {
		return ""
	}
	if n, _ := c.factsNode(); n != nil {
		return n.Name
	}
	return ""
}
