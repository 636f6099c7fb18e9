package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

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
