package graph

import "math/rand/v2"

// Ordering chooses how Order breaks ties between resources that are
// ready at the same time.
type Ordering struct {
	// Random takes the ready resources in a random (but, for one Seed,
	// reproducible) order instead of declaration order: Puppet's
	// `ordering = random` of before 6.0, good for finding missing
	// relationships.
	Random bool
	// Seed seeds the random order.
	Seed int64
}

// order is Kahn's algorithm over the adjacency lists (Digraph.Order):
// among the ready resources, always take the one with the smallest
// priority (the declaration index, or a random permutation of it).
func (g *Graph) order(o Ordering) []int32 {
	return g.digraph().Order(priorities(len(g.nodes), o))
}

// digraph is the graph as the ordering core reads it: edges in insertion
// order (Puppet's adjacency order, which decides ties in cycle paths).
func (g *Graph) digraph() Digraph {
	return Digraph{N: len(g.nodes), Succ: func(v int32, visit func(int32) bool) {
		for _, e := range g.out[v] {
			if visit(int32(e.T.id)) {
				return
			}
		}
	}}
}

// kahn takes the ready node with the smallest prio until none is ready.
// blockers[v] is v's number of incoming edges (consumed); successors calls
// visit once per outgoing edge of v.
func kahn(prio, blockers []int32, successors func(v int32, visit func(int32))) []int32 {
	h := minHeap{prio: prio}
	for v, b := range blockers {
		if b == 0 {
			h.items = append(h.items, int32(v))
		}
	}
	h.init()
	out := make([]int32, 0, len(blockers))
	release := func(w int32) {
		blockers[w]--
		if blockers[w] == 0 {
			h.push(w)
		}
	}
	for len(h.items) > 0 {
		v := h.pop()
		out = append(out, v)
		successors(v, release)
	}
	return out
}

// priorities is the tie-break key of each node: its index, or a seeded
// random permutation.
func priorities(n int, o Ordering) []int32 {
	prio := make([]int32, n)
	if !o.Random {
		for i := range prio {
			prio[i] = int32(i)
		}
		return prio
	}
	rng := rand.New(rand.NewPCG(uint64(o.Seed), 0x63617463)) // "catc"
	for i, p := range rng.Perm(n) {
		prio[i] = int32(p)
	}
	return prio
}

// minHeap is a binary heap of node indexes keyed by prio (container/heap
// would box every index in an interface).
type minHeap struct {
	items []int32
	prio  []int32
}

func (h *minHeap) less(i, j int) bool { return h.prio[h.items[i]] < h.prio[h.items[j]] }

func (h *minHeap) init() {
	for i := len(h.items)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *minHeap) push(v int32) {
	h.items = append(h.items, v)
	for i := len(h.items) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *minHeap) pop() int32 {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	h.down(0)
	return top
}

func (h *minHeap) down(i int) {
	for {
		l := 2*i + 1
		if l >= len(h.items) {
			return
		}
		m := l
		if r := l + 1; r < len(h.items) && h.less(r, l) {
			m = r
		}
		if !h.less(m, i) {
			return
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
}
