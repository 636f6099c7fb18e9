package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/graph"
	"github.com/catc-dev/catc/render"
)

func planCommand() *cli.Command {
	return &cli.Command{
		Name:      "plan",
		Usage:     "print the ordered apply plan: steps, what each waits for, what refreshes it",
		ArgsUsage: "PATH...",
		Flags: append(loadFlags(), outputFlag(),
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT` of the plan: text or json"},
			&cli.StringFlag{Name: "ordering", Value: "declaration", Usage: "tie-break `ORDER`: declaration (Puppet's) or random"},
			&cli.Int64Flag{Name: "seed", Usage: "`N` seeds --ordering random (the same seed gives the same plan)"},
		),
		Action: func(c *cli.Context) error {
			var write func(io.Writer, *graph.Plan) error
			switch f := c.String("format"); f {
			case "text":
				write = render.PlanText
			case "json":
				write = render.PlanJSON
			default:
				return &exitError{code: exitErrors, msg: fmt.Sprintf("--format %q is not a plan format: use text or json", f)}
			}
			// A cyclic catalog fails (exit 1), but the JSON document is
			// still written, with its cycles: tools read them there.
			_, plan, err := loadGraph(c, false)
			if err != nil && (plan == nil || c.String("format") != "json") {
				return err
			}
			if werr := writeOutput(c, func(w io.Writer) error { return write(w, plan) }); werr != nil {
				return werr
			}
			return err
		},
	}
}

// ordering reads --ordering and --seed (flags of plan only; other commands
// use Puppet's order).
func ordering(c *cli.Context) (graph.Ordering, error) {
	switch o := c.String("ordering"); o {
	case "", "declaration":
		return graph.Ordering{}, nil
	case "random":
		return graph.Ordering{Random: true, Seed: c.Int64("seed")}, nil
	default:
		return graph.Ordering{}, &exitError{code: exitErrors, msg: fmt.Sprintf("--ordering %q is not an ordering: use declaration or random", o)}
	}
}
