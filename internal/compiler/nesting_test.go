package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/testutil"
)

// findDiag returns the first diagnostic with the summary, or nil.
func findDiag(diags hcl.Diagnostics, summary string) *hcl.Diagnostic {
	for _, d := range diags {
		if d.Summary == summary {
			return d
		}
	}
	return nil
}

// deepValue is a resource whose tags nest n brackets (of the given
// opener and closer) from line 2, column 10. The block's brace is the
// first level, so the value's opener number maxNesting (from 1) is the
// one beyond the limit.
func deepValue(n int, open, close string) string {
	return "resource \"software\" \"deep\" {\n  tags = " + strings.Repeat(open, n) + "1" + strings.Repeat(close, n) + "\n}\n"
}

func TestNestingLimit(t *testing.T) {
	t.Parallel()
	// filler makes a file big enough to be cut into chunks.
	var filler strings.Builder
	for i := 0; filler.Len() < 4*splitThreshold; i++ {
		fmt.Fprintf(&filler, "resource \"software\" \"r%d\" {\n  ensure = \"present\"\n}\n", i)
	}
	fillerLines := strings.Count(filler.String(), "\n")
	for _, c := range []struct {
		name string
		src  string
		line int // of the error; 0: no error
		col  int
	}{
		{"60,000 brackets", deepValue(60000, "[", "]"), 2, 10 + maxNesting - 1},
		{"60,000 parentheses", deepValue(60000, "(", ")"), 2, 10 + maxNesting - 1},
		{"60,000 braces", deepValue(60000, "{a=", "}"), 2, 10 + 3*(maxNesting-1)},
		// Three openers in five bytes: opener 255 (from 0) starts group 85.
		{"mixed", deepValue(30000, "[{x=(", ")}]"), 2, 10 + 85*5},
		// `"${` opens two levels: opener 255 is the $ of group 127.
		{"interpolations", "resource \"software\" \"deep\" {\n  tags = " + strings.Repeat(`"${`, 30000) + strings.Repeat(`}"`, 30000) + "\n}\n", 2, 10 + 127*3 + 1},
		{"deep in a chunked file", filler.String() + deepValue(60000, "[", "]"), fillerLines + 2, 10 + maxNesting - 1},
		{"at the limit", deepValue(maxNesting-1, "[", "]"), 0, 0},
		{"brackets in strings, comments and heredocs", "resource \"software\" \"deep\" {\n" +
			"  # " + strings.Repeat("[", 1000) + "\n" +
			"  // " + strings.Repeat("{", 1000) + "\n" +
			"  /* " + strings.Repeat("(", 1000) + " */\n" +
			"  ensure = \"" + strings.Repeat("[", 1000) + "\\\"$${" + strings.Repeat("%%{", 1000) + "\"\n" +
			"  tags = [<<-EOT\n    " + strings.Repeat("[", 1000) + "\n    EOT\n  ]\n}\n", 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := loadWithSeed(t, c.src)
			d := findDiag(diags, summaryTooDeep)
			if c.line == 0 {
				if d != nil {
					t.Fatalf("rejected: %s", d.Error())
				}
				return
			}
			if d == nil {
				t.Fatalf("no %q error: %v", summaryTooDeep, diags)
			}
			if d.Subject.Filename != "decl.hcl" || d.Subject.Start.Line != c.line || d.Subject.Start.Column != c.col {
				t.Errorf("error at %s, want decl.hcl:%d,%d", d.Subject, c.line, c.col)
			}
			if got := c.src[d.Subject.Start.Byte]; !strings.ContainsRune("[{(\"$", rune(got)) {
				t.Errorf("subject is on %q, not an opener", got)
			}
		})
	}
}

func TestNestingLimitFormatAndVarFile(t *testing.T) {
	t.Parallel()
	src := []byte(deepValue(60000, "[", "]"))
	if out, diags := FormatHCL(src, "deep.hcl"); out != nil || findDiag(diags, summaryTooDeep) == nil {
		t.Errorf("FormatHCL: %v", diags)
	}
	vf := filepath.Join(t.TempDir(), "vars.hcl")
	if err := os.WriteFile(vf, []byte("v = "+strings.Repeat("[", 60000)+strings.Repeat("]", 60000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("variable \"v\" {\n  default = []\n}\n")}, LoadOptions{VarFiles: []string{vf}})
	if d := findDiag(diags, summaryTooDeep); d == nil || d.Subject.Filename != vf {
		t.Errorf("var file: %v", diags)
	}
	_, diags = LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("variable \"v\" {\n  type = \"Array\"\n}\n")},
		LoadOptions{Vars: []string{"v=" + strings.Repeat("[", 60000) + strings.Repeat("]", 60000)}})
	if !diags.HasErrors() {
		t.Errorf("--var of 60,000 brackets accepted")
	}
}

