package catalogjson

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil/catalogtest"
)

// loadCatalog loads the oracle module's types plus src as main.hcl.
func loadCatalog(t testing.TB, src string) *catalog.Catalog {
	t.Helper()
	return catalogtest.Oracle(t, src)
}

// TestEdges: edges sorted by from ref, kinds in Kind order, refresh, and
// an auto rule's origin at its term in the type definition.
func TestEdges(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, `
resource "node_res" "z" {}
resource "node_res" "b" {
  deps    = ["z"]
  notify  = node_res.a
}
resource "node_res" "a" {
  require = node_res.b
}
`)
	got := Edges(graph.Build(c))
	if len(got) != 2 {
		t.Fatalf("%d edges, want 2: %+v", len(got), got)
	}
	if got[0].From != "Node_res[b]" || got[1].From != "Node_res[z]" {
		t.Errorf("edges not sorted by from ref: %+v", got)
	}
	if diff := cmp.Diff([]string{"require", "notify"}, got[0].Kinds); diff != "" {
		t.Errorf("kinds (-want +got):\n%s", diff)
	}
	if !got[0].Refresh || got[1].Refresh {
		t.Errorf("refresh flags: %+v", got)
	}
	o := got[1].Origins[0]
	if o.Kind != "autorequire" || o.Rule != "autorequire node_res" || o.File != "types.hcl" || o.Line == 0 {
		t.Errorf("auto origin = %+v", o)
	}
}
