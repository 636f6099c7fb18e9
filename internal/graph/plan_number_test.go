package graph

import (
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// TestNumberOfForeignResource: a plan of a catalog read from Puppet
// numbers its own resources as `catc plan` does (the class not counted)
// and answers 0, as StepOf does, for no resource or another catalog's.
func TestNumberOfForeignResource(t *testing.T) {
	t.Parallel()
	c := classCatalog(3, 1)
	c.Source = &catalog.ExternalOptions{}
	p, _ := Order(Build(c), Ordering{})
	if p.Evaluation == nil {
		t.Fatal("a catalog read from Puppet has no evaluation order")
	}
	for i, want := range []int{1, 1, 2, 3} {
		if got := p.Number(c.Resources[i]); got != want {
			t.Errorf("Number(%s) = %d, want %d", c.Resources[i].Ref(), got, want)
		}
	}
	other := classCatalog(9, 1).Resources[8]
	for _, r := range []*catalog.Resource{nil, other} {
		if got := p.Number(r); got != 0 {
			t.Errorf("Number(%v) = %d, want 0", r, got)
		}
	}
}
