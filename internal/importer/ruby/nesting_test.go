package ruby

import (
	"strings"
	"testing"
)

// deepValue is a register_type call whose attributes value nests n
// levels of open, one per line after the first (so that the error's
// line and column are not those of the call), with leaf in the middle.
func deepValue(n int, open, close, leaf string) string {
	return "Puppet::ResourceApi.register_type(\n  name: 'x',\n  attributes: " +
		strings.Repeat(open, n) + leaf + strings.Repeat(close, n) + ",\n  docs: 'after'\n)\n"
}

// nodeDepth is how deeply arrays and hashes nest in n, counted without
// recursion so that a wrong parse cannot crash the test.
func nodeDepth(n Node) int {
	type item struct {
		n Node
		d int
	}
	most := 0
	stack := []item{{n, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := it.n.(type) {
		case *Array:
			most = max(most, it.d+1)
			for _, e := range v.Elems {
				stack = append(stack, item{e, it.d + 1})
			}
		case *Hash:
			most = max(most, it.d+1)
			for _, p := range v.Pairs {
				stack = append(stack, item{p.Key, it.d + 1}, item{p.Value, it.d + 1})
			}
		}
	}
	return most
}

// A value nested beyond maxNesting is one error at the first bracket too
// many (file, line, column), the value a NonLiteral, the call and the
// arguments after it still read; no recursion follows the nesting, so
// the 260,000 levels of the report (a stack overflow on main) take no
// more than a few megabytes of stack. Variants: hashes, arrays and
// hashes alternating, parentheses (read without recursion: not an
// error), and a %w list and a %Q string inside the nesting.
func TestParseNestingBound(t *testing.T) {
	t.Parallel()
	n := 260_000
	if testing.Short() {
		n = 5_000
	}
	col := len("  attributes: ") + maxNesting + 1 // the bracket that opens level maxNesting+1
	tests := []struct {
		name, src string
		wantErr   bool
		col       int
	}{
		{"arrays", deepValue(n, "[", "]", "1"), true, col},
		{"hashes", deepValue(n, "{a: ", "}", "1"), true, len("  attributes: ") + 4*maxNesting + 1},
		{"hash rockets", deepValue(n, "{'a' => ", "}", "1"), true, len("  attributes: ") + 8*maxNesting + 1},
		{"arrays and hashes", deepValue(n/2, "[{a: ", "}]", "1"), true, len("  attributes: ") + 5*(maxNesting/2) + 1},
		{"with a word list", deepValue(n, "[", "]", "%w[a b]"), true, col},
		{"with a %Q string", deepValue(n, "[", "]", "%Q{x #{y}}"), true, col},
		{"parentheses", deepValue(n, "(", ")", "1"), false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, diags := Parse("deep.rb", []byte(tt.src))
			if !tt.wantErr {
				if diags.HasErrors() {
					t.Fatalf("unexpected errors: %s", diags.Error())
				}
			} else {
				if len(diags) != 1 || diags[0].Summary != "Value nested too deeply" {
					t.Fatalf("diagnostics %v, want one \"Value nested too deeply\"", diags)
				}
				s := diags[0].Subject
				if s.Filename != "deep.rb" || s.Start.Line != 3 || s.Start.Column != tt.col {
					t.Errorf("error at %s, want deep.rb:3,%d", s, tt.col)
				}
				if !strings.Contains(diags[0].Detail, "at most 100 levels") {
					t.Errorf("detail %q does not name the bound", diags[0].Detail)
				}
			}
			if len(f.Calls) != 1 {
				t.Fatalf("%d calls, want 1", len(f.Calls))
			}
			h, ok := f.Calls[0].Args[0].(*Hash)
			if !ok || len(h.Pairs) != 3 {
				t.Fatalf("arguments lost: want name, attributes and docs")
			}
			if got := show(h.Pairs[2].Value); got != `"after"` {
				t.Errorf("docs after the nesting = %s", got)
			}
			if d := nodeDepth(h.Pairs[1].Value); d > maxNesting {
				t.Errorf("the value nests %d levels, more than %d", d, maxNesting)
			}
		})
	}
}

// Nesting up to the bound is read as before: no error, every level kept.
func TestParseNestingAtBound(t *testing.T) {
	t.Parallel()
	f, diags := Parse("t.rb", []byte(deepValue(maxNesting-1, "[", "]", "1")))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	h := f.Calls[0].Args[0].(*Hash)
	if d := nodeDepth(h.Pairs[1].Value); d != maxNesting-1 {
		t.Errorf("depth %d, want %d", d, maxNesting-1)
	}
	// the call's hash is one level: maxNesting in all
	if d := nodeDepth(h); d != maxNesting {
		t.Errorf("depth with the call's hash %d, want %d", d, maxNesting)
	}
}