func TestNotText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src  string
		line int
		col  int
	}{
		{"resource \"software\" \"a\" {\n  ensure = \"pr\xffesent\"\n}\n", 2, 15},
		{"resource \"software\" \"a\" {\x00}\n", 1, 26},
	} {
		_, diags := loadWithSeed(t, c.src)
		d := findDiag(diags, "Not a text file")
		if d == nil || d.Subject.Start.Line != c.line || d.Subject.Start.Column != c.col || len(errorsOnly(diags)) != 1 {
			t.Errorf("%q: %v", c.src, diags)
		}
	}
}

// Garbage (a binary, another language) is one error, found before the
// parser would report thousands; a few stray characters are typos that
// the parser reports itself.
func TestNotHCL(t *testing.T) {
	t.Parallel()
	var garbage strings.Builder
	for i := 0; i < 20000; i++ {
		garbage.WriteString(string("ab;cd'ef`gh@ij\\kl^mn op=qr\n"[i%27]))
	}
	_, diags := loadWithSeed(t, "# a comment; it's fine\n"+garbage.String())
	if len(errorsOnly(diags)) != 1 || findDiag(diags, summaryNotHCL) == nil || findDiag(diags, summaryNotHCL).Subject.Start.Line != 2 ||
		findDiag(diags, summaryNotHCL).Subject.Start.Column != 3 {
		t.Errorf("garbage: %v", diags)
	}
	_, diags = loadWithSeed(t, "resource \"software\" \"a\" {\n  ensure = \"present\";\n}\n")
	if findDiag(diags, summaryNotHCL) != nil || !diags.HasErrors() {
		t.Errorf("one semicolon: %v", diags)
	}
}

// FuzzNestingScan checks the nesting scanner against hclsyntax: on any
// input that parses without error, the scanner must end with every
// context closed (it followed the strings, templates, heredocs and
// comments as the parser did) and must not have counted stray
// characters in code.
func FuzzNestingScan(f *testing.F) {
	for _, s := range []string{
		"a = [1, {b = (2)}]\n",
		"a = \"x${ \"y${z}\" }%{ if c }d%{ endif }$${e}\"\n",
		"a = <<-EOT\n  [[[ ${ [1] } \"\n  EOT\nb = 1\n",
		"# [\n// {\n/* ( */\na = \"\\\"[\"\n",
		"resource \"t\" \"x\" {\n  v = <<EOT\nEOT\n}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if checkInput(src, "f.hcl", hcl.InitialPos).HasErrors() {
			return
		}
		if _, diags := hclsyntax.ParseConfig(src, "f.hcl", hcl.InitialPos); diags.HasErrors() {
			return
		}
		s := nestScanner{src: src}
		if _, ok := s.scan(); !ok || len(s.stack) != 0 || s.stray != 0 {
			t.Fatalf("%q parses, but the scanner ends with %v open and %d stray characters", src, s.stack, s.stray)
		}
	})
}

// BenchmarkCheckInput measures the scan every file gets before parsing,
// on a generated 10,000-resource file (about 1.3 MB).
func BenchmarkCheckInput(b *testing.B) {
	src := gen.Generate(gen.Options{Resources: 10000, Files: 1})[1].Src
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if d := checkInput(src, "r.hcl", hcl.InitialPos); d.HasErrors() {
			b.Fatal(d)
		}
	}
}

