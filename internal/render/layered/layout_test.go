package layered

import (
	"testing"
)

// TestLayoutRanksByLongestChain: a node sits below everything it depends
// on, one layer below the lowest; an edge against the order (a cycle)
// does not move its target.
func TestLayoutRanksByLongestChain(t *testing.T) {
	// 0 -> 1 -> 2, 0 -> 2, 3 alone, 2 -> 0 against the order.
	p := Layout(Graph{Widths: []int{50, 50, 50, 50}, Edges: [][2]int{{0, 1}, {1, 2}, {0, 2}, {2, 0}}})
	row := func(v int) int { return p.Y[v] / (NodeHeight + gapY) }
	want := []int{0, 1, 2, 0}
	for v, w := range want {
		if got := row(v); got != w {
			t.Errorf("node %d is in row %d, want %d", v, got, w)
		}
	}
	if p.Height != 3*NodeHeight+2*gapY {
		t.Errorf("height %d, want %d", p.Height, 3*NodeHeight+2*gapY)
	}
}

// TestLayoutWrapsWideLayers: 10,000 independent nodes make a picture
// about as tall as wide, not one row, and no two nodes overlap.
func TestLayoutWrapsWideLayers(t *testing.T) {
	n := 10000
	ws := make([]int, n)
	for i := range ws {
		ws[i] = 100
	}
	p := Layout(Graph{Widths: ws})
	if ratio := float64(p.Width) / float64(p.Height); ratio < 0.5 || ratio > 4 {
		t.Errorf("picture %d × %d (aspect %.2f), want between 0.5 and 4", p.Width, p.Height, ratio)
	}
	seen := map[[2]int]bool{}
	for v := range n {
		at := [2]int{p.X[v], p.Y[v]}
		if seen[at] {
			t.Fatalf("two nodes at %v", at)
		}
		seen[at] = true
		if p.X[v]+ws[v] > p.Width {
			t.Fatalf("node %d ends at %d, past the width %d", v, p.X[v]+ws[v], p.Width)
		}
	}
}

// TestLayoutOrdersRowsUnderTheirPredecessors: a child is placed under
// its parent, not in apply order, when the parents are far apart.
func TestLayoutOrdersRowsUnderTheirPredecessors(t *testing.T) {
	// parents 0, 1; children 2 (of 1) and 3 (of 0).
	p := Layout(Graph{Widths: []int{80, 80, 80, 80}, Edges: [][2]int{{1, 2}, {0, 3}}})
	if !(p.X[3] < p.X[2]) {
		t.Errorf("child of the left parent at x=%d, child of the right at x=%d: want left first", p.X[3], p.X[2])
	}
}
