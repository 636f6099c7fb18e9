package main

import (
	"flag"

	"github.com/urfave/cli/v2"
)

// urfave/cli keeps the help flag, the version flag and the help command
// in package variables and writes to them on every run: applying a flag
// records its default, running the help command adds itself as its own
// subcommand and names it. Two runs at once (the tests run catc in
// parallel, in one process) would race. So every flag application works
// on a copy, and every App gets its own help command, set up as
// urfave/cli would set up the shared one: output stays the same.

// perRunFlag applies a copy of a shared *cli.BoolFlag, leaving the
// shared one as it was.
type perRunFlag struct{ *cli.BoolFlag }

func (f perRunFlag) Apply(set *flag.FlagSet) error {
	c := *f.BoolFlag
	return c.Apply(set)
}

func init() {
	cli.HelpFlag = perRunFlag{cli.HelpFlag.(*cli.BoolFlag)}
	cli.VersionFlag = perRunFlag{cli.VersionFlag.(*cli.BoolFlag)}
}

// sharedHelp is urfave/cli's help command as the package defines it,
// before any run changed it; ownHelp copies it.
var sharedHelp = func() cli.Command {
	app := &cli.App{Name: "catc"}
	app.Setup()
	return *app.Command("help")
}()

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
