package main

import (
	"flag"
	"fmt"
	"strings"
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
//   - flags may come after the arguments (permuteArgs), an unknown
//     command exits 1 with a suggestion (checkCommand), and a completion
//     request is run as urfave/cli wants it (completing).

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

// permuteArgs moves a command's flags in front of its positional arguments,
// because urfave/cli v2 (like Go's flag package) stops parsing flags at the
// first positional one, and users write `catc plan site/ --format json`.
// A lone "--" ends flag parsing, as usual.
func permuteArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args
	}
	valued := valuedFlags(cmd.Flags)
	var flags, positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			positional = append(positional, rest[i+1:]...)
			break
		}
		if !looksLikeFlag(a) {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if !strings.Contains(name, "=") && valued[name] && i+1 < len(rest) {
			i++
			flags = append(flags, rest[i])
		}
	}
	out := append([]string{}, args[:2]...)
	out = append(out, flags...)
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}

// looksLikeFlag tells a flag from a positional argument. Negative numbers
// ("-1", "-.5") are values, as `catc match Integer -1` expects.
func looksLikeFlag(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	c := a[1]
	return !(c >= '0' && c <= '9' || c == '.')
}

// valuedFlags lists the names (and aliases) of flags that take a value.
func valuedFlags(fs []cli.Flag) map[string]bool {
	m := map[string]bool{}
	for _, f := range fs {
		if _, isBool := f.(*cli.BoolFlag); isBool {
			continue
		}
		for _, n := range f.Names() {
			m[n] = true
		}
	}
	return m
}

// completing reports whether args ask for shell completions.
func completing(args []string) bool {
	return len(args) > 1 && args[len(args)-1] == "--generate-bash-completion"
}

// checkCommand rejects an unknown command, also after help, with exit code
// 1 and a suggestion (urfave/cli would print help or "No help topic" and
// exit 3, a code catc does not use).
func checkCommand(app *cli.App, args []string) error {
	name := ""
	switch {
	case len(args) > 2 && (args[1] == "help" || args[1] == "h"):
		name = args[2]
	case len(args) > 1 && !strings.HasPrefix(args[1], "-"):
		name = args[1]
	}
	// help is added to app.Commands only when the app runs.
	if name == "" || name == "help" || name == "h" || app.Command(name) != nil {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q; run 'catc help' for the list", name)
	if cli.SuggestCommand != nil {
		if s := cli.SuggestCommand(app.Commands, name); s != "" {
			msg += ". " + s
		}
	}
	return fail(msg)
}
