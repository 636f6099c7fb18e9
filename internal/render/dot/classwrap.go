package dot

import (
	"container/heap"
	"math"

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
