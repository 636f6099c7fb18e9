package importer

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/rubyregexp"
	"github.com/catc-dev/catc/internal/testutil"
)

// templatePieces counts the literal pieces HCL's lexer makes of a file's
// strings: one per run of text, and one per `$` or `%`, which HCL's
// parser joins again in time quadratic in their number.
func templatePieces(src []byte) int {
	toks, _ := hclsyntax.LexConfig(src, "x.hcl", hcl.InitialPos)
	n := 0
	for _, t := range toks {
		if t.Type == hclsyntax.TokenQuotedLit || t.Type == hclsyntax.TokenStringLit {
			n++
		}
	}
	return n
}

// markCase is a Ruby source holding many `$` or `%`, and a line of
// summary() its import must give ("" for an alias).
type markCase struct{ name, file, src, want string }

// markCases are the sources of TestImportManyMarks with n marks.
func markCases(n int) []markCase {
	call := func(body string) string {
		return "Puppet::ResourceApi.register_type(\n  name: 'x',\n" + body +
			"  attributes: {\n    name: {type: 'String', behaviour: :namevar, desc: 'n'},\n  },\n)\n"
	}
	nested := strings.Repeat("%q(", n) + strings.Repeat(")", n)
	heredoc := strings.Repeat("50% of $HOME\n", n/4)
	// A title pattern stays under rubyregexp's size bound (each `\$` is one
	// instruction) yet far above maxMarks.
	dollars := min(n, rubyregexp.MaxInsts/2)
	return []markCase{
		{"nested %q", "x.rb", call("  docs: %q(" + nested + "),\n"), "type x desc=" + quote(nested)},
		{"plain percents", "x.rb", call("  docs: '" + strings.Repeat("%", n) + "',\n"), "type x desc=" + quote(strings.Repeat("%", n))},
		{"dollars in %Q", "x.rb", call("  docs: %Q{" + strings.Repeat("$ ", n) + "},\n"), "type x desc=" + quote(strings.TrimSpace(strings.Repeat("$ ", n)))},
		{"heredoc", "x.rb", call("  docs: <<~EOS,\n" + heredoc + "  EOS\n"), "type x desc=" + quote(strings.TrimSpace(heredoc))},
		{"interpolation-like default", "x.rb", "Puppet::ResourceApi.register_type(\n  name: 'x',\n  docs: 'd',\n" +
			"  attributes: {\n    name: {type: 'String', behaviour: :namevar, desc: 'n'},\n" +
			"    v: {type: 'String', desc: 'v', default: '" + strings.Repeat("${x}%{y}", n/2) + "'},\n  },\n)\n",
			`  attribute v type="String" desc="v" behaviour=property default=` + strings.Repeat("${x}%{y}", n/2) + ` sensitive=false`},
		{"title pattern", "x.rb", call("  docs: 'd',\n  title_patterns: [{pattern: %r{^(?<name>" + strings.Repeat(`\$`, dollars) + ")$}, desc: 'p'}],\n"),
			`  title_pattern "^(?<name>` + strings.Repeat(`\\$`, dollars) + `)$" desc="p"`},
		{"type alias", "types/p.pp", "type M::P = Pattern[/" + strings.Repeat("%", n) + "/]\n", ""},
	}
}

