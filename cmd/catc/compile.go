package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/graph"
	"github.com/catc-dev/catc/render"
)

func compileCommand() *cli.Command {
	return &cli.Command{
		Name:      "compile",
		Usage:     "write the compiled catalog as JSON (resources and edges)",
		ArgsUsage: "PATH...",
		Flags: append(loadFlags(), outputFlag(), overwriteFlag(), nodesFlag(),
			&cli.StringFlag{Name: "format", Value: "catc", Usage: "`FORMAT` of the catalog: catc (catc's JSON) or puppet (Puppet's catalog format 2)"},
		),
		Action: func(c *cli.Context) error {
			var write func(io.Writer, *graph.Graph) error
			switch f := c.String("format"); f {
			case "catc":
				write = func(w io.Writer, g *graph.Graph) error { return g.JSON().Write(w) }
			case "puppet":
				write = render.PuppetCatalog
			default:
				return &exitError{code: exitErrors, msg: fmt.Sprintf("--format %q is not a catalog format: use catc or puppet", f)}
			}
			if c.IsSet("nodes") {
				return compileNodes(c, write)
			}
			g, _, err := loadGraph(c, false)
			if err != nil {
				return err
			}
			return writeOutput(c, func(w io.Writer) error { return write(w, g) })
		},
	}
}

// loadGraph loads the catalog and builds its graph and plan; cycles are
// printed as diagnostics and fail the command (so do warnings, with strict).
func loadGraph(c *cli.Context, strict bool) (*graph.Graph, *graph.Plan, error) {
	cat, err := loadCatalog(c, c.Args().Slice(), strict)
	if err != nil {
		return nil, nil, err
	}
	o, err := ordering(c)
	if err != nil {
		return nil, nil, err
	}
	g := graph.Build(cat)
	plan, diags := graph.Order(g, o)
	if err := printDiagnostics(c, diags, cat.Files()); err != nil {
		return nil, nil, err
	}
	if diags.HasErrors() {
		return g, plan, failed()
	}
	return g, plan, nil
}
