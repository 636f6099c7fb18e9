package graph

import (
	"slices"

	"github.com/catc-dev/catc/internal/catalog"
)

// Refreshable reports whether Puppet's agent refreshes r when an event
// reaches it (and so passes a "restarted" event on): whether its type
// has a refresh method (catalog.TypeDef.Refreshes).
func Refreshable(r *catalog.Resource) bool {
	return r.Type != nil && r.Type.Refreshes()
}

// refreshers lists, for every resource of a catalog read from Puppet, the
// resources whose events reach it as the agent passes them: along
// refresh edges of the expanded graph, through the whits of classes,
// defines, nodes and stages (an event into a container reaches each of
// its children, an event out of a child leaves through the container's
// end), and on through a resource only when it is refreshable (a
// refreshed exec emits an event of its own; a file that receives one does
// nothing). Only refreshable resources are refreshed; containers have no
// refreshers of their own (their whits only pass events on). Via is the
// resource or container that hands the events to the refreshed one.
func (x *Expanded) refreshers() [][]Refresher {
	rpred := make([][]int32, len(x.Vertices))
	for v, succ := range x.out {
		for i, w := range succ {
			if x.refresh[v][i] {
				rpred[w] = append(rpred[w], int32(v))
			}
		}
	}
	out := make([][]Refresher, len(x.Graph.nodes))
	s := newSearch(len(x.Vertices))
	via := make([]int32, len(x.Vertices))
	for t, v := range x.Vertices {
		if v.Whit == NoWhit && len(rpred[t]) > 0 && Refreshable(v.Resource) {
			out[v.Resource.Index] = x.reachRefresh(s, rpred, via, int32(t))
		}
	}
	return out
}

// reachRefresh is a breadth-first search backwards from t over refresh
// edges, through whits and refreshable resources.
func (x *Expanded) reachRefresh(s *search, rpred [][]int32, via []int32, t int32) []Refresher {
	s.stamp++
	s.seen[t] = s.stamp
	s.queue = s.queue[:0]
	var out []Refresher
	for _, u := range rpred[t] {
		if s.seen[u] != s.stamp {
			s.seen[u], via[u] = s.stamp, -1
			s.queue = append(s.queue, u)
		}
	}
	target := x.Vertices[t].Resource
	for head := 0; head < len(s.queue); head++ {
		u := s.queue[head]
		uv := x.Vertices[u]
		if uv.Whit == NoWhit {
			out = append(out, x.refresher(uv.Resource, via[u], target))
			if !Refreshable(uv.Resource) {
				continue
			}
		}
		next := via[u]
		if next < 0 {
			next = u // the first hop hands the events to the target
		}
		for _, w := range rpred[u] {
			if s.seen[w] != s.stamp {
				s.seen[w], via[w] = s.stamp, next
				s.queue = append(s.queue, w)
			}
		}
	}
	slices.SortFunc(out, func(a, b Refresher) int { return a.Resource.Index - b.Resource.Index })
	return out
}

// refresher is r's entry among target's refreshers, handed on by the
// vertex via (-1: r refreshes target directly).
func (x *Expanded) refresher(r *catalog.Resource, via int32, target *catalog.Resource) Refresher {
	g := x.Graph
	if via < 0 {
		return Refresher{Resource: r, Edge: g.edgeOf(r.Index, target.Index)}
	}
	by := x.Vertices[via].Resource
	return Refresher{Resource: r, Via: by, Edge: g.edgeOf(by.Index, target.Index)}
}
