package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render"
)

func planCommand() *cli.Command {
	return &cli.Command{
		Name:      "plan",
		Usage:     "print the ordered apply plan: steps, what each waits for, what refreshes it",
		ArgsUsage: "PATH...",
		Description: catalogPathsHelp + "one line per outcome, then each distinct plan once,\n" +
			"headed by the nodes that share it (the same steps, waits and refreshes, up to\n" +
			"each node's own name).",
		Flags: append(catalogFlags(), outputFlag(), overwriteFlag(), nodesFlag(),
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT` of the plan: text or json"},
			&cli.StringFlag{Name: "ordering", Value: "declaration", Usage: "tie-break `ORDER`: declaration (Puppet's) or random (HCL catalogs only)"},
			&cli.Int64Flag{Name: "seed", Usage: "with --ordering random, `N` seeds the shuffle (the same seed gives the same plan)"},
		),
		Action: withRun(func(c *cmdRun) error {
			f := c.planFlags
			if c.common.nodesSet {
				return planNodes(c, f)
			}
			if dir, types, ok, err := catalogDirArgs(c); err != nil || ok {
				if err != nil {
					return err
				}
				return planCatalogDir(c, f, dir, types)
			}
			var write func(io.Writer, *graph.Plan) error
			switch f := f.format; f {
			case "text":
				write = render.PlanText
			case "json":
				write = catalogjson.WritePlan
			default:
				return failf("--format %q is not a plan format: use text or json", f)
			}
			// A cyclic catalog fails (exit 1), but the JSON document is
			// still written, with its cycles: tools read them there.
			_, plan, err := loadGraph(c, f, false)
			if err != nil && (plan == nil || f.format != "json") {
				return err
			}
			if werr := writeOutput(c, func(w io.Writer) error { return write(w, plan) }); werr != nil {
				return werr
			}
			return err
		}),
	}
}

// ordering reads --ordering and --seed (flags of plan only; other commands
// use Puppet's order).
func ordering(c *cmdRun, f planFlags) (graph.Ordering, error) {
	o := f.ordering
	if err := pointless(c, "seed", o == "random", "--ordering random"); err != nil {
		return graph.Ordering{}, err
	}
	switch o {
	case "", "declaration":
		return graph.Ordering{}, nil
	case "random":
		return graph.Ordering{Random: true, Seed: f.seed}, nil
	default:
		return graph.Ordering{}, failf("--ordering %q is not an ordering: use declaration or random", o)
	}
}

// whyArgs are the arguments of `catc why` that load the same catalog as
// this command: the load flags the user set, then the paths.
func whyArgs(c *cmdRun) []string {
	cf := c.common
	var args []string
	for _, v := range cf.vars {
		args = append(args, "--var", v)
	}
	for _, v := range cf.varFiles {
		args = append(args, "--var-file", v)
	}
	if cf.facts != "" {
		args = append(args, "--facts", cf.facts)
	}
	return append(args, cf.args...)
}
