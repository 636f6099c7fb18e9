package graph

import (
	"strconv"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// classCatalog is a catalog as read from Puppet: Class[Main] containing
// n resources, each listed `repeat` times in its contents (a catalog
// may repeat a containment edge), each but the first requiring the one
// before it.
func classCatalog(n, repeat int) *catalog.Catalog {
	td, class := &catalog.TypeDef{Name: "node_res"}, &catalog.TypeDef{Name: "class"}
	main := &catalog.Resource{Type: class, Title: "Main", External: &catalog.ExternalInfo{Container: true}}
	c := &catalog.Catalog{Types: []*catalog.TypeDef{td}, Resources: []*catalog.Resource{main}}
	for i := range n {
		r := &catalog.Resource{Type: td, Title: "r" + strconv.Itoa(i), Index: i + 1, External: &catalog.ExternalInfo{}}
		if i > 0 {
			r.Relations = []catalog.Relation{{Kind: catalog.Require, Target: c.Resources[i]}}
		}
		for range repeat {
			main.External.Contents = append(main.External.Contents, r)
		}
		r.External.Containers = []*catalog.Resource{main}
		c.Resources = append(c.Resources, r)
	}
	return c
}

// TestExpandRepeatedContents: a containment edge listed twice gives one
// edge of the expanded graph, for a class with few resources and for one
// with more than a vertex's edges are scanned for.
func TestExpandRepeatedContents(t *testing.T) {
	t.Parallel()
	for _, n := range []int{3, scanMax, scanMax + 1, 3 * scanMax} {
		x := Expand(Build(classCatalog(n, 2)))
		seen := map[[2]string]bool{}
		x.Edges(func(from, to Vertex, refresh bool) {
			k := [2]string{from.Ref(), to.Ref()}
			if seen[k] {
				t.Errorf("%d resources: %s -> %s twice", n, k[0], k[1])
			}
			seen[k] = true
		})
		// admissible -> each, each -> completed, and the requires.
		if want := 2*n + n - 1; len(seen) != want {
			t.Errorf("%d resources: %d edges, want %d", n, len(seen), want)
		}
		order, cycles := x.Order()
		if len(cycles) > 0 || len(order) != n+2 || order[0].Whit != Admissible || order[n+1].Whit != Completed {
			t.Errorf("%d resources: order %v, cycles %v", n, order, cycles)
		}
	}
}

// TestPlanAllocs: building, expanding and ordering the graph of a
// catalog read from Puppet allocates a few times per resource, not per
// edge list.
func TestPlanAllocs(t *testing.T) {
	const n = 2000
	c := classCatalog(n, 1)
	allocs := testing.AllocsPerRun(3, func() {
		if order, cycles := Expand(Build(c)).Order(); len(cycles) > 0 || len(order) != n+2 {
			t.Fatalf("%d steps, %d cycles", len(order), len(cycles))
		}
	})
	t.Logf("%.2f allocations per resource", allocs/n)
	if perResource := allocs / n; perResource > 1 {
		t.Errorf("%.2f allocations per resource, want at most 1", perResource)
	}
}
