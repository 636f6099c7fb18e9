package graph

// search is a breadth-first search over adjacency lists, reusable across
// calls without clearing (each call has its own stamp).
type search struct {
	stamp  int32
	seen   []int32
	parent []int32
	queue  []int32
}

func newSearch(n int) *search {
	return &search{seen: make([]int32, n), parent: make([]int32, n)}
}

// shortestEdgePath is a shortest path from → to over g's edges, restricted
// to the nodes inside accepts (nil: all): the nodes from from to to, or nil
// when to is unreachable. When from == to it is a shortest cycle through
// from. Edges are tried in insertion order, so that ties go the way
// Puppet's own search goes.
func (s *search) shortestEdgePath(g *Graph, from, to int32, inside func(int32) bool) []int32 {
	return s.bfs(from, to, inside, func(u int32, visit func(int32) bool) {
		for _, e := range g.out[u] {
			if visit(int32(e.T.id)) {
				return
			}
		}
	})
}

// bfs runs the search; neighbours calls visit on each successor of u
// until visit returns true (found).
func (s *search) bfs(from, to int32, inside func(int32) bool, neighbours func(u int32, visit func(int32) bool)) []int32 {
	s.stamp++
	s.queue = append(s.queue[:0], from)
	s.seen[from] = s.stamp
	var found []int32
	for head := 0; head < len(s.queue) && found == nil; head++ {
		u := s.queue[head]
		neighbours(u, func(w int32) bool {
			if inside != nil && !inside(w) {
				return false
			}
			if w == to {
				found = append(s.back(from, u), to)
				return true
			}
			if s.seen[w] != s.stamp {
				s.seen[w] = s.stamp
				s.parent[w] = u
				s.queue = append(s.queue, w)
			}
			return false
		})
	}
	return found
}

// back is the path from → u along the parent links, in order.
func (s *search) back(from, u int32) []int32 {
	var rev []int32
	for v := u; ; v = s.parent[v] {
		rev = append(rev, v)
		if v == from {
			break
		}
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}
