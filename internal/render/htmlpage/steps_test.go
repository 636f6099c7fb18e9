package htmlpage_test

import (
	"testing"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/htmlpage"
)

// TestPuppetPageSteps: the page's "step N" of a resource of a Puppet
// catalog is its number in `catc plan` (hand_containment: the plan text
// numbers Notify[base packages] 1 and Notify[last] 13), not its place
// among the classes and defines too; a class gets the number of the first
// resource after its start, as why says.
func TestPuppetPageSteps(t *testing.T) {
	sub, _ := graph.Build(puppetCatalog(t)).Select(graph.Selection{})
	p := htmlpage.FromSubgraph(sub, "t", "")
	want := map[string]int{"Notify[base packages]": 1, "Exec[restart blue]": 8, "Notify[last]": 13, "Class[Monitoring]": 12}
	for _, n := range p.Nodes {
		if w, ok := want[n.Ref]; ok {
			if n.Step != w {
				t.Errorf("%s is step %d on the page, %d in the plan", n.Ref, n.Step, w)
			}
			delete(want, n.Ref)
		}
	}
	if len(want) > 0 {
		t.Errorf("not on the page: %v", want)
	}
}
