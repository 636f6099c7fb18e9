package graph

import (
	"slices"

	"github.com/catc-dev/catc/internal/catalog"
)

// Refresher is a resource whose events reach another one through refresh
// edges (notify, subscribe, autonotify, autosubscribe). A refreshed
// resource emits an event of its own (Puppet's `restarted`), so events
// travel along chains of refresh edges; an order-only edge stops them.
type Refresher struct {
	Resource *catalog.Resource
	// Via is the direct refresher through which the events arrive, or
	// nil when Resource is itself a direct refresher.
	Via *catalog.Resource
	// Edge is the refresh edge from Resource for a direct refresher, or
	// into the refreshed resource from Via.
	Edge *Edge
}

// refreshPreds are, per node, the sources of its refresh edges, in
// insertion order.
func (g *Graph) refreshPreds() [][]int32 {
	out := make([][]int32, len(g.nodes))
	for v, in := range g.in {
		for _, e := range in {
			if e.Refresh() {
				out[v] = append(out[v], int32(e.F.id))
			}
		}
	}
	return out
}

// refreshers lists, for every node, the resources whose events reach it,
// sorted by declaration index. A resource on a refresh cycle does not
// list itself. Cost: a backward search per resource that has a refresh
// edge, linear in what it reaches (so quadratic only for long refresh
// chains, whose answer is quadratic anyway).
func (g *Graph) refreshers() [][]Refresher {
	rpred := g.refreshPreds()
	out := make([][]Refresher, len(g.nodes))
	s := newSearch(len(g.nodes))
	via := make([]int32, len(g.nodes))
	for v := range g.nodes {
		if len(rpred[v]) > 0 {
			out[v] = g.reach(s, rpred, via, int32(v))
		}
	}
	return out
}

// reach is a breadth-first search backwards from v over refresh edges.
func (g *Graph) reach(s *search, rpred [][]int32, via []int32, v int32) []Refresher {
	s.stamp++
	s.seen[v] = s.stamp
	s.queue = s.queue[:0]
	var out []Refresher
	for _, u := range rpred[v] {
		if s.seen[u] != s.stamp {
			s.seen[u], via[u] = s.stamp, u
			s.queue = append(s.queue, u)
		}
	}
	for head := 0; head < len(s.queue); head++ {
		u := s.queue[head]
		r := Refresher{Resource: g.nodes[u].Resource, Edge: g.edgeOf(int(u), int(v))}
		if via[u] != u {
			r.Via = g.nodes[via[u]].Resource
			r.Edge = g.edgeOf(int(via[u]), int(v))
		}
		out = append(out, r)
		for _, w := range rpred[u] {
			if s.seen[w] != s.stamp {
				s.seen[w], via[w] = s.stamp, via[u]
				s.queue = append(s.queue, w)
			}
		}
	}
	slices.SortFunc(out, func(a, b Refresher) int { return a.Resource.Index - b.Resource.Index })
	return out
}
