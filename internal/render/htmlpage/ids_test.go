package htmlpage_test

import (
	"bytes"
	"sort"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/testutil/catalogtest"
)

// TestGraphvizNodesFoundByName: in Graphviz's picture every resource and
// every edge is found (by the names in Graphviz's layout, not by any
// order of its output), also when a ref holds "->" or a backslash, and
// the invisible points that wrap a wide picture's rows are no resource.
func TestGraphvizNodesFoundByName(t *testing.T) {
	bctx := browser(t)
	odd := catalogtest.Oracle(t, `resource "node_res" "a->b" {}
resource "node_res" "c\\d" { require = node_res["a->b"] }
resource "node_res" "e->\\f" { require = [node_res["c\\d"], node_res["a->b"]] }
resource "node_res" "x" {}
resource "node_res" "y]->Node_res[z" { require = node_res["x"] }
resource "node_res" "x]->Node_res[y" {}
resource "node_res" "z" { require = node_res["x]->Node_res[y"] }
`) // the last two edges have the same title ("tail->head") in Graphviz's SVG
	for name, c := range map[string]*graphCatalog{
		"odd refs":     {odd, false},
		"wrapped rows": {loadFixture(t, fixture("graph", "wide")), true},
	} {
		t.Run(name, func(t *testing.T) {
			sub, _ := graph.Build(c.c).Select(graph.Selection{})
			var src bytes.Buffer
			if err := dot.Write(&src, sub, dot.Options{}); err != nil {
				t.Fatal(err)
			}
			if wraps := bytes.Contains(src.Bytes(), []byte("class=wrap")); wraps != c.wraps {
				t.Fatalf("the DOT has wrap nodes: %v, want %v", wraps, c.wraps)
			}
			tb := open(t, bctx, write(t, sub, graphvizLayout(t, sub, dot.Options{})), "")
			var refs, edges []string
			tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("[data-ref]")].map(e => e.getAttribute("data-ref")).sort()`, &refs),
				chromedp.Evaluate(`[...document.querySelectorAll("[data-edge]")].map(e => e.getAttribute("data-edge")).sort()`, &edges))
			var wantRefs, wantEdges []string
			for _, r := range sub.Resources {
				wantRefs = append(wantRefs, r.Ref())
			}
			for _, e := range sub.Edges {
				wantEdges = append(wantEdges, e.F.Resource.Ref()+" => "+e.T.Resource.Ref())
			}
			if sortStrings(wantRefs); !equal(refs, wantRefs) {
				t.Errorf("resources found %q, want %q", refs, wantRefs)
			}
			if sortStrings(wantEdges); !equal(edges, wantEdges) {
				t.Errorf("edges found %q, want %q", edges, wantEdges)
			}
			if e := tb.errs(); len(e) > 0 {
				t.Errorf("console errors: %v", e)
			}
		})
	}
}

type graphCatalog struct {
	c     *catalog.Catalog
	wraps bool
}

func sortStrings(s []string) { sort.Strings(s) }
