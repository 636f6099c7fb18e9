package dot

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

// Sizes Graphviz gives the picture's parts, in points, from the graph
// attributes the DOT writer sets (header, node): a label character of
// Helvetica 11 is about 6.2 pt wide and a line 13.2 pt tall; a node has
// margins of 0.2 × 0.06 inch and is at least 0.75 × 0.5 inch; nodesep is
// 0.35 inch and ranksep 0.55 inch. They only need to be close: they
// decide whether and where a wide picture wraps, not where nodes go.
const (
	charWidth   = 6.2
	lineHeight  = 13.2
	nodeMinW    = 54
	nodeMinH    = 36
	nodeMarginW = 28.8
	nodeMarginH = 8.64
	nodeSep     = 25.2
	rankSep     = 39.6
)

// shape is what the wrapping needs of a subgraph: its nodes by position
// in apply order, their edges (self-loops left out), estimated sizes and
// layers, and its weakly connected components.
type shape struct {
	out, in [][]int // node → neighbours, in edge order
	outEdge [][]int // node → index in Subgraph.Edges of each out[i]
	w, h    []float64
	rank    []int
	comps   [][]int // members in apply order; components by first member
}

// shapeOf measures s. Layers are estimated as Graphviz's ranking would
// make them: longest path from the roots over the edges that follow
// apply order, then each root moved down to just above its highest
// child (Graphviz keeps edges short, so a root never floats above it).
func shapeOf(s *graph.Subgraph) *shape {
	n := len(s.Resources)
	pos := make(map[*catalog.Resource]int, n)
	for i, r := range s.Resources {
		pos[r] = i
	}
	sh := &shape{out: make([][]int, n), in: make([][]int, n), outEdge: make([][]int, n), w: make([]float64, n), h: make([]float64, n)}
	for i, r := range s.Resources {
		sh.w[i], sh.h[i] = nodeSize(refLines(r.Ref()))
	}
	for k, e := range s.Edges {
		f, t := pos[e.F.Resource], pos[e.T.Resource]
		if f == t {
			continue
		}
		sh.out[f] = append(sh.out[f], t)
		sh.outEdge[f] = append(sh.outEdge[f], k)
		sh.in[t] = append(sh.in[t], f)
	}
	sh.layer()
	sh.components()
	return sh
}

// nodeSize is the estimated width and height of a node with these
// label lines.
func nodeSize(lines []string) (w, h float64) {
	chars := 0
	for _, l := range lines {
		chars = max(chars, len([]rune(l)))
	}
	w = max(nodeMinW, float64(chars)*charWidth+nodeMarginW)
	h = max(nodeMinH, float64(len(lines))*lineHeight+nodeMarginH)
	return w, h
}

func (sh *shape) layer() {
	n := len(sh.out)
	sh.rank = make([]int, n)
	for v := range n {
		for _, u := range sh.in[v] {
			if u < v {
				sh.rank[v] = max(sh.rank[v], sh.rank[u]+1)
			}
		}
	}
	for u := range n {
		if len(sh.in[u]) > 0 || len(sh.out[u]) == 0 {
			continue
		}
		lowest := -1
		for _, v := range sh.out[u] {
			if v > u && (lowest < 0 || sh.rank[v] < lowest) {
				lowest = sh.rank[v]
			}
		}
		if lowest > 0 {
			sh.rank[u] = lowest - 1
		}
	}
}

// components splits the nodes into weakly connected components with a
// union-find, numbered by their first member in apply order.
func (sh *shape) components() {
	n := len(sh.out)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for u, vs := range sh.out {
		for _, v := range vs {
			a, b := find(u), find(v)
			if a != b {
				parent[max(a, b)] = min(a, b) // the root is the first member
			}
		}
	}
	index := make([]int, n)
	for u := range n {
		root := find(u)
		if root == u {
			index[u] = len(sh.comps)
			sh.comps = append(sh.comps, nil)
		}
		c := index[root]
		sh.comps[c] = append(sh.comps[c], u)
	}
}

// boxOf is the estimated size (width, height) of a set of nodes laid
// out by their layers: its widest layer and the heights of its layers
// stacked.
func (sh *shape) boxOf(nodes []int) [2]float64 {
	var w, h float64
	widths := map[int]float64{}
	heights := map[int]float64{}
	for _, u := range nodes {
		r := sh.rank[u]
		if widths[r] > 0 {
			widths[r] += nodeSep
		}
		widths[r] += sh.w[u]
		heights[r] = max(heights[r], sh.h[u])
	}
	for _, lw := range widths {
		w = max(w, lw)
	}
	lo, hi := 0, -1
	first := true
	for r := range heights {
		if first || r < lo {
			lo = r
		}
		if first || r > hi {
			hi = r
		}
		first = false
	}
	for r := lo; r <= hi; r++ {
		h += heights[r] + rankSep
	}
	return [2]float64{w, max(0, h-rankSep)}
}
