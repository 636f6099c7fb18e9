package render

import (
	"container/heap"
	"fmt"
	"math"
	"slices"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

// Room Graphviz gives a class box around what it holds: its margin (8 pt
// on each side) and its label's line above.
const (
	boxMarginW = 16
	boxMarginH = 16 + 20
)

// classUnit is what one level of the class picture places side by side:
// a node, a box (a class or define holding others), or the node of an
// anchored box drawn inside it (anchor).
type classUnit struct {
	r      *catalog.Resource
	anchor bool
}

// classLevel is the inside of one box of the class picture (or the
// whole picture): its units in apply order (by the first thing of each
// the agent reaches), the edges between them that follow that order,
// their estimated sizes and layers, and, when the level is folded, its
// rows of units.
type classLevel struct {
	units   []classUnit
	index   map[classUnit]int
	out, in [][]int
	w, h    []float64
	isBox   []bool
	stacked bool // see classWrapping.stacked
	rows    [][]int
}

// classWrapping folds a wide class picture as wrapping folds a flat one,
// a box at a time: the units of a box (or of the whole picture) that no
// edge joins are packed into rows, stacked by invisible edges through a
// point inside the box, from the innermost box out, so that a box that
// is too wide becomes a block of rows and its container places that
// block. An edge never crosses rows of a level (its ends are in one
// part), so every edge still points down.
type classWrapping struct {
	ct     *classTree
	levels map[*catalog.Resource]*classLevel // nil key: the whole picture
	chains map[*catalog.Resource][]classUnit // resource → its unit at each level, outermost first
	des    []*drawnEdge
	ex     extras // beside the whole picture's first row
	// stacked estimates a box joined by an edge below its source, as a
	// node would be (layers); Graphviz mostly does not, so this is the
	// smaller estimate, used only to decide whether to fold at all.
	stacked bool
	under   map[*catalog.Resource][]*catalog.Resource // folded level → the nodes drawn in it
}

// planClassWrapping decides how to fold a class picture; nil when it is
// not too wide, so that a picture that is fine stays exactly as it was.
func planClassWrapping(s *graph.Subgraph, ct *classTree, des []*drawnEdge, ex extras) *classWrapping {
	cw := &classWrapping{ct: ct, levels: map[*catalog.Resource]*classLevel{}, chains: map[*catalog.Resource][]classUnit{}, des: des, ex: ex}
	for _, r := range s.Resources {
		if _, placed := ct.parent[r]; placed && ct.shownAs(r) == r {
			cw.register(r)
		}
	}
	for _, de := range cw.des {
		cw.join(de.from, de.to)
	}
	for _, l := range cw.levels {
		l.sort()
	}
	top := cw.levels[nil]
	if top == nil {
		return nil
	}
	cw.stacked = true // deciding, the smaller estimate: what is not too wide then stays exactly as it was
	w, h := cw.size(nil, 0)
	cw.stacked = false
	w, h = max(w, ex.legendW), max(h, ex.legendH)+padH
	if w+padW <= minWrapWidth || max(w, ex.captionW)+padW <= maxAspect*h {
		return nil
	}
	area := 0.0
	for _, l := range cw.levels {
		for u, unit := range l.units {
			if _, isBox := ct.box[unit.r]; unit.anchor || !isBox {
				area += (l.w[u] + nodeSep) * (l.h[u] + rankSep)
			}
		}
	}
	cw.size(nil, math.Sqrt(area*aimAspect))
	if !cw.folded() {
		return nil
	}
	cw.collectUnder(s)
	return cw
}

// register adds drawn node r to the levels it is in: each box around it
// is a unit of the box around that, and r a unit of its own box (and,
// when r is an anchored box, its node a unit inside it).
func (cw *classWrapping) register(r *catalog.Resource) {
	var up []*catalog.Resource
	for p, guard := r, 0; p != nil && guard <= len(cw.ct.parent); p, guard = cw.ct.parent[p], guard+1 {
		up = append(up, p)
	}
	chain := make([]classUnit, 0, len(up)+1)
	var level *catalog.Resource
	for i := len(up) - 1; i >= 0; i-- {
		u := classUnit{r: up[i]}
		cw.level(level).add(u)
		chain = append(chain, u)
		level = up[i]
	}
	if _, isBox := cw.ct.box[r]; isBox && cw.ct.anchored[r] {
		u := classUnit{r: r, anchor: true}
		cw.level(r).add(u)
		chain = append(chain, u)
	}
	cw.chains[r] = chain
}

func (cw *classWrapping) level(r *catalog.Resource) *classLevel {
	l := cw.levels[r]
	if l == nil {
		l = &classLevel{index: map[classUnit]int{}}
		cw.levels[r] = l
	}
	return l
}

func (l *classLevel) add(u classUnit) {
	if _, ok := l.index[u]; !ok {
		l.index[u] = len(l.units)
		l.units = append(l.units, u)
		l.out, l.in = append(l.out, nil), append(l.in, nil)
	}
}

// join records a drawn edge in the level where its ends part: between
// the units that hold them there.
func (cw *classWrapping) join(from, to *catalog.Resource) {
	a, b := cw.chains[from], cw.chains[to]
	var level *catalog.Resource
	for k := 0; k < len(a) && k < len(b); k++ {
		if a[k] == b[k] {
			level = a[k].r
			continue
		}
		l := cw.levels[level]
		u, v := l.index[a[k]], l.index[b[k]]
		l.out[u], l.in[v] = append(l.out[u], v), append(l.in[v], u)
		return
	}
}

// sort puts the level's units in an order their edges follow (Kahn's,
// the first registered unit first among those ready; those on a cycle
// last, as registered): a box starts where the agent starts it, which
// can be long before what it holds waits for others, so the order of
// registration alone would put it above what its resources wait for.
// Edges against the new order (on a cycle) are kept: they join parts,
// and layers and cuts ignore them.
func (l *classLevel) sort() {
	n := len(l.units)
	indeg := make([]int, n)
	for v := range n {
		for _, u := range l.in[v] {
			if u != v {
				indeg[v]++
			}
		}
	}
	ready := &intHeap{}
	for v := range n {
		if indeg[v] == 0 {
			heap.Push(ready, v)
		}
	}
	order := make([]int, 0, n)
	done := make([]bool, n)
	for ready.Len() > 0 {
		u := heap.Pop(ready).(int)
		order, done[u] = append(order, u), true
		for _, v := range l.out[u] {
			if v != u {
				if indeg[v]--; indeg[v] == 0 {
					heap.Push(ready, v)
				}
			}
		}
	}
	for v := range n {
		if !done[v] {
			order = append(order, v)
		}
	}
	at := make([]int, n)
	for i, u := range order {
		at[u] = i
	}
	units, out, in := make([]classUnit, n), make([][]int, n), make([][]int, n)
	for i, u := range order {
		units[i] = l.units[u]
		l.index[units[i]] = i
		for _, v := range l.out[u] {
			out[i] = append(out[i], at[v])
		}
		for _, v := range l.in[u] {
			in[i] = append(in[i], at[v])
		}
	}
	l.units, l.out, l.in = units, out, in
}

// intHeap is a min-heap of ints.
type intHeap []int

func (h intHeap) Len() int           { return len(h) }
func (h intHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h intHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *intHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *intHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// size estimates the level inside box b (nil: the whole picture), its
// boxes first; with a width to aim at (0: none), each level wider than
// it is folded into rows as it goes.
func (cw *classWrapping) size(b *catalog.Resource, aim float64) (w, h float64) {
	l := cw.levels[b]
	if l == nil {
		return 0, 0
	}
	l.w, l.h = make([]float64, len(l.units)), make([]float64, len(l.units))
	l.isBox = make([]bool, len(l.units))
	l.stacked = cw.stacked
	for u, unit := range l.units {
		if _, isBox := cw.ct.box[unit.r]; isBox && !unit.anchor {
			l.isBox[u] = true
			iw, ih := cw.size(unit.r, aim)
			lw, _ := nodeSize(wrapLabel(unit.r.Ref(), labelWidth))
			l.w[u], l.h[u] = max(iw, lw)+boxMarginW, ih+boxMarginH
			continue
		}
		label := wrapLabel(unit.r.Ref(), labelWidth)
		if graph.IsContainer(unit.r) && !unit.anchor {
			label = append(label, "(999 resources)")
		}
		l.w[u], l.h[u] = nodeSize(label)
	}
	all := allNodes(len(l.units))
	box := l.boxOf(all, l.layers())
	if aim == 0 || box[0] <= aim {
		return box[0], box[1]
	}
	ex := extras{}
	if b == nil {
		ex = cw.ex
	}
	return l.fold(ex)
}

// layers are the units' layers: the longest path over the edges that
// follow apply order, into nodes only. A box is in the first layer
// whatever its edges: an edge into it holds only the node it ends at,
// and what else the box holds rises to the top (Graphviz ranks a node
// with no edge first), so boxes joined by edges still stand side by side
// unless rows stack them.
func (l *classLevel) layers() []int {
	return l.layersWithin(nil)
}

// layersWithin are the layers with only the edges inside each row
// (rowOf nil: one row).
func (l *classLevel) layersWithin(rowOf []int) []int {
	rank := make([]int, len(l.units))
	for v := range l.units {
		if l.isBox[v] && !l.stacked {
			continue
		}
		for _, u := range l.in[v] {
			if u < v && (rowOf == nil || rowOf[u] == rowOf[v]) {
				rank[v] = max(rank[v], rank[u]+1)
			}
		}
	}
	return rank
}

// boxOf is the estimated size of these units laid out by their layers:
// the widest layer, and the layers' heights stacked.
func (l *classLevel) boxOf(units, rank []int) [2]float64 {
	widths, heights := map[int]float64{}, map[int]float64{}
	for _, u := range units {
		if widths[rank[u]] > 0 {
			widths[rank[u]] += nodeSep
		}
		widths[rank[u]] += l.w[u]
		heights[rank[u]] = max(heights[rank[u]], l.h[u])
	}
	var w, h float64
	for _, lw := range widths {
		w = max(w, lw)
	}
	for _, lh := range heights {
		h += lh + rankSep
	}
	return [2]float64{w, max(0, h-rankSep)}
}

// fold packs the level's parts (units joined by edges), in apply order,
// into the rows whose block comes closest to aimAspect, as pickRows does
// for a flat picture, and returns the block's estimated size.
func (l *classLevel) fold(ex extras) (w, h float64) {
	rank := l.layers()
	parts := l.parts()
	boxes := make([][2]float64, len(parts))
	for i, p := range parts {
		boxes[i] = l.boxOf(p, rank)
	}
	rows, aspect := pickRows(boxes, ex)
	if aspect > maxAspect {
		return l.foldChunks(ex) // a part is too wide for a row of its own
	}
	if len(rows) < 2 {
		b := l.boxOf(allNodes(len(l.units)), rank)
		return b[0], b[1]
	}
	l.rows = make([][]int, len(rows))
	for i, row := range rows {
		var rowW, rowH float64
		for k, c := range row {
			if k > 0 {
				rowW += nodeSep
			}
			rowW += boxes[c][0]
			rowH = max(rowH, boxes[c][1])
			l.rows[i] = append(l.rows[i], parts[c]...)
		}
		w, h = max(w, rowW), h+rowH
	}
	return w, h + float64(len(rows)-1)*2*rankSep
}

// foldChunks cuts the level's units, in apply order, into rows of
// consecutive units, as pickChunks does for a flat picture: the row
// count whose block comes closest to aimAspect, each cut moved to where
// the fewest edges cross it. An edge that follows apply order stays in
// its row or goes down to a later one.
func (l *classLevel) foldChunks(ex extras) (w, h float64) {
	n := len(l.units)
	sh := &shape{out: l.out}
	var best [][]int
	bestScore := math.Inf(1)
	var bestW, bestH float64
	for k := 1.0; int(k) <= n; k = max(k+1, k*1.15) {
		rows := l.chunks(cutsBetween(sh, n, int(k)))
		cw, ch := l.rowsSize(rows, ex)
		if score := math.Abs(math.Log((max(cw, ex.captionW) + padW) / (ch + padH) / aimAspect)); score < bestScore {
			best, bestScore, bestW, bestH = rows, score, cw, ch
		}
	}
	if len(best) > 1 {
		l.rows = best
	}
	return bestW, bestH
}

// chunks are the units cut before each of cuts.
func (l *classLevel) chunks(cuts []int) [][]int {
	rows := make([][]int, len(cuts)+1)
	i := 0
	for u := range l.units {
		for i < len(cuts) && u >= cuts[i] {
			i++
		}
		rows[i] = append(rows[i], u)
	}
	return rows
}

// rowsSize is the estimated size of rows stacked, each laid out by the
// longest paths over its own edges; the legend in the first row.
func (l *classLevel) rowsSize(rows [][]int, ex extras) (w, h float64) {
	rowOf := make([]int, len(l.units))
	for i, row := range rows {
		for _, u := range row {
			rowOf[u] = i
		}
	}
	rank := l.layersWithin(rowOf)
	// An edge to a later row passes the rows between, around their boxes:
	// counted as differences, so that the cost stays linear in the edges.
	passing := make([]float64, len(rows)+1)
	for u, vs := range l.out {
		for _, v := range vs {
			if rowOf[u] < rowOf[v] { // none when against the order
				passing[rowOf[u]+1] += 2 * nodeSep
				passing[rowOf[v]+1] -= 2 * nodeSep
			}
		}
	}
	for i := 1; i < len(passing); i++ {
		passing[i] += passing[i-1]
	}
	for i, row := range rows {
		b := l.boxOf(row, rank)
		if i == 0 {
			b[0], b[1] = b[0]+ex.legendW, max(b[1], ex.legendH)
		}
		w, h = max(w, b[0]+passing[i]), h+b[1]
	}
	return w, h + float64(len(rows)-1)*2*rankSep
}

// parts are the level's weakly connected sets of units, each in apply
// order, ordered by their first unit.
func (l *classLevel) parts() [][]int {
	sh := &shape{out: l.out}
	sh.components()
	return sh.comps
}

// collectUnder lists, for each folded level, the nodes drawn inside it
// in apply order: linear in the nodes times their nesting, where a walk
// of every node per folded box would not be.
func (cw *classWrapping) collectUnder(s *graph.Subgraph) {
	cw.under = map[*catalog.Resource][]*catalog.Resource{}
	for _, r := range s.Resources {
		chain, ok := cw.chains[r]
		if _, isBox := cw.ct.box[r]; !ok || isBox && !cw.ct.anchored[r] {
			continue // not drawn, or drawn as a box only
		}
		var level *catalog.Resource
		for _, u := range chain {
			if l := cw.levels[level]; l != nil && len(l.rows) > 1 {
				cw.under[level] = append(cw.under[level], r)
			}
			level = u.r
		}
	}
}

// folded reports whether some level is folded into rows.
func (cw *classWrapping) folded() bool {
	for _, l := range cw.levels {
		if len(l.rows) > 1 {
			return true
		}
	}
	return false
}

// writeRows stacks the rows of the level inside box b (nil: the whole
// picture), as wrapping.write does for a flat picture: below each row but
// the last an invisible point inside the box, which every node of the
// row with no edge to another node of the row points to, and which
// points to every node of the next row with no edge from one of its row.
func (cw *classWrapping) writeRows(d *dotWriter, b *catalog.Resource, indent string) {
	if cw == nil || cw.levels[b] == nil || len(cw.levels[b].rows) < 2 {
		return
	}
	l := cw.levels[b]
	depth := len(cw.chains[b]) // the level's units are at this index of a chain: after b's boxes
	if b != nil && cw.ct.anchored[b] {
		depth--
	}
	rowOfUnit := make([]int, len(l.units))
	for i, row := range l.rows {
		for _, u := range row {
			rowOfUnit[u] = i
		}
	}
	unitOf := func(r *catalog.Resource) int {
		c := cw.chains[r]
		if depth >= len(c) || (depth > 0 && c[depth-1].r != b) {
			return -1
		}
		return l.index[c[depth]]
	}
	rowOf := func(r *catalog.Resource) int {
		if u := unitOf(r); u >= 0 {
			return rowOfUnit[u]
		}
		return -1
	}
	rows := make([][]*catalog.Resource, len(l.rows))
	hasOut, hasIn := map[*catalog.Resource]bool{}, map[*catalog.Resource]bool{}
	for _, de := range cw.des {
		if rf := rowOf(de.from); rf >= 0 && rf == rowOf(de.to) && de.from != de.to {
			hasOut[de.from], hasIn[de.to] = true, true
		}
	}
	for _, r := range cw.under[b] {
		if i := rowOf(r); i >= 0 {
			rows[i] = append(rows[i], r)
		}
	}
	for _, row := range rows { // the first node of each row (which pulls) in its first unit: rows start below each other
		slices.SortStableFunc(row, func(x, y *catalog.Resource) int { return unitOf(x) - unitOf(y) })
	}
	name := func(i int) string {
		if b == nil {
			return wrapName(i)
		}
		return fmt.Sprintf("wrap %d.%d", cw.ct.box[b], i)
	}
	fmt.Fprintf(d.w, "%s// %s is wrapped into %d rows; the invisible nodes and edges below only place them\n", indent, levelName(b), len(l.rows))
	for i := 1; i < len(rows); i++ {
		p := quote(name(i))
		fmt.Fprintf(d.w, "%s%s [shape=point, style=invis, width=0, height=0, class=wrap];\n", indent, p)
		k := 0
		for _, r := range rows[i-1] {
			if !hasOut[r] {
				fmt.Fprintf(d.w, "%s%s -> %s [style=invis, %sclass=wrap];\n", indent, quote(r.Ref()), p, pull(k))
				k++
			}
		}
		k = 0
		for _, r := range rows[i] {
			if !hasIn[r] {
				fmt.Fprintf(d.w, "%s%s -> %s [style=invis, %sclass=wrap];\n", indent, p, quote(r.Ref()), pull(k))
				k++
			}
		}
	}
}

func levelName(b *catalog.Resource) string {
	if b == nil {
		return "the picture"
	}
	return b.Ref()
}
