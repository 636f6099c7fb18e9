package graph

import (
	"slices"
	"sort"
	"strings"
)

// Sort puts every list of the diff in its documented order. DiffWith
// calls it; so does whoever rewrites the refs of a diff (fleet puts
// placeholders for a node's identity in them), so that two diffs that
// say the same list it in the same order.
func (d *PlanDiff) Sort() {
	sort.SliceStable(d.Resources, func(a, b int) bool {
		x, y := d.Resources[a], d.Resources[b]
		if x.Type != y.Type {
			return x.Type < y.Type
		}
		return x.Ref < y.Ref
	})
	sort.SliceStable(d.Edges, func(a, b int) bool {
		x, y := d.Edges[a], d.Edges[b]
		if x.From != y.From {
			return x.From < y.From
		}
		return x.To < y.To
	})
	sort.SliceStable(d.Moves, func(a, b int) bool { return d.Moves[a].NewStep < d.Moves[b].NewStep })
	sortByStep(d.Skips, func(s Skip) (int, string) { return s.step, s.Ref })
	sortByStep(d.Refreshes, func(r Refresh) (int, string) { return r.step, r.Ref })
	sortCycles(d.NewCycles)
	sortCycles(d.ResolvedCycles)
	sortCycles(d.UnresolvedCycles)
}

// sortCycles starts each closed path at its smallest ref (a rewrite of
// the refs may have changed which one that is), then sorts the paths.
func sortCycles(c [][]string) {
	for i, p := range c {
		if len(p) < 2 || p[0] != p[len(p)-1] {
			continue
		}
		loop := p[:len(p)-1]
		m := 0
		for k, r := range loop {
			if r < loop[m] {
				m = k
			}
		}
		if m > 0 {
			rot := append(slices.Clone(loop[m:]), loop[:m]...)
			c[i] = append(rot, rot[0])
		}
	}
	sort.SliceStable(c, func(i, j int) bool { return strings.Join(c[i], "\x00") < strings.Join(c[j], "\x00") })
}

// sortByStep sorts by step, resources without one (in cycles) last, then
// by ref.
func sortByStep[T any](xs []T, key func(T) (int, string)) {
	sort.SliceStable(xs, func(a, b int) bool {
		sa, ra := key(xs[a])
		sb, rb := key(xs[b])
		if (sa == 0) != (sb == 0) {
			return sb == 0
		}
		if sa != sb {
			return sa < sb
		}
		return ra < rb
	})
}
