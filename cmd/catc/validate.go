package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check type definitions, resource declarations and the graph (cycles)",
		ArgsUsage: "PATH...",
		Description: catalogPathsHelp + "each node's catalog is checked, and one line per\n" +
			"outcome says which nodes are valid and which fail, and why.\n\n" +
			"Diagnostics and, on success, a one-line summary go to standard error\n" +
			"(with --diagnostics json, only the JSON list); standard output stays empty.",
		Flags: append(catalogFlags(), nodesFlag(),
			&cli.BoolFlag{Name: "strict", Usage: "fail on warnings too"},
		),
		Action: withRun(func(c *cmdRun) error {
			f := c.checkFlags
			if c.common.nodesSet {
				return validateNodes(c, f)
			}
			if dir, types, ok, err := catalogDirArgs(c); err != nil || ok {
				if err != nil {
					return err
				}
				return validateCatalogDir(c, f, dir, types)
			}
			g, _, err := loadGraph(c, planFlags{}, f.strict)
			if err != nil {
				return err
			}
			if jsonDiagnostics(c) {
				return nil // stderr is one JSON document
			}
			sayNotes(c)
			_, err = fmt.Fprintf(c.stderr, "Valid: %s, %s, %s, %s.\n",
				count(len(g.Catalog.Types), "type"), count(len(g.Catalog.Resources), "resource"),
				count(g.Len(), "edge"), count(c.sink.warnings, "warning"))
			return err
		}),
	}
}
