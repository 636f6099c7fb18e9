package graph

import (
	"sort"
	"strings"
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
// so the subsequence is a longest increasing subsequence of old positions
// taken in new order: O(n log n) (patience sorting), where the general
// dynamic programme would be quadratic.
func (m *matching) moves() []Move {
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
	for k, j := range common {
		seq[k] = oldStep[m.toOld[j]]
	}
	keep := longestIncreasing(seq)
	var out []Move
	for k, j := range common {
		if !keep[k] {
			out = append(out, Move{Ref: m.new.Resources[j].Ref, OldStep: seq[k], NewStep: newSteps[k]})
		}
	}
	return out
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
