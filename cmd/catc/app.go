package main

import (
	"io"

	"github.com/urfave/cli/v2"
)

// newApp builds the command line. It holds no global state so that tests
// can run it with their own writers.
func newApp(stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:            "catc",
		Usage:           "compile catalogs of infrastructure resources offline",
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		Suggest:         true,
		// Errors are printed and mapped to exit codes in run, in one place.
		ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{
			versionCommand(),
			matchCommand(),
		},
	}
}
