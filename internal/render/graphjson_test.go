package render

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// wholeGraph is the whole graph of a fixtures/ directory.
func wholeGraph(t *testing.T, dir string) *graph.Subgraph {
	t.Helper()
	c, diags := compiler.Load([]string{testutil.Fixture(dir)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load %s: %v", dir, diags)
	}
	s, diags := graph.Build(c).Select(graph.Selection{})
	if diags.HasErrors() {
		t.Fatalf("select: %v", diags)
	}
	return s
}

func TestGraphJSON(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := GraphJSON(&b, wholeGraph(t, "graph/cycle")); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "graph_cycle.json"), b.Bytes())
}

// TestGraphJSONNoSensitive: sensitive values (a file's content, a user's
// password) are not in the graph JSON (package dot's TestDOTNoSensitive
// checks the DOT).
func TestGraphJSONNoSensitive(t *testing.T) {
	t.Parallel()
	secrets := map[string]string{"graph/cycle": "hunter2", "graph/web": "not-a-real-hash"}
	for dir, secret := range secrets {
		var b bytes.Buffer
		if err := GraphJSON(&b, wholeGraph(t, dir)); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), secret) {
			t.Errorf("graph JSON of %s shows the sensitive value %q", dir, secret)
		}
	}
}
