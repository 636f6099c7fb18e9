package layered

import (
	"math"
	"sort"
)

// Sizes of the picture, in pixels.
const (
	// NodeHeight is the height of every node.
	NodeHeight = 26
	// gapX is the space between two nodes of a row, gapY between rows.
	gapX, gapY = 16, 40
	// minWidth is the least width a row may fill before it wraps.
	minWidth = 1600
)

// Graph is what Layout needs: the nodes' widths, in the order they are
// applied (nodes a cycle blocks last), and the edges as pairs of
// positions in that order, From applied before To.
type Graph struct {
	Widths []int
	Edges  [][2]int
}

// Positions are the nodes' top-left corners and the picture's size.
type Positions struct {
	X, Y          []int
	Width, Height int
}

// Layout places g's nodes. An edge against the order (on a cycle) does
// not raise its target: ranks follow the order given.
func Layout(g Graph) Positions {
	n := len(g.Widths)
	preds := predecessors(n, g.Edges)
	rank := ranks(n, preds)
	p := Positions{X: make([]int, n), Y: make([]int, n)}
	rowWidth := rowLimit(g.Widths)
	centre := make([]float64, n)
	y := 0
	for _, layer := range layers(rank) {
		sortByBarycentre(layer, preds, centre)
		for _, row := range wrap(layer, g.Widths, rowWidth) {
			x := 0
			for _, v := range row {
				p.X[v], p.Y[v] = x, y
				centre[v] = float64(x) + float64(g.Widths[v])/2
				x += g.Widths[v] + gapX
			}
			p.Width = max(p.Width, x-gapX)
			y += NodeHeight + gapY
		}
	}
	p.Height = max(0, y-gapY)
	return p
}

// predecessors lists, per node, the nodes with an edge into it that come
// earlier in the order (so that ranks never wait on a cycle).
func predecessors(n int, edges [][2]int) [][]int32 {
	preds := make([][]int32, n)
	for _, e := range edges {
		if f, t := e[0], e[1]; f >= 0 && t < n && f < t {
			preds[t] = append(preds[t], int32(f))
		}
	}
	return preds
}

// ranks is each node's layer: 0 without predecessors, else one more than
// its highest predecessor's.
func ranks(n int, preds [][]int32) []int {
	rank := make([]int, n)
	for v := range n {
		for _, u := range preds[v] {
			rank[v] = max(rank[v], rank[u]+1)
		}
	}
	return rank
}

// layers groups the nodes by rank, each in order.
func layers(rank []int) [][]int {
	var out [][]int
	for v, r := range rank {
		for len(out) <= r {
			out = append(out, nil)
		}
		out[r] = append(out[r], v)
	}
	return out
}

// rowLimit is the width at which a layer wraps: a little more than the
// side of a square holding every node (a screen is wider than tall), so
// that a catalog of many independent resources is not one line thousands
// of nodes wide.
func rowLimit(widths []int) int {
	area := 0.0
	for _, w := range widths {
		area += float64(w+gapX) * (NodeHeight + gapY)
	}
	return max(minWidth, int(math.Sqrt(area)*1.2))
}

// sortByBarycentre orders a layer by the mean centre of each node's
// predecessors (nodes without any keep their place, by order), so that
// edges run mostly downwards instead of across.
func sortByBarycentre(layer []int, preds [][]int32, centre []float64) {
	key := make(map[int]float64, len(layer))
	for i, v := range layer {
		key[v] = float64(i) * 1e-9 // ties and orphans: apply order
		if len(preds[v]) == 0 {
			key[v] += -1
			continue
		}
		sum := 0.0
		for _, u := range preds[v] {
			sum += centre[u]
		}
		key[v] += sum / float64(len(preds[v]))
	}
	sort.SliceStable(layer, func(i, j int) bool { return key[layer[i]] < key[layer[j]] })
}

// wrap cuts a layer into rows no wider than limit (a node wider than the
// limit gets a row of its own).
func wrap(layer []int, widths []int, limit int) [][]int {
	var rows [][]int
	var row []int
	x := 0
	for _, v := range layer {
		if len(row) > 0 && x+widths[v] > limit {
			rows = append(rows, row)
			row, x = nil, 0
		}
		row = append(row, v)
		x += widths[v] + gapX
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}
