package main

import (
	"github.com/urfave/cli/v2"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check type definitions, resource declarations and the graph (cycles)",
		ArgsUsage: "PATH...",
		Flags: append(loadFlags(),
			&cli.BoolFlag{Name: "strict", Usage: "fail on warnings too"},
		),
		Action: func(c *cli.Context) error {
			_, _, err := loadGraph(c, c.Bool("strict"))
			return err
		},
	}
}
