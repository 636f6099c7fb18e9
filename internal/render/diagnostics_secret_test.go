package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
)

const secretTypes = `
type "secret" {
  desc = "A type with secrets."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "token" {
    type      = "Optional[String]"
    desc      = "Marked sensitive."
    sensitive = true
  }
  attribute "port" {
    type = "Optional[Integer]"
    desc = "Not sensitive."
  }
}
`

// TestSnippetsMaskSecrets loads sources whose diagnostics point at lines
// holding a secret that the syntax tree does not give (a duplicate, a
// file that does not parse) and checks that no format shows it: every
// snippet is masked where a secret's source range is, and the json and
// github formats print no source.
func TestSnippetsMaskSecrets(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, varFile, want string
	}{
		{name: "duplicate local", src: "locals {\n  tok = \"hunter2a\"\n}\nlocals {\n  tok = \"hunter2b\"\n}\nresource \"secret\" \"a\" {\n  token = local.tok\n}\n", want: "Duplicate local value"},
		{name: "variable default twice", src: "variable \"pw\" {\n  default = \"hunter2a\"\n  default = \"hunter2b\"\n}\nresource \"secret\" \"a\" {\n  token = var.pw\n}\n", want: "Attribute redefined"},
		{name: "var file sets a name twice", src: "variable \"pw\" {\n  type = \"String\"\n}\nresource \"secret\" \"a\" {\n  token = var.pw\n}\n", varFile: "pw = \"hunter2a\"\npw = \"hunter2b\"\n", want: "Attribute redefined"},
		{name: "var file line that does not parse", src: "variable \"pw\" {\n  type = \"String\"\n}\nresource \"secret\" \"a\" {\n  token = var.pw\n}\n", varFile: "pw = \"hunter2\"; x = 1\n", want: "Invalid character"},
		{name: "semicolon before the secret", src: "resource \"secret\" \"a\" {\n  port = 1; token = \"hunter2\"\n}\n", want: "Invalid character"},
		{name: "semicolon after the secret", src: "resource \"secret\" \"a\" {\n  token = \"hunter2\"; port = 1\n}\n", want: "Invalid character"},
		{name: "one-line block with two arguments", src: "resource \"secret\" \"a\" { port = 1, token = \"hunter2\" }\n", want: "Invalid single-argument block definition"},
		{name: "one-line block after an error", src: "resource \"secret\" \"a\" { port = 1, port = 2 }\nresource \"secret\" \"b\" { token = \"hunter2\" }\n", want: "Invalid single-argument block definition"},
		{name: "one-line block, two arguments, no comma", src: "resource \"secret\" \"a\" { port = \"x\" token = \"hunter2\" }\n", want: "Invalid single-argument block definition"},
		{name: "local line that does not parse", src: "locals {\n  tok == \"hunter2\"\n}\nresource \"secret\" \"a\" {\n  token = local.tok\n}\n", want: "Argument or block definition required"},
		{name: "local with an open bracket", src: "locals {\n  tok = [\"hunter2\"\n}\nresource \"secret\" \"a\" {\n  token = local.tok\n}\n", want: "Missing item separator"},
		{name: "variable typed Sensitive, read by nothing", src: "variable \"pw\" {\n  type    = \"Optional[Sensitive[String]]\"\n  default = \"hunter2\" + 1\n}\n", want: "Invalid operand"},
		{name: "quoted argument name", src: "resource \"secret\" \"a\" {\n  \"token\" = \"hunter2\"\n}\n", want: "Invalid argument name"},
		{name: "too deep, secret on the line", src: "resource \"secret\" \"a\" {\n  token = \"hunter2\" == " + strings.Repeat("!", 300) + "true\n}\n", want: "Too deeply nested"},
		{name: "var file too deep, secret on the line", src: "variable \"pw\" {\n  type = \"String\"\n}\nresource \"secret\" \"a\" {\n  token = var.pw\n}\n", varFile: "pw = \"hunter2\" == " + strings.Repeat("!", 300) + "true\n", want: "Too deeply nested"},
		{name: "secret heredoc in a broken file", src: "resource \"secret\" \"a\" {\n  token = <<EOT\nhunter2\nEOT\n  port = 1;\n}\n", want: "Invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts compiler.LoadOptions
			if tt.varFile != "" {
				p := filepath.Join(t.TempDir(), "vars.hcl")
				if err := os.WriteFile(p, []byte(tt.varFile), 0o600); err != nil {
					t.Fatal(err)
				}
				opts.VarFiles = []string{p}
			}
			c, diags := compiler.LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(secretTypes), []byte(tt.src)}, opts)
			for _, f := range []DiagnosticFormat{DiagText, DiagJSON, DiagGitHub} {
				var b bytes.Buffer
				if err := WriteDiagnostics(&b, diags, DiagnosticOptions{Format: f, Files: c.Files()}); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(b.String(), tt.want) {
					t.Errorf("%s: no %q diagnostic:\n%s", f, tt.want, b.String())
				}
				if strings.Contains(b.String(), "hunter2") {
					t.Errorf("%s shows the secret:\n%s", f, b.String())
				}
			}
		})
	}
}
