package graph

import (
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
)

// Cycles is the list of a graph's cycles, sorted by smallest member ref,
// as Graph.Cycles and Order return it.
type Cycles []Cycle

// Cycle is one strongly connected component of the graph (more than one
// resource, or one with an edge to itself) and one shortest simple cycle
// through its smallest member.
type Cycle struct {
	// Path starts and ends at the component's smallest member by ref
	// (bytewise, as Puppet sorts): Path[0] == Path[len(Path)-1]. A
	// self-loop is [r, r].
	Path []*catalog.Resource
	// Edges[i] is the edge Path[i] → Path[i+1].
	Edges []*Edge
	// Members is the whole component, sorted by ref.
	Members []*catalog.Resource
}

// String is Puppet's form of the cycle: "(Node_res[a] => Node_res[b] =>
// Node_res[a])".
func (c Cycle) String() string {
	refs := make([]string, len(c.Path))
	for i, r := range c.Path {
		refs[i] = r.Ref()
	}
	return "(" + strings.Join(refs, " => ") + ")"
}

// Others are the members of the component that are not on Path, sorted
// by ref.
func (c Cycle) Others() []*catalog.Resource {
	on := make(map[*catalog.Resource]bool, len(c.Path))
	for _, r := range c.Path {
		on[r] = true
	}
	var out []*catalog.Resource
	for _, r := range c.Members {
		if !on[r] {
			out = append(out, r)
		}
	}
	return out
}

// Cycles returns every dependency cycle of the graph, one per strongly
// connected component, sorted by smallest member ref. It is nil for an
// acyclic graph. Cost: one Kahn pass, then Tarjan and a breadth-first
// search only over what Kahn could not order; never an enumeration of
// cycles.
func (g *Graph) Cycles() Cycles {
	return g.cycles(g.order(Ordering{}))
}

// cycles finds the cycles among the nodes missing from ordered (Kahn's
// output): every node on a cycle is among them.
func (g *Graph) cycles(ordered []int32) Cycles {
	found := g.digraph().Cycles(ordered, g.ref)
	if found == nil {
		return nil
	}
	out := make(Cycles, len(found))
	for i, c := range found {
		out[i] = g.cycleOf(c.Path, c.Members)
	}
	return out
}

func (g *Graph) ref(v int32) string { return g.nodes[v].Resource.Ref() }

func (g *Graph) cycleOf(path []int32, members []int32) Cycle {
	c := Cycle{Members: make([]*catalog.Resource, len(members))}
	for i, v := range members {
		c.Members[i] = g.nodes[v].Resource
	}
	for i, v := range path {
		c.Path = append(c.Path, g.nodes[v].Resource)
		if i > 0 {
			c.Edges = append(c.Edges, g.edgeOf(int(path[i-1]), int(v)))
		}
	}
	return c
}
