package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"
)

// newApp builds the command line. It holds no global state so that tests
// can run it with their own writers.
func newApp(stdout, stderr io.Writer) *cli.App {
	setUpCLI()
	app := &cli.App{
		Name:  "catc",
		Usage: "compile catalogs of infrastructure resources offline: HCL, or the catalog JSON Puppet compiles",
		Description: "PATH is a .hcl file or a directory (every *.hcl below it), or a catalog\n" +
			"Puppet compiled (JSON: puppet catalog find NODE --terminus compiler\n" +
			"--render-as json) with HCL type files beside it; validate, plan, graph and diff\n" +
			"also take a directory of per-node catalogs (NODE.json). Flags may come before\n" +
			"or after the arguments; 'catc help COMMAND' shows a command's flags.\n\n" +
			"Exit codes: 0 success; 1 errors (invalid input, cycles, a value that does not\n" +
			"match, a file that cannot be written, usage); 2 only from 'diff --detailed-exitcode'\n" +
			"when something changed; 128+N when killed by signal N (130 Ctrl-C, 143 SIGTERM).",
		Version:   versionString(),
		Writer:    stdout,
		ErrWriter: stderr,
		Suggest:   true,
		// `catc CMD ... --generate-bash-completion` lists what may come
		// next; the scripts of `catc completion` call it.
		EnableBashCompletion: true,
		Metadata:             map[string]any{sinkKey: &diagSink{}},
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
			lookupCommand(),
			fmtCommand(),
			docCommand(),
			importCommand(),
			lspCommand(),
			completionCommand(),
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