// Every construct hclsyntax parses by recursion, repeated 250,000 times
// as the value of a local, must be refused by the scan before parsing,
// in a catalog file, by FormatHCL, in a var file and in a --var. Without
// the scan each one overflows the stack and kills the test binary.
func TestNestingLimitEveryConstruct(t *testing.T) {
	t.Parallel()
	testutil.LongOnly(t)
	const n = 250000
	r := strings.Repeat
	for _, c := range []struct{ name, expr string }{
		{"not", r("!", n) + "true"},
		{"not spaced", r("! ", n) + "true"},
		{"negation", r("-", n) + "1"},
		{"negation across lines in parentheses", "(" + r("-\n", n) + "1)"},
		{"not and negation", r("!-", n) + "1"},
		{"conditional chain", r("true ? 1 : ", n) + "2"},
		{"conditional in true branches", r("true ? ", n) + "1" + r(" : 2", n)},
		{"full splats", "[1]" + r("[*]", n)},
		{"spaced splats", "[1]" + r("[ * ]", n)},
		{"not of parentheses", r("!(", n) + "true" + r(")", n)},
		{"if directives", `"` + r("%{ if true }", n) + "x" + r("%{ endif }", n) + `"`},
		{"for directives", `"` + r("%{ for x in [1] }", n) + "x" + r("%{ endfor }", n) + `"`},
		{"strip marker directives", `"` + r("%{~if true~}", n) + "x" + r("%{~endif~}", n) + `"`},
		{"heredoc interpolations", "<<EOT\n" + r("${\"", n) + r("\"}", n) + "\nEOT\n"},
		{"function calls", r("abs(", n) + "1" + r(")", n)},
		{"for expressions", r("[for x in ", n) + "[1]" + r(": x]", n)},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "locals {\n  v = " + c.expr + "\n}\n"
			_, diags := loadWithSeed(t, src)
			if d := findDiag(diags, summaryTooDeep); d == nil || d.Subject.Start.Line < 2 {
				t.Fatalf("catalog: %v", diags)
			}
			if out, diags := FormatHCL([]byte(src), "f.hcl"); out != nil || findDiag(diags, summaryTooDeep) == nil {
				t.Fatalf("FormatHCL: %v", diags)
			}
			vf := filepath.Join(t.TempDir(), "vars.hcl")
			if err := os.WriteFile(vf, []byte("v = "+c.expr+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, diags = LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("variable \"v\" {\n  type = \"Any\"\n}\n")}, LoadOptions{VarFiles: []string{vf}})
			if d := findDiag(diags, summaryTooDeep); d == nil || d.Subject.Filename != vf {
				t.Fatalf("var file: %v", diags)
			}
			// --var: the type takes no string, so the text is parsed.
			_, diags = LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("variable \"v\" {\n  type = \"Array\"\n}\n")}, LoadOptions{Vars: []string{"v=" + c.expr}})
			if !diags.HasErrors() {
				t.Fatalf("--var accepted")
			}
		})
	}
}

// The constructs at a shallow depth, many times over in one expression
// or file, are not refused: only nesting counts.
func TestNestingLimitShallowConstructs(t *testing.T) {
	t.Parallel()
	const n = 2000
	r := strings.Repeat
	for _, c := range []struct{ name, expr string }{
		{"nots in a sum", r("!false && ", n) + "true"},
		{"binary minus", "1" + r(" - 1", n)},
		{"negative elements", "[" + r("-1, ", n) + "-1]"},
		{"conditionals in a list", "[" + r("true ? 1 : 2, ", n) + "3]"},
		{"splats in a list", "[" + r("[1][*], ", n) + "1]"},
		{"directives in sequence", `"` + r("%{ if true }x%{ endif }", n) + `"`},
		{"names with digits and dashes", "[" + r("abs(-1)-1, ", n) + "1]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "locals {\n  v = " + c.expr + "\n" + r("  w = !!!true ? -1 : -2\n", n) + "}\n"
			if d := checkInput([]byte(src), "f.hcl", hcl.InitialPos); d.HasErrors() {
				t.Fatalf("refused: %v", d)
			}
		})
	}
}

// TestGuessedRangesTooDeepPastScanStop: a number beyond the bounds or
// stray characters stop checkNesting's scan, but not the check that
// keeps a too-deep file from the lexer (whose time grows faster than
// the file): the whole file is then taken for a secret.
func TestGuessedRangesTooDeepPastScanStop(t *testing.T) {
	t.Parallel()
	deep := "x = " + strings.Repeat("(", maxNesting+1) + "1" + strings.Repeat(")", maxNesting+1) + "\n"
	for _, first := range []string{"z = 1e99999\n", "z = " + strings.Repeat("@", maxStray+1) + "\n"} {
		src := []byte(first + deep)
		got := guessedRanges(src, "f.hcl", true, func(string, string) bool { return true })
		if want := wholeFile(src, "f.hcl"); len(got) != 1 || got[0] != want {
			t.Errorf("%q: guessedRanges = %v, want the whole file %v", first, got, want)
		}
	}
}

// TestGuessedRangesNotLexed: a file checkInput refuses as not text or
// not HCL is not lexed to guess its secrets (garbage costs the lexer a
// token of 96 bytes a byte): the whole file is taken for a secret.
func TestGuessedRangesNotLexed(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"token = \"hunter2\"\n" + strings.Repeat("@", maxStray+1),
		"token = \"hunter2\"\n\x00",
		"token = \"hunter2\"\n\xff",
	} {
		got := guessedRanges([]byte(src), "f.hcl", true, func(string, string) bool { return true })
		if want := wholeFile([]byte(src), "f.hcl"); len(got) != 1 || got[0] != want {
			t.Errorf("%q: guessedRanges = %v, want the whole file %v", src, got, want)
		}
	}
}

