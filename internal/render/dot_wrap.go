package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/catc-dev/catc/internal/graph"
)

// When a picture wraps: when it is estimated wider than maxAspect times
// its height and wider than minWrapWidth points (1,280 pixels, a small
// laptop's screen: a narrower strip reads well as it is). It aims at
// aimAspect, a screen's.
const (
	maxAspect    = 2.5
	minWrapWidth = 960
	aimAspect    = 1.6
)

// Room around the nodes: pad (0.2 inch) on every side and the caption's
// line above.
const (
	padW = 28.8
	padH = 28.8 + 20
)

// wrapping is how a wide picture is folded, with the same idea as
// Graphviz's unflatten tool (which go-graphviz lacks): a node's many
// leaves, or many roots above one node, get edges of staggered lengths,
// so that they spread over a few layers instead of one long row; and the
// components (parts with no edge between them) are packed into rows,
// stacked by invisible edges, instead of all side by side. Both only
// push nodes further down along their edges, so every edge still points
// down: a resource is drawn below everything it depends on.
type wrapping struct {
	sh     *shape
	minlen map[int]int // index in Subgraph.Edges → staggered length
	rows   [][]int     // component indices, in apply order
}

// extras are the parts of the picture beside the nodes: the caption
// above (its width) and the legend (a node of its own, in the first row).
type extras struct {
	captionW         float64
	legendW, legendH float64
}

// planWrapping decides how to fold s; nil when the picture is not too
// wide, so that a picture that is fine stays exactly as it was.
func planWrapping(s *graph.Subgraph, ex extras) *wrapping {
	sh := shapeOf(s)
	if len(sh.comps) == 0 {
		return nil
	}
	wr := &wrapping{sh: sh, minlen: map[int]int{}}
	boxes := wr.boxes()
	width, height := ex.legendW, ex.legendH
	area := ex.legendW * ex.legendH
	for _, b := range boxes {
		width += b[0] + nodeSep
		area += b[0] * b[1]
	}
	height = max(height, sh.boxOf(allNodes(len(sh.w)))[1]) + padH
	if width+padW <= minWrapWidth || max(width, ex.captionW)+padW <= maxAspect*height {
		return nil // a long caption alone makes no row
	}
	wr.stagger(math.Sqrt(area * aimAspect))
	wr.rows = pickRows(wr.boxes(), ex)
	if len(wr.minlen) == 0 && len(wr.rows) < 2 {
		return nil
	}
	return wr
}

func allNodes(n int) []int {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	return all
}

// boxes are the estimated sizes of the components.
func (wr *wrapping) boxes() [][2]float64 {
	b := make([][2]float64, len(wr.sh.comps))
	for c, nodes := range wr.sh.comps {
		b[c] = wr.sh.boxOf(nodes)
	}
	return b
}

// stagger spreads every fan wider than width over as many layers as it
// takes: the leaves of one node (children with no other parent and no
// child) and the roots of one node (parents with no other child and no
// parent). The i-th member of a fan over m layers gets length 1 + i mod m,
// so neighbours alternate like bricks, as unflatten's -l does.
func (wr *wrapping) stagger(width float64) {
	sh := wr.sh
	for u := range sh.out {
		var fan, edges []int
		for i, v := range sh.out[u] {
			if len(sh.in[v]) == 1 && len(sh.out[v]) == 0 {
				fan, edges = append(fan, v), append(edges, sh.outEdge[u][i])
			}
		}
		for i, m := range wr.spread(fan, width) {
			sh.rank[fan[i]] = sh.rank[u] + m
			wr.minlen[edges[i]] = m
		}
	}
	for v := range sh.in {
		var fan []int
		for _, u := range sh.in[v] {
			if len(sh.in[u]) == 0 && len(sh.out[u]) == 1 {
				fan = append(fan, u)
			}
		}
		for i, m := range wr.spread(fan, width) {
			sh.rank[fan[i]] = sh.rank[v] - m
			wr.minlen[sh.outEdge[fan[i]][0]] = m
		}
	}
}

// spread is the length of the edge of each member of a fan, when the
// fan, side by side, is wider than width (else none). Each edge that
// passes a layer takes room there (Graphviz routes it through a point
// nodeSep from its neighbours), so a fan over m layers is about
// ceil(n/m) × (member + (m-1) × 2 nodeSep) wide: m is the number of
// layers whose fan comes closest to aimAspect.
func (wr *wrapping) spread(fan []int, width float64) []int {
	w, h := 0.0, 0.0
	for _, u := range fan {
		w += wr.sh.w[u] + nodeSep
		h = max(h, wr.sh.h[u])
	}
	if len(fan) < 2 || w <= width {
		return nil
	}
	n := float64(len(fan))
	layers, best := 1, math.Inf(1)
	for m := 2; m <= len(fan); m++ {
		groups := math.Ceil(n / float64(m))
		fw := groups * (w/n + float64(m-1)*2*nodeSep)
		fh := float64(m+1) * (h + rankSep)
		if score := math.Abs(math.Log(fw / fh / aimAspect)); score < best {
			layers, best = m, score
		}
	}
	lengths := make([]int, len(fan))
	for i := range fan {
		lengths[i] = 1 + i%layers
	}
	return lengths
}

// pickRows packs the components, in apply order, into rows no wider
// than some width, and keeps the packing whose picture comes closest to
// aimAspect. Widths are tried from the widest component up to all side
// by side in steps of 8%, so the search stays short for any size.
func pickRows(boxes [][2]float64, ex extras) [][]int {
	lo, hi := ex.legendW, ex.legendW
	for _, b := range boxes {
		lo = max(lo, b[0])
		hi += b[0] + nodeSep
	}
	var best [][]int
	bestScore := math.Inf(1)
	for limit := lo; ; limit *= 1.08 {
		rows, w, h := packRows(boxes, ex, limit)
		if score := math.Abs(math.Log((max(w, ex.captionW) + padW) / (h + padH) / aimAspect)); score < bestScore {
			best, bestScore = rows, score
		}
		if limit >= hi {
			return best
		}
	}
}

