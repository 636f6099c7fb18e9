package graph

import (
	"sort"

	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// kahn is Order's rule over a snapshot read from JSON: the same Kahn
// algorithm, taking the ready resource with the smallest declaration
// index. The result is the lexicographically smallest topological order,
// so it does not depend on the order the edges are listed in.
func (s *Snapshot) kahn() []int32 {
	n := len(s.Resources)
	succ := s.adjacency(false)
	blockers := make([]int32, n)
	for _, e := range s.Edges {
		blockers[e.To]++
	}
	return kahn(priorities(n, Ordering{}), blockers, func(v int32, visit func(int32)) {
		for _, w := range succ[v] {
			visit(w)
		}
	})
}

// cycles finds the strongly connected components among the resources
// kahn could not order (Tarjan) and, for each, one shortest cycle from
// its smallest member by ref, as Order does. Sorted by that member's ref.
func (s *Snapshot) cycles() [][]int32 {
	if len(s.Order) == len(s.Resources) {
		return nil
	}
	ordered := make([]bool, len(s.Resources))
	for _, v := range s.Order {
		ordered[v] = true
	}
	succ := s.adjacency(false)
	g := simple.NewDirectedGraph()
	for v := range s.Resources {
		if !ordered[v] {
			g.AddNode(simple.Node(v))
		}
	}
	for _, e := range s.Edges {
		if e.From != e.To && !ordered[e.From] && !ordered[e.To] {
			g.SetEdge(simple.Edge{F: simple.Node(e.From), T: simple.Node(e.To)})
		}
	}
	comp := make([]int32, len(s.Resources))
	search := newSearch(len(s.Resources))
	var out [][]int32
	for ci, c := range topo.TarjanSCC(g) {
		members := make([]int32, len(c))
		for i, nd := range c {
			members[i] = int32(nd.ID())
			comp[members[i]] = int32(ci + 1)
		}
		sort.Slice(members, func(i, j int) bool { return s.Resources[members[i]].Ref < s.Resources[members[j]].Ref })
		id := int32(ci + 1)
		path := search.bfs(members[0], members[0], func(w int32) bool { return comp[w] == id }, func(u int32, visit func(int32) bool) {
			for _, w := range succ[u] {
				if visit(w) {
					return
				}
			}
		})
		if path != nil {
			out = append(out, path)
		}
	}
	sort.Slice(out, func(i, j int) bool { return s.Resources[out[i][0]].Ref < s.Resources[out[j][0]].Ref })
	return out
}
