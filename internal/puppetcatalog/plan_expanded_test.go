package puppetcatalog

import (
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestPlanKeepsExpansion: the plan of a Puppet catalog keeps the graph
// it expanded, and `why` across classes reads the same chains from it
// as from a new expansion; an HCL catalog's plan has none.
func TestPlanKeepsExpansion(t *testing.T) {
	g, _, _ := planPuppet(t, testutil.Fixture("oracle", "catalogs", "hand_refresh.catalog.json"))
	p, diags := graph.Order(g, graph.Ordering{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	x := p.Expanded()
	if x == nil {
		t.Fatal("the plan of a Puppet catalog keeps no expanded graph")
	}
	fresh := graph.Expand(g)
	chains := 0
	for _, a := range g.Catalog.Resources {
		for _, b := range g.Catalog.Resources {
			got, want := x.Chain(a, b), fresh.Chain(a, b)
			if !slices.Equal(got, want) {
				t.Errorf("%s before %s: %q, a new expansion says %q", a.Ref(), b.Ref(), got, want)
			}
			if got != nil {
				chains++
			}
		}
	}
	if chains == 0 {
		t.Error("no chain at all")
	}
	c, diags := compiler.LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(`resource "notify" "a" {}`)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if p, _ := graph.Order(graph.Build(c), graph.Ordering{}); p.Expanded() != nil {
		t.Error("an HCL catalog's plan has an expanded graph")
	}
}
