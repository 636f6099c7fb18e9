package dot

import "math"

// joinedSpread is how much wider than its nodes side by side Graphviz
// draws a layer of a part with many edges (its crossing reduction
// spreads them): measured at about 2 on `go run ./internal/gen/cmd
// -core` catalogs with the built-in types' auto edges, where the rows
// came out twice as wide as estimated without it.
const joinedSpread = 2

// pickChunks cuts the nodes, in apply order, into rows of consecutive
// nodes, for a picture whose parts are joined (one part too wide for a
// row of its own). Apply order follows every edge but those of a
// cycle, so an edge stays within its row or goes down to a later one.
// Row counts are tried in steps of 15% and the one whose picture comes
// closest to aimAspect is kept.
func pickChunks(sh *shape, ex extras) [][]int {
	n := len(sh.w)
	best, bestScore := 1, math.Inf(1)
	for k := 1.0; int(k) <= n; k = max(k+1, k*1.15) {
		w, h := chunkSize(sh, int(k), ex)
		if score := math.Abs(math.Log((max(w, ex.captionW) + padW) / (h + padH) / aimAspect)); score < bestScore {
			best, bestScore = int(k), score
		}
	}
	cuts := cutsBetween(sh, n, best)
	rows := make([][]int, best)
	i := 0
	for u := range n {
		for i+1 < best && u >= cuts[i] {
			i++
		}
		rows[i] = append(rows[i], u)
	}
	return rows
}

// cutsBetween are the positions where k rows of n nodes start (but the
// first): each near its even share, moved by up to a quarter of a row to
// where the fewest edges cross it, so that a group of resources joined
// by their edges tends to stay in one row.
func cutsBetween(sh *shape, n, k int) []int {
	crossing := make([]int, n+1) // crossing[b]: edges u → v with u < b <= v
	for u, vs := range sh.out {
		for _, v := range vs {
			if u < v {
				crossing[u+1]++
				crossing[v+1]--
			}
		}
	}
	for b := 1; b <= n; b++ {
		crossing[b] += crossing[b-1]
	}
	cuts := make([]int, k-1)
	slack := n / (4 * k)
	for i := range cuts {
		even := (i + 1) * n / k
		best := even
		for b := max(1, even-slack); b <= min(n-1, even+slack); b++ {
			if crossing[b] < crossing[best] || crossing[b] == crossing[best] && abs(b-even) < abs(best-even) {
				best = b
			}
		}
		cuts[i] = best
	}
	return cuts
}

func abs(x int) int { return max(x, -x) }

// chunkOf is the row of node u when n nodes are cut into k rows.
func chunkOf(u, n, k int) int { return u * k / n }

// chunkSize is the estimated size of the picture of k rows: each row
// laid out by its own longest paths (edges from an earlier row only
// set where the row starts), the rows stacked with a gap between them.
// An edge over several layers takes room in each (Graphviz routes it
// through a point there, kept apart from its neighbours).
func chunkSize(sh *shape, k int, ex extras) (width, height float64) {
	n := len(sh.w)
	rank := make([]int, n)
	var widths, heights, passing []float64 // passing: edges' room, as differences
	grow := func(r int) {
		for len(widths) <= r {
			widths, heights, passing = append(widths, 0), append(heights, 0), append(passing, 0)
		}
	}
	flush := func() {
		room := 0.0
		for r := range widths {
			room += passing[r]
			width = max(width, (widths[r]+room)*joinedSpread)
			height += heights[r] + rankSep
		}
		height += rankSep // the invisible point's layer
		widths, heights, passing = widths[:0], heights[:0], passing[:0]
	}
	grow(0)
	widths[0], heights[0] = ex.legendW, ex.legendH
	for v := range n {
		c := chunkOf(v, n, k)
		if v > 0 && c != chunkOf(v-1, n, k) {
			flush()
		}
		for _, u := range sh.in[v] {
			if u < v && chunkOf(u, n, k) == c {
				rank[v] = max(rank[v], rank[u]+1)
			}
		}
		grow(rank[v])
		if widths[rank[v]] > 0 {
			widths[rank[v]] += nodeSep
		}
		widths[rank[v]] += sh.w[v]
		heights[rank[v]] = max(heights[rank[v]], sh.h[v])
		for _, u := range sh.in[v] { // an edge takes room in each layer it passes
			if u > v {
				continue
			}
			from := 0 // an edge from an earlier row comes in at the top
			if chunkOf(u, n, k) == c {
				from = rank[u] + 1
			}
			if from < rank[v] {
				passing[from] += 2 * nodeSep
				passing[rank[v]] -= 2 * nodeSep
			}
		}
	}
	flush()
	return width, height - 2*rankSep
}
