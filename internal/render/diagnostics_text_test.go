package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// textSample is a file and diagnostics that exercise the text writer:
// a one-line subject, a subject inside a multi-line context, a detail with
// a long type and an indented list, and control characters.
func textSample(t *testing.T) (hcl.Diagnostics, map[string]*hcl.File) {
	t.Helper()
	src := "resource \"package\" \"python3 venv\" {\n" +
		"  ensure = \"installd\"\n" +
		"  tags   = [\"a\", \"b\"]\n" +
		"}\n" +
		"resource \"package\" \"evil\\u001b[2J\" {\n" +
		"\tnote = \"bell\x07\"\n" +
		"}\n"
	f, diags := hclsyntax.ParseConfig([]byte(src), "site/main.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	at := func(line, col, byteOff, n int) *hcl.Range {
		return &hcl.Range{Filename: "site/main.hcl",
			Start: hcl.Pos{Line: line, Column: col, Byte: byteOff},
			End:   hcl.Pos{Line: line, Column: col + n, Byte: byteOff + n}}
	}
	ensure := strings.Index(src, `"installd"`)
	note := strings.Index(src, `"bell`)
	block := &hcl.Range{Filename: "site/main.hcl", Start: hcl.Pos{Line: 1, Column: 1, Byte: 0},
		End: hcl.Pos{Line: 4, Column: 2, Byte: strings.Index(src, "}\n") + 1}}
	return hcl.Diagnostics{
		{Severity: hcl.DiagError, Summary: "Invalid value",
			Detail:  "package.ensure expects a match for Optional[Enum[present, absent, installed, latest]], got 'installd'. Did you mean 'installed'?",
			Subject: at(2, 12, ensure, 10), Context: block},
		{Severity: hcl.DiagError, Summary: "Dependency cycle: (Package[python3 venv] => Service[a] => Package[python3 venv])",
			Detail: "These resources wait on each other, so none of them can be applied. The cycle, edge by edge (A => B: A must come before B):\n" +
				"  Package[python3 venv] => Service[a with a rather long title] (before, site/main.hcl:1)\n" +
				"  Service[a with a rather long title] => Package[python3 venv] (require, site/main.hcl:5)\n" +
				"- a list item that is long enough to need wrapping at sixty columns, with `catc why site/ Package[a] Service[b]` in it\n" +
				"Run `catc why site/ Package[python3 venv] Service[a with a rather long title]` to see why.",
			Subject: at(1, 1, 0, 8)},
		{Severity: hcl.DiagWarning, Summary: "Odd title \x1b]0;owned\x07",
			Detail:  "The note holds a bell\x07 and a\x00NUL.",
			Subject: at(6, 9, note, 8)},
		{Severity: hcl.DiagError, Summary: "No source", Detail: "Given on the command line.",
			Subject: &hcl.Range{Filename: "--var port", Start: hcl.InitialPos, End: hcl.InitialPos}},
	}, map[string]*hcl.File{"site/main.hcl": f}
}

func TestDiagnosticsTextGolden(t *testing.T) {
	t.Parallel()
	diags, files := textSample(t)
	for _, c := range []struct {
		name string
		opts DiagnosticOptions
	}{
		{"unwrapped", DiagnosticOptions{}},
		{"wrapped60", DiagnosticOptions{Width: 60}},
		{"color", DiagnosticOptions{Color: true, Width: 100}},
		{"max2", DiagnosticOptions{Max: 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.opts.Format, c.opts.Files = DiagText, files
			var b bytes.Buffer
			if err := WriteDiagnostics(&b, diags, c.opts); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, "testdata/diagnostics_"+c.name+".txt", b.Bytes())
		})
	}
}

func TestDiagnosticsNoRawControls(t *testing.T) {
	t.Parallel()
	diags, files := textSample(t)
	for _, f := range []DiagnosticFormat{DiagText, DiagGitHub} {
		var b bytes.Buffer
		if err := WriteDiagnostics(&b, diags, DiagnosticOptions{Format: f, Files: files}); err != nil {
			t.Fatal(err)
		}
		if c := rawControl(b.String()); c != "" {
			t.Errorf("%s output holds raw %q:\n%s", f, c, b.String())
		}
		if !strings.Contains(b.String(), `Odd title \x1b]0;owned\x07`) {
			t.Errorf("%s output lacks the escaped summary:\n%s", f, b.String())
		}
	}
}

// A line of a megabyte (minified or binary input) is shown as a window
// around the range, not whole.
func TestDiagnosticsTextLongLine(t *testing.T) {
	t.Parallel()
	src := []byte("x = \"" + strings.Repeat("a", 1<<20) + "\" + 1 + " + strings.Repeat("b", 1<<20) + "\n")
	off := bytes.Index(src, []byte("+ 1"))
	rng := hcl.Range{Filename: "big.hcl", Start: hcl.Pos{Line: 1, Column: off + 1, Byte: off}, End: hcl.Pos{Line: 1, Column: off + 4, Byte: off + 3}}
	var b bytes.Buffer
	err := WriteDiagnostics(&b, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Bad", Subject: &rng}},
		DiagnosticOptions{Format: DiagText, Files: map[string]*hcl.File{"big.hcl": {Bytes: src}}})
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if len(out) > 1000 || !strings.Contains(out, "…"+strings.Repeat("a", snippetLead-2)+"\" + 1 + bbb") || !strings.Contains(out, "^^^") {
		t.Errorf("long line not cut around the range (%d bytes):\n%.1200s", len(out), out)
	}
}

