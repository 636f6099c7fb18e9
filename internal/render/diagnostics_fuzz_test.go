package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// FuzzDiagnosticsText writes a diagnostic with arbitrary (even
// inconsistent) ranges over arbitrary source: the writer must not panic,
// must print the summary line, and must print no raw control character.
func FuzzDiagnosticsText(f *testing.F) {
	f.Add([]byte("a = 1\nb = \"x\x1b\"\n"), "Bad\x07", "detail [a b] `c d`", 4, 9, 0, 12, uint(20))
	f.Add([]byte("\r\n\r\n\xff\xfe"), "", "", -3, 100, 5, 2, uint(1))
	f.Fuzz(func(t *testing.T, src []byte, summary, detail string, s, e, cs, ce int, width uint) {
		rng := hcl.Range{Filename: "f.hcl", Start: hcl.Pos{Line: 1, Column: 1, Byte: s}, End: hcl.Pos{Line: 1, Column: 1, Byte: e}}
		ctx := hcl.Range{Filename: "f.hcl", Start: hcl.Pos{Byte: cs}, End: hcl.Pos{Byte: ce}}
		d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: &rng, Context: &ctx}
		var b bytes.Buffer
		err := WriteDiagnostics(&b, hcl.Diagnostics{d}, DiagnosticOptions{Format: DiagText, Width: width % 200,
			Files: map[string]*hcl.File{"f.hcl": {Bytes: src}}})
		if err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.HasPrefix(out, "Error: ") {
			t.Fatalf("no summary line:\n%q", out)
		}
		if c := rawControl(out); c != "" {
			t.Fatalf("raw %q in:\n%q", c, out)
		}
	})
}
