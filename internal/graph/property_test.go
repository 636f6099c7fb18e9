package graph

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/catalog"
)

// randomCatalog is n resources with titles in a shuffled order (so that
// ref order differs from declaration order) and random require/before
// relations, self-references included.
func randomCatalog(rng *rand.Rand, n, relations int) *catalog.Catalog {
	td := &catalog.TypeDef{Name: "node_res"}
	c := &catalog.Catalog{Types: []*catalog.TypeDef{td}}
	for i, p := range rng.Perm(n) {
		c.Resources = append(c.Resources, &catalog.Resource{Type: td, Title: string(rune('a' + p)), Index: i})
	}
	for range relations {
		r, target := c.Resources[rng.IntN(n)], c.Resources[rng.IntN(n)]
		kind := []catalog.RelationKind{catalog.Require, catalog.Before, catalog.Notify, catalog.Subscribe}[rng.IntN(4)]
		r.Relations = append(r.Relations, catalog.Relation{Kind: kind, Target: target})
	}
	return c
}

// naiveAdjacency is the reachability-free adjacency matrix of c's
// relations, straight from their meaning: require and subscribe point
// from the target to the declaring resource, every other kind the
// other way.
func naiveAdjacency(c *catalog.Catalog) [][]bool {
	n := len(c.Resources)
	adj := make([][]bool, n)
	for i := range adj {
		adj[i] = make([]bool, n)
	}
	for i, r := range c.Resources {
		for _, rel := range r.Relations {
			if rel.Kind == catalog.Require || rel.Kind == catalog.Subscribe {
				adj[rel.Target.Index][i] = true
			} else {
				adj[i][rel.Target.Index] = true
			}
		}
	}
	return adj
}

// naiveOrder repeatedly takes the first-declared resource whose
// predecessors are all done (O(n³), obviously Puppet's rule).
func naiveOrder(adj [][]bool) []int {
	n := len(adj)
	done := make([]bool, n)
	var out []int
	for {
		next := -1
		for v := 0; v < n && next < 0; v++ {
			ready := !done[v]
			for u := 0; u < n && ready; u++ {
				ready = !adj[u][v] || done[u]
			}
			if ready {
				next = v
			}
		}
		if next < 0 {
			return out
		}
		done[next] = true
		out = append(out, next)
	}
}

// distances is Floyd–Warshall over adj (unreachable: n+1).
func distances(adj [][]bool) [][]int {
	n := len(adj)
	d := make([][]int, n)
	for i := range d {
		d[i] = make([]int, n)
		for j := range d[i] {
			switch {
			case i == j:
				d[i][j] = 0
			case adj[i][j]:
				d[i][j] = 1
			default:
				d[i][j] = n + 1
			}
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				d[i][j] = min(d[i][j], d[i][k]+d[k][j])
			}
		}
	}
	return d
}

// TestOrderAndCyclesAgainstNaive checks Order and the cycle report on
// random small catalogs against brute force: the order is the naive one,
// the ordered resources are exactly those the naive order reaches, each
// cycle is a real simple cycle of the graph through the smallest ref of
// its component, as short as any cycle through it, and the components
// are the strongly connected ones.
func TestOrderAndCyclesAgainstNaive(t *testing.T) {
	t.Parallel()
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 99))
		n := 1 + rng.IntN(9)
		c := randomCatalog(rng, n, rng.IntN(2*n+1))
		adj := naiveAdjacency(c)
		p, _ := Order(Build(c), Ordering{})
		var got []int
		for _, r := range p.Order() {
			got = append(got, r.Index)
		}
		if diff := cmp.Diff(naiveOrder(adj), got); diff != "" {
			t.Fatalf("seed %d: order (-naive +catc):\n%s", seed, diff)
		}
		checkNaiveCycles(t, seed, adj, p.Cycles)
	}
}

func checkNaiveCycles(t *testing.T, seed uint64, adj [][]bool, cs Cycles) {
	t.Helper()
	d := distances(adj)
	n := len(adj)
	inCycle := 0
	for v := range n {
		if adj[v][v] || cyclicPair(d, v) {
			inCycle++
		}
	}
	members := 0
	for _, c := range cs {
		members += len(c.Members)
		start := c.Path[0]
		for _, m := range c.Members {
			if m.Ref() < start.Ref() {
				t.Fatalf("seed %d: cycle starts at %s, not its smallest member %s", seed, start.Ref(), m.Ref())
			}
			if d[start.Index][m.Index] > n || d[m.Index][start.Index] > n {
				t.Fatalf("seed %d: %s and %s are not strongly connected", seed, start.Ref(), m.Ref())
			}
		}
		seen := map[int]bool{}
		for i := 0; i+1 < len(c.Path); i++ {
			u, v := c.Path[i].Index, c.Path[i+1].Index
			if !adj[u][v] || c.Edges[i].F.Resource.Index != u || c.Edges[i].T.Resource.Index != v || seen[u] {
				t.Fatalf("seed %d: %s is not a simple cycle of the graph", seed, c)
			}
			seen[u] = true
		}
		if want := shortestCycleLen(adj, d, start.Index); len(c.Edges) != want {
			t.Fatalf("seed %d: %s has %d edges, the shortest through its start has %d", seed, c, len(c.Edges), want)
		}
	}
	if members != inCycle {
		t.Fatalf("seed %d: components hold %d resources, %d are on a cycle", seed, members, inCycle)
	}
}

func cyclicPair(d [][]int, v int) bool {
	for u := range d {
		if u != v && d[v][u] < len(d)+1 && d[u][v] < len(d)+1 {
			return true
		}
	}
	return false
}

func shortestCycleLen(adj [][]bool, d [][]int, s int) int {
	best := len(adj) + 1
	for u := range adj {
		if adj[u][s] {
			best = min(best, d[s][u]+1)
		}
	}
	return best
}

// TestRefreshAgainstNaive checks RefreshedBy on random small catalogs:
// exactly the other resources with a path of refresh edges to the
// resource, each through a direct refresher it reaches.
func TestRefreshAgainstNaive(t *testing.T) {
	t.Parallel()
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 1 + rng.IntN(9)
		c := randomCatalog(rng, n, rng.IntN(2*n+1))
		refresh := make([][]bool, n)
		for i := range refresh {
			refresh[i] = make([]bool, n)
		}
		for i, r := range c.Resources {
			for _, rel := range r.Relations {
				switch rel.Kind {
				case catalog.Subscribe:
					refresh[rel.Target.Index][i] = true
				case catalog.Notify:
					refresh[i][rel.Target.Index] = true
				}
			}
		}
		d := distances(refresh)
		p, _ := Order(Build(c), Ordering{})
		for v, r := range c.Resources {
			var want, got []int
			for u := range n {
				if u != v && d[u][v] <= n {
					want = append(want, u)
				}
			}
			for _, rf := range p.RefreshedBy(r) {
				got = append(got, rf.Resource.Index)
				direct := rf.Resource
				if rf.Via != nil {
					direct = rf.Via
					if d[rf.Resource.Index][direct.Index] > n {
						t.Fatalf("seed %d: %s does not reach %s", seed, rf.Resource.Ref(), direct.Ref())
					}
				}
				if !refresh[direct.Index][v] || rf.Edge == nil || rf.Edge.F.Resource != direct || !rf.Edge.Refresh() {
					t.Fatalf("seed %d: %s is not a direct refresher of %s", seed, direct.Ref(), r.Ref())
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("seed %d: refreshed_by(%s) (-naive +catc):\n%s", seed, r.Ref(), diff)
			}
		}
	}
}
