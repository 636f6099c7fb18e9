package graph

import (
	"sort"

	"github.com/catc-dev/catc/internal/catalog"
)

// Why is the answer to "why does From come before To?".
type Why struct {
	From, To *catalog.Resource
	// Path is a shortest chain of edges From → … → To (each with its
	// kinds and origins), or nil when From does not have to come before
	// To: then any order between them is only declaration order.
	Path []*Edge
	// Reverse, when Path is nil, is a shortest chain To → … → From: To
	// must come before From. Nil when neither has to come first.
	Reverse []*Edge
	// FromStep and ToStep are their numbers in the plan (Number; 0: blocked by
	// a cycle).
	FromStep, ToStep int
}

// Why finds a shortest path from → to, trying each resource's edges in
// insertion order. from == to asks for a shortest cycle through it.
// Cost: one breadth-first search.
func (p *Plan) Why(from, to *catalog.Resource) Why {
	w := Why{From: from, To: to, FromStep: p.Number(from), ToStep: p.Number(to)}
	g := p.Graph
	if from == nil || to == nil || g.node(from.Index) == nil || g.node(to.Index) == nil {
		return w
	}
	w.Path = p.edgePath(from, to)
	if w.Path == nil && from != to {
		w.Reverse = p.edgePath(to, from)
	}
	return w
}

// edgePath is a shortest chain of edges from → to, nil when there is none.
func (p *Plan) edgePath(from, to *catalog.Resource) []*Edge {
	g := p.Graph
	path := newSearch(len(g.nodes)).shortestEdgePath(g, int32(from.Index), int32(to.Index), nil)
	var out []*Edge
	for i := 1; i < len(path); i++ {
		out = append(out, g.edgeOf(int(path[i-1]), int(path[i])))
	}
	return out
}

// Neighbours is the answer to `catc why REF`: what a resource waits for
// and what waits for it.
type Neighbours struct {
	Resource *catalog.Resource
	// Step is its number in the plan (Number; 0: blocked by a cycle).
	Step int
	// Before are the edges into it (its direct predecessors) and After
	// the edges out of it (its direct successors), by the other end's
	// declaration index.
	Before, After []*Edge
	// RefreshedBy are all the resources whose events reach it (one
	// resource's: never capped as a plan's lists are).
	RefreshedBy []Refresher
}

// Neighbours answers for one resource.
func (p *Plan) Neighbours(r *catalog.Resource) Neighbours {
	n := Neighbours{Resource: r, Step: p.Number(r), RefreshedBy: p.AllRefreshers(r)}
	n.Before = sortedBy(p.Graph.To(r), func(e *Edge) int64 { return e.F.id })
	n.After = sortedBy(p.Graph.From(r), func(e *Edge) int64 { return e.T.id })
	return n
}

func sortedBy(es []*Edge, key func(*Edge) int64) []*Edge {
	sort.Slice(es, func(i, j int) bool { return key(es[i]) < key(es[j]) })
	return es
}
