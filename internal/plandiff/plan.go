package plandiff

import "github.com/catc-dev/catc/internal/graph"

// plan orders a snapshot read from JSON as graph.Order orders a compiled
// catalog, with the same core (graph.Digraph): Kahn's algorithm taking
// the ready resource with the smallest declaration index, then, among
// what it could not order, one shortest cycle per strongly connected
// component from its smallest member by ref, sorted by that member's ref.
// Successors are taken by index, so neither result depends on the order
// the edges are listed in.
func (s *Snapshot) plan() {
	succ := s.adjacency(false)
	d := graph.Digraph{N: len(s.Resources), Succ: func(v int32, visit func(int32) bool) {
		for _, w := range succ[v] {
			if visit(w) {
				return
			}
		}
	}}
	s.Order = d.Order(nil)
	s.Cycles = nil
	for _, c := range d.Cycles(s.Order, func(v int32) string { return s.Resources[v].Ref }) {
		s.Cycles = append(s.Cycles, c.Path)
	}
}
