package graph

import (
	"strings"
	"testing"
)

// TestCycleAdvice checks the last sentence of a cycle diagnostic: which
// relationship to remove.
func TestCycleAdvice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, want string // want: a prefix of the last line
	}{
		{
			// b => c and c => d (auto), d => b (require): the require is
			// the one explicit edge.
			name: "the last edge one metaparameter makes",
			src: `
resource "node_res" "c" { deps = ["b"] }
resource "node_res" "d" { deps = ["c"] }
resource "node_res" "b" { require = node_res.d }
`,
			want: "Remove or reverse one of these relationships to break the cycle, e.g. the require on Node_res[b] at main.hcl:4 (Node_res[d] => Node_res[b]).",
		},
		{
			name: "self-loop",
			src:  `resource "node_res" "s" { require = node_res.s }`,
			want: "Remove the require on Node_res[s] at main.hcl:1: a resource cannot wait for itself.",
		},
		{
			name: "automatic edges only",
			src: `
resource "node_res" "a" { deps = ["c"] }
resource "node_res" "b" { deps = ["a"] }
resource "node_res" "c" { deps = ["b"] }
`,
			want: "Automatic relationships make every edge here",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags := Build(loadCatalog(t, tt.src)).Cycles().Diagnostics()
			if len(diags) != 1 {
				t.Fatalf("%d diagnostics, want 1: %v", len(diags), diags)
			}
			lines := strings.Split(diags[0].Detail, "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, tt.want) {
				t.Errorf("advice:\n%s\nwant prefix:\n%s", last, tt.want)
			}
		})
	}
}

// TestCycleSuggestedEdge: the edge the advice names comes back as data,
// for the caller to phrase; a self-loop and automatic edges give none.
func TestCycleSuggestedEdge(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]any{
		"resource \"node_res\" \"a\" { require = node_res.b }\nresource \"node_res\" \"b\" { require = node_res.a }":                                     SuggestedEdge{From: "Node_res[b]", To: "Node_res[a]"},
		`resource "node_res" "s" { require = node_res.s }`:                                                                                               nil,
		"resource \"node_res\" \"a\" { deps = [\"c\"] }\nresource \"node_res\" \"b\" { deps = [\"a\"] }\nresource \"node_res\" \"c\" { deps = [\"b\"] }": nil,
	} {
		_, diags := Order(Build(loadCatalog(t, src)), Ordering{})
		if len(diags) != 1 {
			t.Fatalf("%d diagnostics, want 1", len(diags))
		}
		if got := diags[0].Extra; got != want {
			t.Errorf("%s: Extra %#v, want %#v", src, got, want)
		}
	}
}
