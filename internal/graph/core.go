package graph

import "sort"

// Digraph is the ordering core's view of a directed graph: nodes 0..N-1,
// and Succ, which calls visit on each successor of v, once per edge (a
// self-loop as v itself), in edge order, until visit returns true. The
// Graph and a plan read back from JSON (package plandiff) are ordered and
// searched for cycles by this one core, so that both give the same plan.
type Digraph struct {
	N    int
	Succ func(v int32, visit func(w int32) bool)
}

// IndexCycle is one cyclic strongly connected component as node indexes.
type IndexCycle struct {
	// Members is the component, sorted by key then index.
	Members []int32
	// Path is one shortest simple cycle from Members[0] back to it
	// (Path[0] == Path[len(Path)-1]; a self-loop is [v, v]).
	Path []int32
}

// Order is Kahn's algorithm: among the ready nodes, always take the one
// with the smallest prio (nil: the node index). It returns the nodes it
// could order; the others are in a cycle or wait on one. A self-loop
// counts as a predecessor, so it is never ready, as in Puppet. Taking the
// smallest index gives the lexicographically smallest topological order,
// which does not depend on the order the edges are listed in. Cost:
// O((V + E) log V).
func (d Digraph) Order(prio []int32) []int32 {
	blockers := make([]int32, d.N)
	// The visitors are made once, not once per node: Succ keeps them.
	block := func(w int32) bool {
		blockers[w]++
		return false
	}
	for v := range d.N {
		d.Succ(int32(v), block)
	}
	if prio == nil {
		prio = priorities(d.N, Ordering{})
	}
	var release func(int32)
	relay := func(w int32) bool {
		release(w)
		return false
	}
	return kahn(prio, blockers, func(v int32, r func(int32)) {
		release = r
		d.Succ(v, relay)
	})
}

// Cycles finds the cycles among the nodes missing from ordered (Order's
// output: every node on a cycle is among them): one per cyclic strongly
// connected component (more than one node, or one with a self-loop), its
// members sorted by key (then index), and a shortest cycle through the
// first of them, found breadth-first in edge order, so that ties go the
// way Puppet's own search goes. Sorted by first member; nil when there is
// none. Cost: Tarjan and one search over the unordered nodes only.
func (d Digraph) Cycles(ordered []int32, key func(v int32) string) []IndexCycle {
	if len(ordered) == d.N {
		return nil
	}
	comps := d.components(ordered, key)
	if len(comps) == 0 {
		return nil
	}
	compOf := make([]int32, d.N)
	for i := range compOf {
		compOf[i] = -1
	}
	for ci, members := range comps {
		for _, v := range members {
			compOf[v] = int32(ci)
		}
	}
	s := newSearch(d.N)
	out := make([]IndexCycle, len(comps))
	for ci, members := range comps {
		id := int32(ci)
		path := s.bfs(members[0], members[0], func(w int32) bool { return compOf[w] == id }, d.Succ)
		out[ci] = IndexCycle{Members: members, Path: path}
	}
	return out
}

// components are the cyclic strongly connected components among the
// nodes not in ordered, each sorted by key, sorted by first member.
func (d Digraph) components(ordered []int32, key func(v int32) string) [][]int32 {
	keep := make([]bool, d.N)
	for v := range keep {
		keep[v] = true
	}
	for _, v := range ordered {
		keep[v] = false
	}
	var comps [][]int32
	for _, c := range tarjan(d.restrict(keep)) {
		if len(c) == 1 && !d.hasEdge(c[0], c[0]) {
			continue
		}
		sortByKey(c, key)
		comps = append(comps, c)
	}
	sort.Slice(comps, func(i, j int) bool { return less(comps[i][0], comps[j][0], key) })
	return comps
}

func (d Digraph) hasEdge(from, to int32) bool {
	found := false
	d.Succ(from, func(w int32) bool {
		found = w == to
		return found
	})
	return found
}

// less orders nodes by key, bytewise; equal keys (only in a catalog with
// load errors) by index.
func less(a, b int32, key func(int32) string) bool {
	if ka, kb := key(a), key(b); ka != kb {
		return ka < kb
	}
	return a < b
}

func sortByKey(vs []int32, key func(int32) string) {
	keys := make(map[int32]string, len(vs))
	for _, v := range vs {
		keys[v] = key(v)
	}
	sort.Slice(vs, func(i, j int) bool { return less(vs[i], vs[j], func(v int32) string { return keys[v] }) })
}

// csr is the part of a graph kept for Tarjan, as compressed successor
// lists: the successors of v are succ[start[v]:start[v+1]].
type csr struct {
	start []int32
	succ  []int32
	keep  []bool
}

// restrict copies the edges between kept nodes; Tarjan's iterative walk
// needs lists it can resume, which Succ's callback is not.
func (d Digraph) restrict(keep []bool) csr {
	c := csr{start: make([]int32, d.N+1), keep: keep}
	for v := range d.N {
		c.start[v] = int32(len(c.succ))
		if !keep[v] {
			continue
		}
		d.Succ(int32(v), func(w int32) bool {
			if keep[w] {
				c.succ = append(c.succ, w)
			}
			return false
		})
	}
	c.start[d.N] = int32(len(c.succ))
	return c
}

// tarjan is Tarjan's strongly connected components over the kept nodes,
// without recursion (a chain of 100,000 resources would need as many
// stack frames). Every kept node is in exactly one component.
func tarjan(g csr) [][]int32 {
	n := len(g.keep)
	index := make([]int32, n) // 0: not visited; else visit order + 1
	low := make([]int32, n)
	onStack := make([]bool, n)
	next := make([]int32, n) // position of the next successor to try
	var stack, call []int32
	var comps [][]int32
	counter := int32(0)
	for root := range n {
		if !g.keep[root] || index[root] != 0 {
			continue
		}
		call = append(call, int32(root))
		for len(call) > 0 {
			v := call[len(call)-1]
			if index[v] == 0 {
				counter++
				index[v], low[v] = counter, counter
				next[v] = g.start[v]
				stack = append(stack, v)
				onStack[v] = true
			}
			if next[v] < g.start[v+1] {
				w := g.succ[next[v]]
				next[v]++
				if index[w] == 0 {
					call = append(call, w)
				} else if onStack[w] && index[w] < low[v] {
					low[v] = index[w]
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				if u := call[len(call)-1]; low[v] < low[u] {
					low[u] = low[v]
				}
			}
			if low[v] == index[v] {
				var comp []int32
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				comps = append(comps, comp)
			}
		}
	}
	return comps
}
