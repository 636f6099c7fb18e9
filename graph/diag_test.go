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
			want: "Remove or reverse one of these relationships to break the cycle, e.g. the require on Node_res[b] at main.hcl:4 (Node_res[d] => Node_res[b]). `catc why PATH... 'Node_res[d]' 'Node_res[b]'` explains an edge.",
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

// TestCycleAdviceCommand checks that the advice's `catc why` is the
// user's command line when Ordering.WhyArgs gives it.
func TestCycleAdviceCommand(t *testing.T) {
	t.Parallel()
	src := `
resource "node_res" "a" { require = node_res.b }
resource "node_res" "b" { require = node_res.a }
`
	tests := []struct {
		args []string
		want string
	}{
		{nil, "`catc why PATH... 'Node_res[b]' 'Node_res[a]'`"},
		{[]string{"site/"}, "`catc why site/ 'Node_res[b]' 'Node_res[a]'`"},
		{[]string{"--var", "env=prod", "my site/", "x'y.hcl"}, "`catc why --var env=prod 'my site/' 'x'\\''y.hcl' 'Node_res[b]' 'Node_res[a]'`"},
	}
	for _, tt := range tests {
		_, diags := Order(Build(loadCatalog(t, src)), Ordering{WhyArgs: tt.args})
		if len(diags) != 1 {
			t.Fatalf("%d diagnostics, want 1", len(diags))
		}
		if !strings.Contains(diags[0].Detail, tt.want) {
			t.Errorf("WhyArgs %q: advice %q does not contain %s", tt.args, diags[0].Detail, tt.want)
		}
	}
}
