package graph

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"gonum.org/v1/gonum/graph/encoding/dot"
	"gonum.org/v1/gonum/graph/topo"
)

// TestDirectedView checks the gonum view: gonum's algorithms and encoder
// see the same nodes and edges, self-loops included, deterministically.
func TestDirectedView(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, `
resource "node_res" "a" {}
resource "node_res" "b" { require = node_res.a }
resource "node_res" "s" { require = node_res.s }
`)
	d := Build(c).Directed()
	if !d.HasEdgeFromTo(0, 1) || d.HasEdgeFromTo(1, 0) || !d.HasEdgeBetween(1, 0) || !d.HasEdgeFromTo(2, 2) {
		t.Errorf("edge queries disagree with the graph")
	}
	if d.Edge(1, 0) != nil || d.Node(7) != nil || d.From(7).Len() != 0 {
		t.Errorf("missing edges and nodes must be nil / empty")
	}
	if got := topo.TarjanSCC(d); len(got) != 3 {
		t.Errorf("TarjanSCC gave %d components, want 3", len(got))
	}
	first, err := dot.Marshal(d, "g", "", "")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := dot.Marshal(d, "g", "", "")
	want := "strict digraph g {\n// Node definitions.\n0;\n1;\n2;\n\n// Edge definitions.\n0 -> 1;\n2 -> 2;\n}"
	if diff := cmp.Diff(want, string(first)); diff != "" || string(again) != string(first) {
		t.Errorf("dot.Marshal (-want +got):\n%s", diff)
	}
}