// The writer indexes a file once: 3,000 diagnostics in one file print in
// linear time (a quadratic writer needs minutes on this input, so the
// test's own timeout catches a regression).
func TestDiagnosticsTextManyInOneFile(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	var diags hcl.Diagnostics
	for i := 0; i < 3000; i++ {
		off := src.Len()
		fmt.Fprintf(&src, "resource \"software\" \"r%d\" {\n  ensur = \"present\"\n}\n", i)
		start := off + strings.Index(src.String()[off:], "ensur")
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Unsupported argument",
			Subject: &hcl.Range{Filename: "m.hcl", Start: hcl.Pos{Line: 3*i + 2, Column: 3, Byte: start}, End: hcl.Pos{Line: 3*i + 2, Column: 8, Byte: start + 5}}})
	}
	var b bytes.Buffer
	if err := WriteDiagnostics(&b, diags, DiagnosticOptions{Format: DiagText, Files: map[string]*hcl.File{"m.hcl": {Bytes: []byte(src.String())}}}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(b.String(), "  ensur = \"present\"\n"); got != 3000 {
		t.Errorf("%d snippets, want 3000", got)
	}
	if !strings.Contains(b.String(), "  on m.hcl line 8999:\n8999:   ensur") {
		t.Errorf("last snippet wrong:\n%s", b.String()[b.Len()-300:])
	}
}

func TestDiagnosticsLimit(t *testing.T) {
	t.Parallel()
	diags, _ := textSample(t)
	for _, c := range []struct {
		format DiagnosticFormat
		want   string
	}{
		{DiagText, "Error: 2 more diagnostics not shown"},
		{DiagJSON, `"summary": "2 more diagnostics not shown"`},
		{DiagGitHub, "::error title=2 more diagnostics not shown::"},
	} {
		var b bytes.Buffer
		if err := WriteDiagnostics(&b, diags, DiagnosticOptions{Format: c.format, Max: 2}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) || !strings.Contains(b.String(), "1 error and 1 warning") {
			t.Errorf("%s: no count of the rest:\n%s", c.format, b.String())
		}
		if strings.Contains(b.String(), "No source") {
			t.Errorf("%s: printed past the limit:\n%s", c.format, b.String())
		}
	}
}

func TestWrapTokens(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"expects Optional[Enum[present, absent]] here", 20, "expects\nOptional[Enum[present, absent]]\nhere"},
		{"  A => Package[python3 venv for wrapping] (before)", 30, "  A =>\n    Package[python3 venv for wrapping]\n    (before)"},
		{"- run `catc why site/ a b` now", 12, "- run\n  `catc why site/ a b`\n  now"},
		{"got 'two words' and Puppet's value", 12, "got\n'two words'\nand Puppet's\nvalue"},
		{"short", 80, "short"},
		{"is it 'a b'? then say so", 8, "is it\n'a b'?\nthen say\nso"},
		{"12. numbered item text", 10, "12. numbered\n    item\n    text"},
	} {
		if got := wrapText(c.in, c.width); got != c.want {
			t.Errorf("wrapText(%q, %d):\n%s\nwant:\n%s", c.in, c.width, got, c.want)
		}
	}
}

// A highlighted range of a megabyte (a huge string value) is cut to the
// window too.
func TestDiagnosticsTextLongHighlight(t *testing.T) {
	t.Parallel()
	src := []byte("x = \"" + strings.Repeat("é", 1<<19) + "\"\n")
	rng := hcl.Range{Filename: "big.hcl", Start: hcl.Pos{Line: 1, Column: 5, Byte: 4}, End: hcl.Pos{Line: 1, Column: 7 + 1<<19, Byte: len(src) - 1}}
	var b bytes.Buffer
	err := WriteDiagnostics(&b, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Bad", Subject: &rng}},
		DiagnosticOptions{Format: DiagText, Files: map[string]*hcl.File{"big.hcl": {Bytes: src}}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() > 2000 || !strings.Contains(b.String(), `x = "éé`) || !strings.Contains(b.String(), "é…\n") || !utf8.Valid(b.Bytes()) {
		t.Errorf("long highlight not cut (%d bytes):\n%.600s", b.Len(), b.String())
	}
}

// Carets line up under five-digit line numbers, and a range that starts
// at a line's end gets a caret after the text.
func TestDiagnosticsTextCarets(t *testing.T) {
	t.Parallel()
	src := []byte(strings.Repeat("\n", 12344) + "a = {\n")
	off := len(src) - 1 // the newline after "{"
	at := func(b int) *hcl.Range {
		return &hcl.Range{Filename: "f.hcl", Start: hcl.Pos{Line: 12345, Column: b - 12343, Byte: b}, End: hcl.Pos{Line: 12345, Column: b - 12342, Byte: b + 1}}
	}
	var b bytes.Buffer
	err := WriteDiagnostics(&b, hcl.Diagnostics{
		{Severity: hcl.DiagError, Summary: "Brace", Subject: at(off - 1)},
		{Severity: hcl.DiagError, Summary: "End", Subject: &hcl.Range{Filename: "f.hcl", Start: hcl.Pos{Line: 12345, Column: 6, Byte: off}, End: hcl.Pos{Line: 12345, Column: 6, Byte: off}}},
	}, DiagnosticOptions{Format: DiagText, Files: map[string]*hcl.File{"f.hcl": {Bytes: src}}})
	if err != nil {
		t.Fatal(err)
	}
	want := "12345: a = {\n           ^\n"
	wantEnd := "12345: a = {\n            ^\n"
	if !strings.Contains(b.String(), want) || !strings.Contains(b.String(), wantEnd) {
		t.Errorf("carets misplaced:\n%s", b.String())
	}
}
