package plandiff

import (
	"sort"
	"strings"

	"github.com/catc-dev/catc/internal/graph"
)

// edgeChanges compares the edges pair by pair, with both ends matched by
// uniqueness key (so a rename changes no edge). An edge to or from an
// added or removed resource is added or removed with it.
func (m *matching) edgeChanges() []EdgeChange {
	type pair struct{ from, to int32 } // new indexes, or -1-old index when unmatched
	kinds := map[pair]*EdgeChange{}
	var out []*EdgeChange
	at := func(p pair, from, to string) *EdgeChange {
		c := kinds[p]
		if c == nil {
			c = &EdgeChange{From: from, To: to}
			kinds[p] = c
			out = append(out, c)
		}
		return c
	}
	side := func(i int32) int32 {
		if j := m.toNew[i]; j >= 0 {
			return j
		}
		return -1 - i
	}
	for _, e := range m.old.Edges {
		c := at(pair{side(e.From), side(e.To)}, m.old.Resources[e.From].Ref, m.old.Resources[e.To].Ref)
		c.Old |= e.Kinds
	}
	for _, e := range m.new.Edges {
		c := at(pair{e.From, e.To}, m.new.Resources[e.From].Ref, m.new.Resources[e.To].Ref)
		c.From, c.To = m.new.Resources[e.From].Ref, m.new.Resources[e.To].Ref
		c.New |= e.Kinds
	}
	var res []EdgeChange
	for _, c := range out {
		if c.Old != c.New {
			res = append(res, *c)
		}
	}
	return res
}

// moves finds the resources whose place in the apply order changed: of
// the resources ordered on both sides, those off a longest common
// subsequence of the two orders. Both orders hold each resource once,
// so the subsequence is an increasing subsequence of old positions taken
// in new order, found in O(n log n). When several are equally long (two
// resources swapped: either one moved), the one that keeps the most
// untouched resources wins, so that the move is put on what the change
// touched (see touched), not on a resource the user did not move.
func (m *matching) moves(touched []bool) []Move {
	oldStep := make([]int, len(m.old.Resources))
	for k, i := range m.old.Order {
		oldStep[i] = k + 1
	}
	var common []int32 // new indexes in new order, ordered on both sides
	var newSteps []int
	for k, j := range m.new.Order {
		if i := m.toOld[j]; i >= 0 && oldStep[i] > 0 {
			common = append(common, j)
			newSteps = append(newSteps, k+1)
		}
	}
	seq := make([]int, len(common))
	weight := make([]int, len(common))
	for k, j := range common {
		seq[k] = oldStep[m.toOld[j]]
		// Length first (each element outweighs every bonus together),
		// then one more for each untouched resource kept in place.
		weight[k] = len(common) + 1
		if !touched[j] {
			weight[k]++
		}
	}
	keep := heaviestIncreasing(seq, weight)
	var out []Move
	for k, j := range common {
		if !keep[k] {
			out = append(out, Move{Ref: m.new.Resources[j].Ref, OldStep: seq[k], NewStep: newSteps[k]})
		}
	}
	return out
}

// touched marks, by new index, the resources the change touched: those
// it changes (or fails, or removes from the node), the resources that
// declare the edges it adds, removes or re-kinds (the other end when the
// declaring one is itself added or removed), and those whose
// declaration moved among the others (off a longest common subsequence of
// the declaration orders).
func (m *matching) touched(changes []ResourceChange, edges []EdgeChange) []bool {
	out := make([]bool, len(m.new.Resources))
	newIdx, oldIdx := m.newRefs(), m.oldRefs()
	// mark marks ref's resource, matched on both sides, and reports
	// whether there was one to mark.
	mark := func(ref string) bool {
		if j, ok := newIdx[ref]; ok && m.toOld[j] >= 0 {
			out[j] = true
			return true
		} else if i, ok := oldIdx[ref]; ok && m.toNew[i] >= 0 {
			out[m.toNew[i]] = true
			return true
		}
		return false
	}
	for _, c := range changes {
		if c.Action != Unmanage && !c.Unknown() {
			mark(c.Ref)
		}
	}
	for _, e := range edges {
		// The end that declares the changed kinds: require and subscribe
		// (and the auto rules of the same direction) are declared by the
		// dependent, before and notify by the resource applied first.
		// When that end is added or removed, the other end is what the
		// change moves.
		changed := e.Old ^ e.New
		if changed&(graph.Require|graph.Subscribe|graph.AutoRequire|graph.AutoSubscribe) != 0 && !mark(e.To) {
			mark(e.From)
		}
		if changed&(graph.Before|graph.Notify|graph.AutoBefore|graph.AutoNotify) != 0 && !mark(e.From) {
			mark(e.To)
		}
	}
	var declared []int // old indexes of the matched resources, in new declaration order
	var at []int32
	for j := range m.new.Resources {
		if i := m.toOld[j]; i >= 0 {
			declared = append(declared, int(i))
			at = append(at, int32(j))
		}
	}
	for k, kept := range longestIncreasing(declared) {
		if !kept {
			out[at[k]] = true
		}
	}
	return out
}

