package render

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// whyCatalog has a three-edge path a => b => c => d (require, autorequire,
// subscribe) and an unrelated z.
const whyCatalog = `
resource "node_res" "a" {}
resource "node_res" "b" { require = node_res.a }
resource "node_res" "c" {
  deps = ["b"]
}
resource "node_res" "d" { subscribe = node_res.c }
resource "node_res" "z" {}
`

func TestWhyText(t *testing.T) {
	t.Parallel()
	p := planCatalog(t, whyCatalog)
	c := p.Graph.Catalog
	for _, tc := range []struct{ name, from, to string }{
		{"why_three_edges.txt", "Node_res[a]", "Node_res[d]"},
		{"why_none.txt", "Node_res[d]", "Node_res[z]"},
		{"why_reverse.txt", "Node_res[d]", "Node_res[a]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			from, _ := graph.Resolve(c, tc.from)
			to, _ := graph.Resolve(c, tc.to)
			var b bytes.Buffer
			if err := WhyText(&b, p.Why(from, to)); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", tc.name), b.Bytes())
		})
	}
}

func TestWhyNeighboursText(t *testing.T) {
	t.Parallel()
	p := planCatalog(t, whyCatalog)
	r, _ := graph.Resolve(p.Graph.Catalog, "node_res.c")
	var b bytes.Buffer
	if err := NeighboursText(&b, p.Neighbours(r)); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "why_neighbours.txt"), b.Bytes())
}