// TestManyMarks: one string or heredoc holds at most maxMarks `$` and
// `%` as text (hclsyntax melds their pieces in quadratic time); the
// error points at the first one beyond; interpolations do not count, and
// the bound is per string.
func TestManyMarks(t *testing.T) {
	t.Parallel()
	res := func(value string) string { return "resource \"software\" \"x\" {\n  ensure = " + value + "\n}\n" }
	quoted := func(s string) string { return `"` + s + `"` }
	heredoc := func(s string) string { return "<<EOT\n" + s + "\nEOT" }
	for _, c := range []struct {
		name, src string
		col       int // of the error on line 2 (heredoc: line 3); 0: no error
		line      int
	}{
		{"dollars at the bound", res(quoted(strings.Repeat("$ ", maxMarks))), 0, 0},
		{"dollars past the bound", res(quoted(strings.Repeat("$ ", maxMarks+1))), 13 + 2*maxMarks, 2},
		{"percents past the bound", res(quoted(strings.Repeat("%", maxMarks+1))), 13 + maxMarks, 2},
		{"escapes count", res(quoted(strings.Repeat("$${", maxMarks+1))), 13 + 3*maxMarks, 2},
		{"heredoc past the bound", res(heredoc(strings.Repeat("$", maxMarks+1))), 1 + maxMarks, 3},
		{"interpolations do not count", res(quoted(strings.Repeat("${1}", 2*maxMarks))), 0, 0},
		{"the bound is per string", res("[" + quoted(strings.Repeat("$ ", maxMarks)) + ", " + quoted(strings.Repeat("% ", maxMarks)) + "]"), 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := loadWithSeed(t, c.src)
			d := findDiag(diags, summaryManyMarks)
			if c.col == 0 {
				if d != nil {
					t.Fatalf("rejected: %s", d.Error())
				}
				return
			}
			if d == nil {
				t.Fatalf("no %q error: %v", summaryManyMarks, diags)
			}
			if d.Subject.Start.Line != c.line || d.Subject.Start.Column != c.col {
				t.Errorf("error at %s, want line %d, column %d", d.Subject, c.line, c.col)
			}
			if !strings.Contains(d.Detail, "1,024") || !strings.Contains(d.Detail, "join()") {
				t.Errorf("the detail does not give the bound and the advice: %s", d.Detail)
			}
		})
	}
}

// TestCostlyWhereBounded: the scan before parsing says a source may hold
// an expression that boundExpressions bounds whenever the parse holds
// one (an operator, a for, a template interpolation, a splat, a
// conditional), and not for references alone: an index (package["a"])
// or a name with dashes (service.svc-0) bounds nothing, so the flat
// generated site of 100,000 resources was walked for nothing.
func TestCostlyWhereBounded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src    string
		costly bool
	}{
		{`x = [package["pkg-0"], service.svc-0, software.lib0-yum, "File[/a]"]`, false},
		{`x = a.b-c-d`, false},
		{`x = 1e-5`, false},
		{`x = a["k"].b[0]`, false},
		{`x = a - 1`, true},
		{`x = a-b - 1`, true},
		{`x = 5-1`, true},
		{`x = a.0-1`, true},
		{`x = f(a)-1`, true},
		{`x = a[b+1]`, true},
		{`x = a[-1]`, true},
		{`x = a == b`, true},
		{`x = a && b`, true},
		{`x = a ? b : c`, true},
		{`x = "p-${a}"`, true},
		{`x = [for v in a : v]`, true},
		{`x = a[*].b`, true},
		{`x = a.*.b`, true},
	} {
		src := []byte(tc.src + "\n")
		_, costly := checkInputArith(src, "t.hcl", hcl.InitialPos)
		file, diags := hclsyntax.ParseConfig(src, "t.hcl", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %s", tc.src, diags.Error())
		}
		bounded := 0
		_ = hclsyntax.VisitAll(file.Body.(*hclsyntax.Body), func(n hclsyntax.Node) hcl.Diagnostics {
			switch e := n.(type) {
			case *hclsyntax.BinaryOpExpr, *hclsyntax.ForExpr, *hclsyntax.TemplateJoinExpr, *hclsyntax.SplatExpr, *hclsyntax.ConditionalExpr, *hclsyntax.UnaryOpExpr:
				bounded++
			case *hclsyntax.TemplateExpr:
				for _, p := range e.Parts {
					if _, lit := p.(*hclsyntax.LiteralValueExpr); !lit {
						bounded++
					}
				}
			}
			return nil
		})
		if costly != tc.costly || bounded > 0 && !costly {
			t.Errorf("%s: costly %v, want %v (%d expressions to bound)", tc.src, costly, tc.costly, bounded)
		}
	}
}
