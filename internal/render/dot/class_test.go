package dot

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil/puppettest"
)

// TestClassTreeWalk: the node standing for each resource and which box
// holds which, read from one walk of the tree, are what walking up from
// each resource says, on random containment with some classes collapsed.
func TestClassTreeWalk(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 21))
	res := []string{`{"type":"Stage","title":"main","tags":[],"exported":false,"parameters":{"name":"main"}}`}
	var edges []string
	holder := func(i int) string { // Stage[main] or an earlier class
		if k := rng.IntN(i + 1); k < i {
			return fmt.Sprintf("Class[C%d]", k)
		}
		return "Stage[main]"
	}
	const classes, notifies = 40, 60
	for i := range classes {
		res = append(res, fmt.Sprintf(`{"type":"Class","title":"C%d","tags":[],"exported":false,"parameters":{}}`, i))
		edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Class[C%d]"}`, holder(i), i))
	}
	for i := range notifies {
		res = append(res, fmt.Sprintf(`{"type":"Notify","title":"n%d","tags":[],"exported":false,"kind":"compilable_type","parameters":{}}`, i))
		edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Notify[n%d]"}`, holder(classes), i))
	}
	cat := puppettest.Catalog(t, res, edges)
	s, diags := graph.Build(cat).Select(graph.Selection{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	rs := cat.Resources
	for _, collapse := range [][]*catalog.Resource{nil, {rs[3]}, {rs[3], rs[9], rs[20]}} {
		for _, all := range []bool{false, true} {
			ct := newClassTree(s, collapse, all)
			for _, r := range rs {
				shown := r
				for p := r; p != nil; p = ct.parent[p] {
					if ct.collapsed[p] {
						shown = p
					}
				}
				if got := ct.shownAs(r); got != shown {
					t.Fatalf("collapse %v (all %v): %s is shown as %s, want %s", collapse, all, r.Ref(), got.Ref(), shown.Ref())
				}
				for _, b := range rs {
					in := false
					for p := ct.parent[r]; p != nil; p = ct.parent[p] {
						in = in || p == b
					}
					if got := ct.inside(r, b); got != in {
						t.Fatalf("collapse %v (all %v): inside(%s, %s) = %v, want %v", collapse, all, r.Ref(), b.Ref(), got, in)
					}
				}
			}
		}
	}
}
