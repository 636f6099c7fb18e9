package dot

import (
	"math"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

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
			lw, _ := nodeSize(refLines(unit.r.Ref()))
			l.w[u], l.h[u] = max(iw, lw)+boxMarginW, ih+boxMarginH
			continue
		}
		label := refLines(unit.r.Ref())
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

// boxOf is the estimated size of these units laid out by their layers
// (shape.boxOf, with the level's sizes).
func (l *classLevel) boxOf(units, rank []int) [2]float64 {
	return (&shape{w: l.w, h: l.h, rank: rank}).boxOf(units)
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
