package graph

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// execChain is n execs each subscribing to the one before (or, with
// notify, each notifying the one after): every exec is refreshed by all
// those before it.
func execChain(n int, notify bool) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "resource \"exec\" \"e%d\" {\n  command = \"/bin/true\"\n", i)
		switch {
		case notify && i+1 < n:
			fmt.Fprintf(&b, "  notify = [exec.e%d]\n", i+1)
		case !notify && i > 0:
			fmt.Fprintf(&b, "  subscribe = [exec.e%d]\n", i-1)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// execLayers is layers of width execs, each subscribing to every exec of
// the layer before: fan-in and diamonds, every exec refreshed by all the
// layers before it.
func execLayers(layers, width int) string {
	var b strings.Builder
	for l := range layers {
		for w := range width {
			fmt.Fprintf(&b, "resource \"exec\" \"l%d_%d\" {\n  command = \"/bin/true\"\n", l, w)
			if l > 0 {
				var refs []string
				for p := range width {
					refs = append(refs, fmt.Sprintf("exec.l%d_%d", l-1, p))
				}
				fmt.Fprintf(&b, "  subscribe = [%s]\n", strings.Join(refs, ", "))
			}
			b.WriteString("}\n")
		}
	}
	return b.String()
}

// TestRefreshChainsLinear: 8,000 execs each subscribing to the one before
// (26 s and 1.3 GB on main: every exec listed every exec before it) plan
// in memory linear in the catalog: each step keeps its RefreshersShown
// nearest refreshers (by declaration index, the first hop named) and the
// exact count of the others. Variants: a notify chain, and layers of
// execs each subscribing to the whole layer before (fan-in, diamonds).
func TestRefreshChainsLinear(t *testing.T) {
	n := 8_000
	if testing.Short() {
		n = 1_500
	}
	layers, width := n/10, 10
	tests := []struct {
		name string
		src  string
		// refreshers is how many reach the i-th resource; nearest its
		// nearest k, as titles.
		refreshers func(i int) int
		nearest    func(i, k int) []string
	}{
		{"subscribe chain", execChain(n, false), func(i int) int { return i }, chainNearest},
		{"notify chain", execChain(n, true), func(i int) int { return i }, chainNearest},
		{"layers", execLayers(layers, width), func(i int) int { return i / width * width }, func(i, k int) []string {
			// the layer before, then the one before it, …: the first k
			// of those by BFS order, which meets them by layer
			var out []string
			for l := i/width - 1; l >= 0 && len(out) < k; l-- {
				for w := 0; w < width && len(out) < k; w++ {
					out = append(out, fmt.Sprintf("l%d_%d", l, w))
				}
			}
			return out
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := loadCatalog(t, tt.src)
			g := Build(c)
			var p *Plan
			used := testutil.Allocated(func() { p, _ = Order(g, Ordering{}) })
			if limit := uint64(len(c.Resources)) * 6 << 10; used > limit {
				t.Errorf("planning allocated %d bytes, more than %d (6 KB a resource)", used, limit)
			}
			for i, r := range c.Resources {
				want := tt.refreshers(i)
				rs := p.RefreshedBy(r)
				if len(rs) != min(want, RefreshersShown) || p.MoreRefreshers(r) != want-len(rs) {
					t.Fatalf("%s: %d refreshers and %d more, want %d in all", r.Ref(), len(rs), p.MoreRefreshers(r), want)
				}
				got := map[string]bool{}
				for _, rf := range rs {
					got[rf.Resource.Title] = true
					if rf.Edge == nil || rf.Edge.T.Resource != r {
						t.Fatalf("%s: refresher %s without its edge into it", r.Ref(), rf.Resource.Ref())
					}
				}
				for _, title := range tt.nearest(i, RefreshersShown) {
					if !got[title] {
						t.Fatalf("%s: %s is not among its refreshers %v", r.Ref(), title, refresherRefs(rs))
					}
				}
				if i%997 == 0 && i > 0 {
					if all := p.AllRefreshers(r); len(all) != want {
						t.Fatalf("%s: AllRefreshers lists %d, want %d", r.Ref(), len(all), want)
					}
				}
			}
		})
	}
}

// chainNearest are the k execs before the i-th of a chain.
func chainNearest(i, k int) []string {
	var out []string
	for j := i - 1; j >= 0 && len(out) < k; j-- {
		out = append(out, fmt.Sprintf("e%d", j))
	}
	return out
}

func refresherRefs(rs []Refresher) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Resource.Ref()
		if r.Via != nil {
			out[i] += " via " + r.Via.Ref()
		}
	}
	return out
}

// In a chain, a refresher beyond the first hop is handed on by the one
// just before: "e0 via e2" for e3.
func TestRefreshChainVia(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, execChain(4, false))
	p, _ := Order(Build(c), Ordering{})
	got := strings.Join(refresherRefs(p.RefreshedBy(c.Resources[3])), ", ")
	if want := "Exec[e0] via Exec[e2], Exec[e1] via Exec[e2], Exec[e2]"; got != want {
		t.Errorf("refreshed by %s, want %s", got, want)
	}
}
