package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "check a JSON value against a Puppet data type, or print the type's canonical form",
		ArgsUsage: "TYPE [VALUE]",
		Description: "With VALUE (JSON text), exit 0 if it is an instance of TYPE; otherwise print\n" +
			"Puppet's mismatch message and exit 1. Without VALUE, print TYPE's canonical form.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "subject", Usage: "prefix the message with `NAME`, as Puppet does for an attribute (e.g. software.ensure)"},
			aliasesFlag(),
		},
		Action: withRun(runMatch),
	}
}

func runMatch(c *cmdRun) error {
	f := c.checkFlags
	args := c.common.args
	if len(args) < 1 || len(args) > 2 {
		return fail("match takes TYPE and an optional VALUE (JSON), e.g. catc match 'Integer[0, 65535]' 8080")
	}
	out, errOut := c.stdout, c.stderr
	aliases, err := loadAliasFlag(c, f.aliases)
	if err != nil {
		return err
	}
	if len(args) == 1 {
		t, err := types.ParseWith(args[0], aliases)
		if err != nil {
			return typeError(errOut, args[0], aliasHint(err, aliases))
		}
		// Text, not Line: a regexp's newline is part of the canonical
		// form, which Puppet prints as it is.
		fmt.Fprintln(out, words.EscapeText(t.String()))
		if _, err := types.ParseDataWith(args[0], aliases); err != nil {
			fmt.Fprintf(errOut, "catc: warning: %s\n", words.EscapeText(err.Error()))
		}
		return nil
	}
	t, err := types.ParseDataWith(args[0], aliases)
	if err != nil {
		return typeError(errOut, args[0], aliasHint(err, aliases))
	}
	v, err := types.DecodeJSON([]byte(args[1]))
	if err != nil {
		msg := fmt.Sprintf("VALUE is not valid JSON: %v", err)
		if looksLikeBareWord(args[1]) {
			msg += fmt.Sprintf(`; a string needs its quotes: '"%s"'`, args[1])
		}
		return fail(msg)
	}
	if msg, ok := types.Check(f.subject, t, v); !ok {
		fmt.Fprintln(out, words.EscapeText(msg))
		return failed()
	}
	return nil
}

// aliasesFlag is --aliases, shared by match and import.
func aliasesFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "aliases", TakesFile: true,
		Usage: "load the type_alias blocks of the HCL in `PATH`, a file or directory such as what catc import wrote (repeatable)"}
}

// loadAliasFlag loads the --aliases files; nil without the flag. Their
// diagnostics are printed; an error fails the command.
func loadAliasFlag(c *cmdRun, paths []string) (*types.Aliases, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	cat, diags := compiler.LoadAliases(paths)
	if len(diags) > 0 {
		w := c.stderr
		if err := render.WriteDiagnostics(w, diags, render.DiagnosticOptions{Format: render.DiagText, Files: cat.Files(), Color: colorTerminal(w), Width: terminalWidth(w)}); err != nil {
			return nil, err
		}
	}
	if diags.HasErrors() {
		return nil, failed()
	}
	return cat.AliasTable(), nil
}

// aliasHint says how match is given aliases when the type names one it
// does not know and none were given.
func aliasHint(err error, aliases *types.Aliases) error {
	if aliases == nil && strings.Contains(err.Error(), "is not a type catc knows") {
		return fmt.Errorf("%w (give a module's aliases with --aliases PATH: the HCL catc import wrote from its types/*.pp)", err)
	}
	return err
}

// typeError prints a type parse error with a caret under the offending text.
func typeError(w io.Writer, src string, err error) error {
	fmt.Fprintf(w, "catc: TYPE: %s\n", words.EscapeText(err.Error()))
	var pe *types.ParseError
	if errors.As(err, &pe) && !strings.ContainsAny(src, "\n") {
		n := max(pe.Length, 1)
		fmt.Fprintf(w, "  %s\n  %s%s\n", src, strings.Repeat(" ", runeOffset(src, pe.Offset)), strings.Repeat("^", n))
	}
	return failed()
}

// runeOffset converts a byte offset into a column count for the caret line.
func runeOffset(s string, off int) int {
	if off > len(s) {
		off = len(s)
	}
	return len([]rune(s[:max(off, 0)]))
}

// looksLikeBareWord reports whether s reads as an unquoted string (the
// usual mistake: catc match Enum[a] a) rather than broken JSON.
func looksLikeBareWord(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || s == "true" || s == "false" || s == "null" {
		return false
	}
	c := s[0]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '/'
}
