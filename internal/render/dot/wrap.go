package dot

import (
	"fmt"
	"math"
	"slices"
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
// stacked by invisible edges, instead of all side by side; when a part
// is too wide for a row of its own, the apply order is cut into rows
// instead (pickChunks). All of it only pushes nodes further down along
// their edges, so every edge still points down: a resource is drawn
// below everything it depends on.
type wrapping struct {
	sh     *shape
	minlen map[int]int // index in Subgraph.Edges → staggered length
	rows   [][]int     // the nodes of each row, from the top
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
	ranks := slices.Clone(sh.rank) // stagger moves them; cutting the apply order wants them as measured
	wr.stagger(math.Sqrt(area * aimAspect))
	rows, aspect := pickRows(wr.boxes(), ex)
	wr.rows = make([][]int, len(rows))
	for i, row := range rows {
		for _, c := range row {
			wr.rows[i] = append(wr.rows[i], sh.comps[c]...)
		}
	}
	if aspect > maxAspect {
		// A part is too wide for any row: cut the apply order instead.
		sh.rank = ranks
		wr = &wrapping{sh: sh, minlen: map[int]int{}, rows: pickChunks(sh, ex)}
	}
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
// aimAspect, with that picture's aspect. Widths are tried from the
// widest component up to all side by side in steps of 8%, so the search
// stays short for any size.
func pickRows(boxes [][2]float64, ex extras) ([][]int, float64) {
	lo, hi := ex.legendW, ex.legendW
	for _, b := range boxes {
		lo = max(lo, b[0])
		hi += b[0] + nodeSep
	}
	var best [][]int
	bestScore, bestAspect := math.Inf(1), 0.0
	for limit := lo; ; limit *= 1.08 {
		rows, w, h := packRows(boxes, ex, limit)
		aspect := (max(w, ex.captionW) + padW) / (h + padH)
		if score := math.Abs(math.Log(aspect / aimAspect)); score < bestScore {
			best, bestScore, bestAspect = rows, score, aspect
		}
		if limit >= hi {
			return best, bestAspect
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
// bottom node of the row (one with no child in the row, in its lowest
// layer: the others are held above it by their parents) points to, and
// that points to every top node of the next row (one with no parent in
// it). Over the edges that follow apply order: an edge of a cycle
// against it counts as none, as Graphviz reverses one edge of each
// cycle. The edges set the layers but, but for one per row (pull), pull
// no node sideways. A node with no edge at all would then float to the
// emptiest layer of its row (Graphviz balances such nodes), so it is put
// in the layer of the row's highest node that has an edge.
func (wr *wrapping) write(d *dotWriter) {
	if len(wr.rows) < 2 {
		return
	}
	fmt.Fprintf(d.w, "\t// the picture is wrapped into %d rows; the invisible nodes and edges below only place them\n", len(wr.rows))
	ref := func(u int) string { return nodeID(d.s.Resources[u].Ref()) }
	rowOf := make([]int, len(wr.sh.w))
	for i, row := range wr.rows {
		for _, u := range row {
			rowOf[u] = i
		}
	}
	depth := wr.depths(rowOf)
	for i, row := range wr.rows {
		if i > 0 {
			name := quote(wrapName(i))
			fmt.Fprintf(d.w, "\t%s [shape=point, style=invis, width=0, height=0, class=wrap];\n", name)
			for k, u := range wr.deepest(ends(wr.rows[i-1], wr.sh.out, rowOf, 1), depth) {
				fmt.Fprintf(d.w, "\t%s -> %s [style=invis, %sclass=wrap];\n", ref(u), name, pull(k))
			}
			for k, v := range ends(row, wr.sh.in, rowOf, -1) {
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

// depths are the layers of the nodes within their rows: the longest
// path from the row's top over the edges inside the row that follow
// apply order, a staggered edge counting its length.
func (wr *wrapping) depths(rowOf []int) []int {
	depth := make([]int, len(wr.sh.w))
	for u, vs := range wr.sh.out {
		for i, v := range vs {
			if v > u && rowOf[v] == rowOf[u] {
				depth[v] = max(depth[v], depth[u]+max(1, wr.minlen[wr.sh.outEdge[u][i]]))
			}
		}
	}
	return depth
}

// deepest are the nodes of the lowest layer among nodes.
func (wr *wrapping) deepest(nodes []int, depth []int) []int {
	low := 0
	for _, u := range nodes {
		low = max(low, depth[u])
	}
	var out []int
	for _, u := range nodes {
		if depth[u] == low {
			out = append(out, u)
		}
	}
	return out
}

// ends are the nodes of row with no neighbour in the row that way: next
// are the neighbours, dir +1 for children (later in apply order), -1
// for parents.
func ends(row []int, next [][]int, rowOf []int, dir int) []int {
	var out []int
	for _, u := range row {
		end := true
		for _, v := range next[u] {
			if rowOf[v] == rowOf[u] && (v-u)*dir > 0 {
				end = false
				break
			}
		}
		if end {
			out = append(out, u)
		}
	}
	return out
}

// level is the row's highest node with an edge (if any) and every node
// of the row with none, to be drawn in one layer.
func (wr *wrapping) level(row []int) []int {
	var lone []int
	top := -1
	for _, u := range row {
		switch {
		case len(wr.sh.in[u]) == 0 && len(wr.sh.out[u]) == 0:
			lone = append(lone, u)
		case top < 0 || wr.sh.rank[u] < wr.sh.rank[top]:
			top = u
		}
	}
	if len(lone) == 0 {
		return nil
	}
	if top < 0 {
		return lone
	}
	return append([]int{top}, lone...)
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
