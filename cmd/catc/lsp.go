package main

import (
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/lsp"
)

func lspCommand() *cli.Command {
	return &cli.Command{
		Name:  "lsp",
		Usage: "run the language server (LSP over standard input and output)",
		Description: "Editors start it: diagnostics, completion, hover, definition, references,\n" +
			"symbols, formatting and `why` for the *.hcl files of the workspace folders.\n" +
			"Settings (vars, var_files, facts) come from .catc.json at a folder's root or the\n" +
			"client's initializationOptions; see docs/editors.md.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "stdio", Usage: "speak over standard input and output (the only transport; clients pass it)"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return fail("lsp takes no arguments (got " + c.Args().First() + ")")
			}
			return lsp.Serve(c.Context, stdio{}, versionString())
		},
	}
}

// stdio is standard input and output as one stream.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return nil }

var _ io.ReadWriteCloser = stdio{}
