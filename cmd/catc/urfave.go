package main

import (
	"flag"
	"sync"

	"github.com/urfave/cli/v2"
)

// This file holds every way catc works around urfave/cli v2.
//
// urfave/cli keeps the help flag, the version flag, the version printer
// and the help command in package variables, and has no field of App
// for them: App.Setup appends HelpFlag and VersionFlag (app.go),
// Command.setup appends HelpFlag (command.go), `--version` calls
// VersionPrinter (help.go ShowVersion). It writes to them on every run:
// applying a flag records its default, running the help command adds
// itself as its own subcommand and names it. Two runs at once (the
// tests run catc in parallel, in one process) would race. So:
//
//   - cliGlobals sets the globals once, before the first App is built
//     (not in an init function: `catc version` pays nothing for it at
//     start-up): the help and version flags become per-run copies
//     (perRunFlag), and VersionPrinter prints catc's version line. These
//     writes cannot be avoided: `catc --version` must print what
//     `catc version` does, and urfave/cli prints it only through
//     VersionPrinter; and without VersionFlag (App.HideVersion) the
//     help would lose its VERSION section.
//   - every App gets its own help command (ownHelp), set up as urfave/cli
//     would set up the shared one: output stays the same.
//   - the run's diagnostics sink is the one value kept in App.Metadata:
//     run flushes it after App.Run, the command's run (newRun) fills it.

var cliGlobals sync.Once

// setUpCLI sets urfave/cli's globals, once per process.
func setUpCLI() {
	cliGlobals.Do(func() {
		// The help command as urfave/cli defines it, before any run changed it.
		app := &cli.App{Name: "catc"}
		app.Setup()
		sharedHelp = *app.Command("help")
		cli.HelpFlag = perRunFlag{cli.HelpFlag.(*cli.BoolFlag)}
		cli.VersionFlag = perRunFlag{cli.VersionFlag.(*cli.BoolFlag)}
		cli.VersionPrinter = printVersion
	})
}

// perRunFlag applies a copy of a shared *cli.BoolFlag, leaving the
// shared one as it was.
type perRunFlag struct{ *cli.BoolFlag }

func (f perRunFlag) Apply(set *flag.FlagSet) error {
	c := *f.BoolFlag
	return c.Apply(set)
}

// sharedHelp is urfave/cli's help command as the package defines it
// (setUpCLI); ownHelp copies it.
var sharedHelp cli.Command

// ownHelp sets app up with its own copy of the help command, where
// urfave/cli's Setup would add the shared one: last among the commands,
// the help flag before the version flag, no help name of its own, and
// itself as its subcommand (what running it first would add).
func ownHelp(app *cli.App) {
	help := sharedHelp
	app.Commands = append(app.Commands, &help)
	app.Flags = append(app.Flags, cli.HelpFlag)
	app.Setup()
	help.HelpName = ""
	help.Subcommands = []*cli.Command{&help}
}

// sinkKey keeps the run's diagnostics sink in the App's metadata.
const sinkKey = "catc.diagnostics"

// sinkOf is the run's sink (newApp puts it there, run flushes it).
func sinkOf(c *cli.Context) *diagSink {
	return c.App.Metadata[sinkKey].(*diagSink)
}
