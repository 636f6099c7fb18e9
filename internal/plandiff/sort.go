package plandiff

import (
	"cmp"
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
		return compareRefs(x.Ref, y.Ref) < 0
	})
	sort.SliceStable(d.Edges, func(a, b int) bool {
		x, y := d.Edges[a], d.Edges[b]
		if c := compareRefs(x.From, y.From); c != 0 {
			return c < 0
		}
		return compareRefs(x.To, y.To) < 0
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
		return compareRefs(ra, rb) < 0
	})
}

// compareRefs orders references for display, as a reader expects: by
// type, then by title naturally (naturalCompare), so Firewall[100 allow
// ssh] comes before Firewall[100 allow ssh v6] and Exec[step 9] before
// Exec[step 10]. It is only for listings: Puppet's apply order and the
// cycle paths Puppet prints (from the smallest member by byte order) do
// not use it.
func compareRefs(a, b string) int {
	ta, titleA, okA := strings.Cut(a, "[")
	tb, titleB, okB := strings.Cut(b, "[")
	if !okA || !okB {
		return naturalCompare(a, b)
	}
	if c := strings.Compare(ta, tb); c != 0 {
		return c
	}
	return naturalCompare(strings.TrimSuffix(titleA, "]"), strings.TrimSuffix(titleB, "]"))
}

// naturalCompare compares strings as a reader sorts names: runs of ASCII
// digits by their value (leading zeros aside; fewer of them first when
// the values are equal), everything else byte by byte, and a string that
// is a prefix of the other first.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		if isDigit(a[0]) && isDigit(b[0]) {
			da, db := digitRun(a), digitRun(b)
			na, nb := strings.TrimLeft(da, "0"), strings.TrimLeft(db, "0")
			if len(na) != len(nb) {
				return cmp.Compare(len(na), len(nb))
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			if len(da) != len(db) {
				return cmp.Compare(len(da), len(db))
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digitRun is the run of ASCII digits s starts with.
func digitRun(s string) string {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i]
}
