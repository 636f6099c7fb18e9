package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/graph"
)

func compileCommand() *cli.Command {
	return &cli.Command{
		Name:      "compile",
		Usage:     "write the compiled catalog as JSON (resources and edges)",
		ArgsUsage: "PATH...",
		Flags:     append(loadFlags(), outputFlag()),
		Action: func(c *cli.Context) error {
			g, _, err := loadGraph(c, false)
			if err != nil {
				return err
			}
			return writeOutput(c, func(w io.Writer) error { return g.JSON().Write(w) })
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
