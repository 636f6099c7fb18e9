package graph

import (
	"container/heap"
	"sort"

	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// kahn is Order's rule over a snapshot read from JSON: Kahn's algorithm
// taking the ready resource with the smallest declaration index. The
// result is the lexicographically smallest topological order, so it does
// not depend on the order the edges are listed in. A self-loop makes its
// resource never ready, as in Order.
func (s *Snapshot) kahn() []int32 {
	n := len(s.Resources)
	succ := s.adjacency(false)
	blockers := make([]int32, n)
	for _, e := range s.Edges {
		blockers[e.To]++
	}
	h := &indexHeap{}
	for v := range n {
		if blockers[v] == 0 {
			h.items = append(h.items, int32(v))
		}
	}
	heap.Init(h)
	out := make([]int32, 0, n)
	for h.Len() > 0 {
		v := heap.Pop(h).(int32)
		out = append(out, v)
		for _, w := range succ[v] {
			blockers[w]--
			if blockers[w] == 0 {
				heap.Push(h, w)
			}
		}
	}
	return out
}

// indexHeap is a min-heap of resource indexes (container/heap).
type indexHeap struct{ items []int32 }

func (h *indexHeap) Len() int           { return len(h.items) }
func (h *indexHeap) Less(i, j int) bool { return h.items[i] < h.items[j] }
func (h *indexHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *indexHeap) Push(x any)         { h.items = append(h.items, x.(int32)) }
func (h *indexHeap) Pop() any {
	last := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return last
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
	var out [][]int32
	for ci, c := range topo.TarjanSCC(g) {
		members := make([]int32, len(c))
		for i, nd := range c {
			members[i] = int32(nd.ID())
			comp[members[i]] = int32(ci + 1)
		}
		sort.Slice(members, func(i, j int) bool { return s.Resources[members[i]].Ref < s.Resources[members[j]].Ref })
		id := int32(ci + 1)
		path := shortestCycle(succ, members[0], func(w int32) bool { return comp[w] == id })
		if path != nil {
			out = append(out, path)
		}
	}
	sort.Slice(out, func(i, j int) bool { return s.Resources[out[i][0]].Ref < s.Resources[out[j][0]].Ref })
	return out
}

// shortestCycle is a shortest cycle start … start following adj, through
// nodes inside only (breadth-first), or nil.
func shortestCycle(adj [][]int32, start int32, inside func(int32) bool) []int32 {
	parent := map[int32]int32{start: -1}
	queue := []int32{start}
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		for _, w := range adj[u] {
			if !inside(w) {
				continue
			}
			if w == start {
				var rev []int32
				for v := u; v >= 0; v = parent[v] {
					rev = append(rev, v)
				}
				path := []int32{}
				for i := len(rev) - 1; i >= 0; i-- {
					path = append(path, rev[i])
				}
				return append(path, start)
			}
			if _, seen := parent[w]; !seen {
				parent[w] = u
				queue = append(queue, w)
			}
		}
	}
	return nil
}