// packRows fills rows of at most limit points, left to right, with the
// components in order (one wider than limit gets a row of its own); the
// legend takes room in the first row. It returns the rows and the
// picture's estimated width and height.
func packRows(boxes [][2]float64, ex extras, limit float64) (rows [][]int, width, height float64) {
	var row []int
	rowW, rowH := ex.legendW, ex.legendH
	flush := func() {
		rows = append(rows, row)
		width = max(width, rowW)
		height += rowH
		row, rowW, rowH = nil, 0, 0
	}
	for c, b := range boxes {
		if len(row) > 0 && rowW+nodeSep+b[0] > limit {
			flush()
		}
		if rowW > 0 {
			rowW += nodeSep
		}
		row = append(row, c)
		rowW += b[0]
		rowH = max(rowH, b[1])
	}
	flush()
	return rows, width, height + float64(len(rows)-1)*2*rankSep
}

// wrapName is the name of the invisible node below row i; it has no
// brackets, so it cannot clash with a ref.
func wrapName(i int) string { return fmt.Sprintf("wrap %d", i) }

// write stacks the rows: below each row an invisible point that every
// bottom node of the row (a node with no child, or every node of a
// component with a cycle, whose layers Graphviz decides) points to, and
// that points to every top node of the next row. The edges set the
// layers but, but for one per row (pull), pull no node sideways. A node with no edge
// at all would then float to the emptiest layer of its row (Graphviz
// balances such nodes), so it is put in the layer of the row's first
// top node that has a child.
func (wr *wrapping) write(d *dotWriter) {
	if len(wr.rows) < 2 {
		return
	}
	fmt.Fprintf(d.w, "\t// the picture is wrapped into %d rows; the invisible nodes and edges below only place them\n", len(wr.rows))
	ref := func(u int) string { return quote(d.s.Resources[u].Ref()) }
	for i, row := range wr.rows {
		if i > 0 {
			name := quote(wrapName(i))
			fmt.Fprintf(d.w, "\t%s [shape=point, style=invis, width=0, height=0, class=wrap];\n", name)
			for k, u := range wr.ends(wr.rows[i-1], func(u int) []int { return wr.sh.out[u] }) {
				fmt.Fprintf(d.w, "\t%s -> %s [style=invis, %sclass=wrap];\n", ref(u), name, pull(k))
			}
			for k, v := range wr.ends(row, func(u int) []int { return wr.sh.in[u] }) {
				fmt.Fprintf(d.w, "\t%s -> %s [style=invis, %sclass=wrap];\n", name, ref(v), pull(k))
			}
		}
		if level := wr.level(row); len(level) > 1 {
			refs := make([]string, len(level))
			for k, u := range level {
				refs[k] = ref(u)
			}
			fmt.Fprintf(d.w, "\t{rank=same; %s}\n", strings.Join(refs, "; "))
		}
	}
}

// level is the row's first top node with a child (if any) and every
// node of the row with no edge, to be drawn in one layer.
func (wr *wrapping) level(row []int) []int {
	var level, lone []int
	for _, c := range row {
		nodes := wr.sh.comps[c]
		if len(nodes) == 1 {
			lone = append(lone, nodes[0])
			continue
		}
		if len(level) == 0 && !wr.sh.cyclic[c] {
			level = append(level, wr.top(nodes))
		}
	}
	if len(lone) == 0 {
		return nil
	}
	return append(level, lone...)
}

// top is a node of the component in its highest estimated layer.
func (wr *wrapping) top(nodes []int) int {
	best := nodes[0]
	for _, u := range nodes {
		if wr.sh.rank[u] < wr.sh.rank[best] {
			best = u
		}
	}
	return best
}

// pull is the weight of the k-th edge to or from a row's invisible point:
// the first pulls (weight 1), so that each row starts below the one above
// (with none, Graphviz may shift each row further right, as a staircase);
// the others do not.
func pull(k int) string {
	if k == 0 {
		return ""
	}
	return "weight=0, "
}

// ends are the nodes of the row's components with no neighbour the
// given way (all nodes of a component with a cycle), in order.
func (wr *wrapping) ends(row []int, next func(int) []int) []int {
	var ends []int
	for _, c := range row {
		for _, u := range wr.sh.comps[c] {
			if wr.sh.cyclic[c] || len(next(u)) == 0 {
				ends = append(ends, u)
			}
		}
	}
	return ends
}

// captionWidth is the estimated width of the caption (Helvetica 12).
func captionWidth(caption string) float64 {
	return float64(len([]rune(caption))) * 6.7
}

// legendSize is the estimated size of a legend of these rows (Helvetica
// 10, a 28 pt sample beside each text).
func legendSize(rows []legendRow) (w, h float64) {
	if len(rows) == 0 {
		return 0, 0
	}
	chars := 0
	for _, r := range rows {
		chars = max(chars, len(r.text))
	}
	return 50 + float64(chars)*5.6, 8 + 18*float64(len(rows))
}

// edgeLength is the minlen attribute of a staggered edge, if any.
func (wr *wrapping) edgeLength(k int) []string {
	if wr == nil {
		return nil
	}
	if m, ok := wr.minlen[k]; ok && m > 1 {
		return []string{fmt.Sprintf("minlen=%d", m)}
	}
	return nil
}
