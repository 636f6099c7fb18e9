package dot

import (
	"fmt"
	"slices"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

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
	depth := 0 // the level's units are at this index of a chain: after b and the boxes around it
	for p, guard := b, 0; p != nil && guard <= len(cw.ct.parent); p, guard = cw.ct.parent[p], guard+1 {
		depth++ // from the tree, not b's chain: a box drawn around what is selected may not be selected itself
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
				fmt.Fprintf(d.w, "%s%s -> %s [style=invis, %sclass=wrap];\n", indent, nodeID(r.Ref()), p, pull(k))
				k++
			}
		}
		k = 0
		for _, r := range rows[i] {
			if !hasIn[r] {
				fmt.Fprintf(d.w, "%s%s -> %s [style=invis, %sclass=wrap];\n", indent, p, nodeID(r.Ref()), pull(k))
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
