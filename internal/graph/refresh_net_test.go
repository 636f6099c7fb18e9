package graph

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// refEntries is the reference answer for target t: the refreshers of t as
// the search before RefreshNet found them, all of them, in the order it
// met them, each with its first hop (-1: direct).
func refEntries(n *RefreshNet, t int32) []refEntry {
	seen := map[int32]bool{t: true}
	via := map[int32]int32{}
	var queue []int32
	for _, u := range n.preds[t] {
		if !seen[u] {
			seen[u], via[u] = true, -1
			queue = append(queue, u)
		}
	}
	var out []refEntry
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		if !n.whit[u] {
			out = append(out, refEntry{u, via[u]})
			if !n.passes[u] {
				continue
			}
		}
		next := via[u]
		if next < 0 {
			next = u
		}
		for _, w := range n.preds[u] {
			if !seen[w] {
				seen[w], via[w] = true, next
				queue = append(queue, w)
			}
		}
	}
	return out
}

// netFrom makes a net of v vertices from bytes: for each vertex its kind
// (whit, passing or not, target or not) and its refresh sources.
func netFrom(data []byte, v int) *RefreshNet {
	n := newNet(v, v)
	r := rand.New(rand.NewSource(int64(len(data))))
	next := func() int {
		if len(data) == 0 {
			return r.Intn(256)
		}
		b := int(data[0])
		data = data[1:]
		return b
	}
	for i := range v {
		kind := next()
		n.res[i], n.vertex[i] = int32(i), int32(i)
		n.whit[i] = kind%5 == 0
		if n.whit[i] {
			n.vertex[i] = -1
		}
		n.passes[i] = n.whit[i] || kind%3 != 0
		for range next() % 4 {
			n.preds[i] = append(n.preds[i], int32(next()%v))
		}
		n.target[i] = !n.whit[i] && len(n.preds[i]) > 0 && kind%7 != 0
	}
	return n
}

// checkNet compares lists (with a budget that runs out, and one that
// does not) and FirstReaching with the reference search.
func checkNet(t *testing.T, n *RefreshNet, emits []bool) {
	t.Helper()
	for _, budget := range []int{0, 1 << 30} {
		for _, k := range []int{1, 3, 1000} {
			l := n.lists(k, budget)
			for i, v := range n.vertex {
				if v < 0 || !n.target[v] {
					if l.start[i] != l.start[i+1] || l.more[i] != 0 {
						t.Fatalf("resource %d has refreshers and is no target", i)
					}
					continue
				}
				all := refEntries(n, v)
				want := slices.Clone(all[:min(k, len(all))])
				slices.SortFunc(want, func(a, b refEntry) int { return int(n.res[a.from] - n.res[b.from]) })
				shown, more := l.entries[l.start[i]:l.start[i+1]], int(l.more[i])
				if !slices.Equal(shown, want) || more != len(all)-len(want) {
					t.Fatalf("vertex %d, k %d, budget %d: shown %v and %d more, want %v and %d more", v, k, budget, shown, more, want, len(all)-len(want))
				}
			}
		}
	}
	got := n.FirstReaching(emits)
	for i, v := range n.vertex {
		want := Reached{From: -1, Via: -1}
		if v >= 0 && n.target[v] && !emits[i] {
			all := refEntries(n, v)
			slices.SortFunc(all, func(a, b refEntry) int { return int(n.res[a.from] - n.res[b.from]) })
			for _, e := range all {
				if emits[n.res[e.from]] {
					want.From = n.res[e.from]
					if e.via >= 0 {
						want.Via = n.res[e.via]
					}
					break
				}
			}
		}
		if got[i] != want {
			t.Fatalf("resource %d: first reached by %+v, want %+v (emits %v)", i, got[i], want, emits)
		}
	}
}

// TestRefreshNetAgainstReference: on random nets (whits, resources that
// pass events on or not, cycles, repeated sources), the lists a plan
// keeps and the refreshes a diff finds are those of the search every
// resource's refreshers were found with before: the nearest k, the exact
// count of the others (counted by search, or bit-parallel once the
// budget is spent), and the first emitting refresher with its first hop.
func TestRefreshNetAgainstReference(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(27))
	for i := range 300 {
		v := 1 + r.Intn(90)
		data := make([]byte, 5*v)
		r.Read(data)
		n := netFrom(data, v)
		emits := make([]bool, v)
		for j := range emits {
			emits[j] = r.Intn(4) == 0
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkNet(t, n, emits) })
	}
}

func FuzzRefreshNet(f *testing.F) {
	f.Add([]byte{1, 3, 0, 1, 2, 7, 2, 1, 1, 9, 1, 0}, uint8(4), uint64(5))
	f.Add([]byte{0, 2, 1, 2, 5, 2, 0, 3, 4, 3, 1, 0, 2, 2, 3}, uint8(5), uint64(0b10001))
	f.Fuzz(func(t *testing.T, data []byte, size uint8, emitBits uint64) {
		v := 1 + int(size)%64
		n := netFrom(data, v)
		emits := make([]bool, v)
		for j := range emits {
			emits[j] = emitBits>>j&1 == 1
		}
		checkNet(t, n, emits)
	})
}
