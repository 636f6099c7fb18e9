package graph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// TestDigraphAgainstGonum: on random graphs with self-loops and parallel
// edges, Digraph.Cycles finds the components gonum's Tarjan finds among
// what Order could not order (the ones with a cycle), each path a cycle
// of its component from its first member, every ordered node ready only
// after its predecessors.
func TestDigraphAgainstGonum(t *testing.T) {
	t.Parallel()
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 1 + rng.IntN(30)
		succ := make([][]int32, n)
		for range rng.IntN(3 * n) {
			u, v := rng.IntN(n), rng.IntN(n)
			succ[u] = append(succ[u], int32(v))
		}
		d := Digraph{N: n, Succ: func(v int32, visit func(int32) bool) {
			for _, w := range succ[v] {
				if visit(w) {
					return
				}
			}
		}}
		ordered := d.Order(nil)
		got := d.Cycles(ordered, func(v int32) string { return fmt.Sprintf("r%02d", v) })
		want := gonumCycles(succ, ordered)
		var members [][]int32
		for _, c := range got {
			members = append(members, c.Members)
			checkCyclePath(t, seed, succ, c)
		}
		if fmt.Sprint(members) != fmt.Sprint(want) {
			t.Errorf("seed %d: components %v, gonum's %v", seed, members, want)
		}
	}
}

// gonumCycles are gonum's strongly connected components among the nodes
// not in ordered that hold a cycle, sorted.
func gonumCycles(succ [][]int32, ordered []int32) [][]int32 {
	g := simple.NewDirectedGraph()
	for v := range succ {
		if !slices.Contains(ordered, int32(v)) {
			g.AddNode(simple.Node(v))
		}
	}
	self := map[int32]bool{}
	for u, ws := range succ {
		for _, w := range ws {
			if g.Node(int64(u)) == nil || g.Node(int64(w)) == nil {
				continue
			}
			if int32(u) == w {
				self[w] = true
			} else {
				g.SetEdge(simple.Edge{F: simple.Node(u), T: simple.Node(w)})
			}
		}
	}
	var out [][]int32
	for _, c := range topo.TarjanSCC(g) {
		var m []int32
		for _, nd := range c {
			m = append(m, int32(nd.ID()))
		}
		if len(m) == 1 && !self[m[0]] {
			continue
		}
		slices.Sort(m)
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b []int32) int { return int(a[0] - b[0]) })
	return out
}

func checkCyclePath(t *testing.T, seed uint64, succ [][]int32, c IndexCycle) {
	t.Helper()
	p := c.Path
	if len(p) < 2 || p[0] != c.Members[0] || p[len(p)-1] != p[0] {
		t.Errorf("seed %d: path %v is not a cycle from %d", seed, p, c.Members[0])
		return
	}
	for i := 1; i < len(p); i++ {
		if !slices.Contains(succ[p[i-1]], p[i]) || !slices.Contains(c.Members, p[i]) {
			t.Errorf("seed %d: path %v leaves the edges or the component at %d", seed, p, p[i])
		}
	}
}
