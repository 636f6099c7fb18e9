package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"
)

// newApp builds the command line. It holds no global state so that tests
// can run it with their own writers.
func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:            "catc",
		Usage:           "compile catalogs of infrastructure resources offline",
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		Suggest:         true,
		// --var list=a,b must reach the catalog whole, not split at commas.
		DisableSliceFlagSeparator: true,
		// Errors are printed and mapped to exit codes in run, in one place.
		ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{
			versionCommand(),
			validateCommand(),
			compileCommand(),
			planCommand(),
			whyCommand(),
			graphCommand(),
			diffCommand(),
			matchCommand(),
			fmtCommand(),
			docCommand(),
		},
	}
	for _, cmd := range app.Commands {
		cmd.HideHelpCommand = true
		cmd.OnUsageError = usageError
	}
	return app
}

// usageError keeps flag errors short and on stderr instead of printing the
// whole help text to stdout.
func usageError(c *cli.Context, err error, _ bool) error {
	return fmt.Errorf("%w (see 'catc %s --help')", err, c.Command.Name)
}