// A string of many `$` and `%` (the report's 20,000 nested `%q(`, 7 s on
// main, and other shapes: a plain string of `%`, a %Q string of `$`, a
// heredoc, a default holding `${`, a title pattern, a type alias) is
// imported in linear time: catc writes its marks as \u escapes, which
// HCL reads in one piece, so neither the import's own check nor a later
// catc command parses in quadratic time; the value read back is the
// value of the Ruby.
func TestImportManyMarks(t *testing.T) {
	t.Parallel()
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	tests := markCases(n)
	smaller := markCases(n / 16)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			outs, diags, _ := importAll([]Source{{Name: tt.file, Src: []byte(tt.src)}})
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			if len(outs) != 1 {
				t.Fatalf("%d outputs, want 1", len(outs))
			}
			if p := templatePieces(outs[0].Src); p > 2*maxMarks {
				t.Errorf("the written HCL has %d string pieces, want at most %d: HCL would parse it in quadratic time", p, 2*maxMarks)
			}
			// Linear time: sixteen times the marks take about sixteen
			// times as long (quadratic lexing or escaping took 256 times;
			// with -race on a loaded machine, four times the marks took
			// up to nine times as long, and sixteen times 41 times in CI
			// on 2026-12-06), so the bound is 64, a quarter of quadratic.
			if !testing.Short() {
				small := smaller[i]
				base, took, ok := testutil.AsFastAs(64,
					func() { importAll([]Source{{Name: small.file, Src: []byte(small.src)}}) },
					func() { importAll([]Source{{Name: tt.file, Src: []byte(tt.src)}}) })
				if !ok {
					t.Errorf("import took %s, %s with a sixteenth of the marks", took, base)
				}
			}
			c := loadOutputs(t, outs)
			if tt.want == "" {
				if len(c.Aliases) != 1 || c.Aliases[0].TypeText != strings.TrimSuffix(strings.TrimPrefix(tt.src, "type M::P = "), "\n") {
					t.Errorf("the alias did not read back")
				}
				return
			}
			if !hasLine(summary(c), tt.want) {
				t.Errorf("the imported type does not read back: want a line %.200q…", tt.want)
			}
		})
	}
}

// quote is how summary prints a text.
func quote(s string) string { return fmt.Sprintf("%q", s) }

func hasLine(lines []string, want string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, want) {
			return true
		}
	}
	return false
}

// Strings with a few marks are written as before: as they are, in a
// heredoc where they span lines.
func TestImportFewMarks(t *testing.T) {
	t.Parallel()
	src := "Puppet::ResourceApi.register_type(\n  name: 'x',\n  docs: <<~EOS,\n    50% of $HOME, ${x}\n    second line\n  EOS\n" +
		"  attributes: {\n    name: {type: 'String', behaviour: :namevar, desc: '100%'},\n  },\n)\n"
	outs, diags := importOne(t, src)
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	got := string(outs[0].Src)
	for _, want := range []string{"<<-EOT\n    50% of $HOME, $${x}\n    second line\n  EOT", `desc      = "100%"`} {
		if !strings.Contains(got, want) {
			t.Errorf("written HCL lacks %q:\n%s", want, got)
		}
	}
}

// Whatever text a docs string holds, catc writes it so that HCL reads it
// in few pieces and reads back the same text.
func FuzzImportMarks(f *testing.F) {
	f.Add(strings.Repeat("%q(", 100) + strings.Repeat(")", 100))
	f.Add(strings.Repeat("${x}%{y}$$%%", 30))
	f.Add("50% of $HOME\nsecond line\n" + strings.Repeat("$", 70))
	f.Add(`\${\%{` + strings.Repeat("%%{", 40))
	f.Fuzz(func(t *testing.T, docs string) {
		if !utf8.ValidString(docs) || strings.ContainsAny(docs, "\x00\r") {
			return
		}
		src := "Puppet::ResourceApi.register_type(\n  name: 'x',\n  docs: " + rubyString(docs) + ",\n" +
			"  attributes: {\n    name: {type: 'String', behaviour: :namevar, desc: 'n'},\n  },\n)\n"
		outs, diags := importOne(t, src)
		if diags.HasErrors() || len(outs) != 1 {
			return // what catc refuses to import is not this test's concern
		}
		if p := templatePieces(outs[0].Src); p > 2*maxMarks+10 {
			t.Fatalf("%d string pieces in:\n%s", p, outs[0].Src)
		}
		c := loadOutputs(t, outs)
		if got := c.Types[0].Desc; strings.TrimSpace(got) != strings.TrimSpace(docs) {
			t.Fatalf("docs read back as %q, want %q", got, docs)
		}
	})
}

// rubyString writes s as a double-quoted Ruby string, every character
// that is not printable ASCII, a quote, a backslash or a # escaped.
func rubyString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\' || r == '#':
			fmt.Fprintf(&b, `\%c`, r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r > 0x7e:
			fmt.Fprintf(&b, `\u{%x}`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
