package render

import (
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/graph"
)

// TestWhyHints: a cycle diagnostic that suggests an edge ends with the
// `catc why` command line the user can paste, each word quoted for a
// shell where needed; others are left as they are, and a second call
// adds nothing.
func TestWhyHints(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{nil, "e.g. B. `catc why PATH... 'Node_res[b]' 'Node_res[a]'` explains an edge."},
		{[]string{"site/"}, "e.g. B. `catc why site/ 'Node_res[b]' 'Node_res[a]'` explains an edge."},
		{[]string{"--var", "env=prod", "my site/", "x'y.hcl"}, "e.g. B. `catc why --var env=prod 'my site/' 'x'\\''y.hcl' 'Node_res[b]' 'Node_res[a]'` explains an edge."},
	}
	for _, tt := range tests {
		cycle := &hcl.Diagnostic{Severity: hcl.DiagError, Detail: "e.g. B.", Extra: graph.SuggestedEdge{From: "Node_res[b]", To: "Node_res[a]"}}
		other := &hcl.Diagnostic{Severity: hcl.DiagError, Detail: "Other."}
		got := WhyHints(WhyHints(hcl.Diagnostics{cycle, other}, tt.args), tt.args)
		if got[0].Detail != tt.want {
			t.Errorf("args %q: %q, want %q", tt.args, got[0].Detail, tt.want)
		}
		if got[1] != other || cycle.Detail != "e.g. B." {
			t.Errorf("args %q: changed what it should not", tt.args)
		}
	}
}