// heaviestIncreasing marks the elements of a strictly increasing
// subsequence of seq (distinct values from 1) whose weights sum highest;
// among equal sums, the one that ends with (and, going back, takes) the
// smallest values, as longestIncreasing does. A Fenwick tree over the
// values holds, for each prefix of values, the best run ending there:
// O(n log n).
func heaviestIncreasing(seq, weight []int) []bool {
	top := 0
	for _, v := range seq {
		top = max(top, v)
	}
	best := make([]int, len(seq)) // the weight of the best run ending at i
	prev := make([]int, len(seq)) // i's predecessor in that run, -1 for none
	better := func(i, j int) bool {
		if j < 0 || best[i] != best[j] {
			return j < 0 || best[i] > best[j]
		}
		return seq[i] < seq[j]
	}
	tree := make([]int, top+1) // 1 + index of the best run ending at a value in the node's range; 0 for none
	end := -1
	for i, v := range seq {
		p := -1
		for k := v - 1; k > 0; k -= k & -k {
			if c := tree[k] - 1; c >= 0 && (p < 0 || better(c, p)) {
				p = c
			}
		}
		prev[i], best[i] = p, weight[i]
		if p >= 0 {
			best[i] += best[p]
		}
		for k := v; k <= top; k += k & -k {
			if c := tree[k] - 1; c < 0 || better(i, c) {
				tree[k] = i + 1
			}
		}
		if better(i, end) {
			end = i
		}
	}
	keep := make([]bool, len(seq))
	for i := end; i >= 0; i = prev[i] {
		keep[i] = true
	}
	return keep
}

// longestIncreasing marks the elements of one longest strictly
// increasing subsequence of seq. Among equally long ones it keeps the one
// patience sorting finds, which ends with the smallest values: so a
// resource moved towards the end is reported, not everything it jumped.
func longestIncreasing(seq []int) []bool {
	tails := []int{}              // tails[l]: index in seq of the smallest tail of an increasing run of length l+1
	prev := make([]int, len(seq)) // predecessor index in the run, -1 for none
	for i, x := range seq {
		l := sort.Search(len(tails), func(k int) bool { return seq[tails[k]] >= x })
		prev[i] = -1
		if l > 0 {
			prev[i] = tails[l-1]
		}
		if l == len(tails) {
			tails = append(tails, i)
		} else {
			tails[l] = i
		}
	}
	keep := make([]bool, len(seq))
	if len(tails) == 0 {
		return keep
	}
	for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
		keep[i] = true
	}
	return keep
}

// cycleChanges compares the cycles of the two sides by their members'
// uniqueness keys: a cycle whose path changed but whose members did not is
// neither new nor resolved but unresolved, as is one that did not change.
func (m *matching) cycleChanges() (added, resolved, unresolved [][]string) {
	oldSet := cycleKeys(m.old)
	newSet := cycleKeys(m.new)
	for k, path := range newSet {
		if _, ok := oldSet[k]; !ok {
			added = append(added, path)
		} else {
			unresolved = append(unresolved, path)
		}
	}
	for k, path := range oldSet {
		if _, ok := newSet[k]; !ok {
			resolved = append(resolved, path)
		}
	}
	return added, resolved, unresolved
}

// cycleKeys maps the sorted member keys of each cycle path to the path's
// refs.
func cycleKeys(s *Snapshot) map[string][]string {
	out := map[string][]string{}
	for _, c := range s.Cycles {
		keys := make([]string, 0, len(c))
		refs := make([]string, len(c))
		for i, v := range c {
			refs[i] = s.Resources[v].Ref
			if i < len(c)-1 {
				keys = append(keys, s.Resources[v].Key)
			}
		}
		sort.Strings(keys)
		out[strings.Join(keys, "\x01")] = refs
	}
	return out
}

// orderUnknown says why the apply orders of old and new cannot be
// compared ("" when they can): the sides that keep no order of their
// resources, by their source.
func orderUnknown(old, new *Snapshot) string {
	const why = "Puppet's apply order cannot be known, so no move in it is reported"
	switch o, n := old.OrderUnknown, new.OrderUnknown; {
	case o != "" && n != "" && o == n:
		return "both catalogs are " + o + ", which keeps no order of the resources: " + why
	case o != "" && n != "":
		return "the old catalog is " + o + " and the new one " + n + ", which keep no order of the resources: " + why
	case o != "":
		return "the old catalog is " + o + ", which keeps no order of the resources: " + why
	case n != "":
		return "the new catalog is " + n + ", which keeps no order of the resources: " + why
	}
	return ""
}
