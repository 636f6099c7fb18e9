package main

import (
	"github.com/urfave/cli/v2"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "load and check type definitions and resource declarations",
		ArgsUsage: "PATH...",
		Flags: append(loadFlags(),
			&cli.BoolFlag{Name: "strict", Usage: "fail on warnings too"},
		),
		Action: func(c *cli.Context) error {
			_, err := loadCatalog(c, c.Args().Slice(), c.Bool("strict"))
			return err
		},
	}
}
