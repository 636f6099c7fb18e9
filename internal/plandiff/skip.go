package plandiff

import (
	"slices"
	"sort"
)

// skips finds what Puppet skips when resources fail: every resource of
// the new catalog that depends on a failing one, directly or through
// others, along any edge (Puppet's transaction propagates a failure to
// all dependents, whatever the edge's kind). A Fail that depends on
// another Fail is never evaluated: it is skipped instead, and its change
// becomes a skipped Change. changes are updated in place (Skipped, and
// Action for those failures). Each skip gets a shortest chain from a
// failing resource (a multi-source breadth-first search in index order).
func (m *matching) skips(changes []ResourceChange) []Skip {
	if !slices.ContainsFunc(changes, func(c ResourceChange) bool { return c.Action == Fail }) {
		return nil // the common case: no index to build
	}
	n := len(m.new.Resources)
	idx := m.newRefs()
	var sources []int32
	for _, c := range changes {
		if c.Action == Fail {
			sources = append(sources, idx[c.Ref])
		}
	}
	sort.Slice(sources, func(a, b int) bool { return sources[a] < sources[b] })
	adj := m.new.adjacency(false)
	// Reached by at least one edge from a failing resource: skipped.
	skipped := make([]bool, n)
	stack := append([]int32(nil), sources...)
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range adj[u] {
			if !skipped[w] {
				skipped[w] = true
				stack = append(stack, w)
			}
		}
	}
	var failing []int32 // the resources that really fail
	for _, s := range sources {
		if !skipped[s] {
			failing = append(failing, s)
		}
	}
	ch := shortestFrom(failing, adj)
	step := m.new.steps()
	var out []Skip
	for j := range n {
		if skipped[j] {
			path, left := m.chain(ch, int32(j))
			out = append(out, Skip{Ref: m.new.Resources[j].Ref, Path: path, Skipped: left, step: step[j]})
		}
	}
	for i := range changes {
		if j, ok := idx[changes[i].Ref]; ok && changes[i].Action != Unmanage && skipped[j] {
			changes[i].Skipped = true
			if changes[i].Action == Fail {
				changes[i].Action = Change
			}
		}
	}
	return out
}

// steps maps each resource index to its 1-based apply step (0: not
// ordered, in or behind a cycle).
func (s *Snapshot) steps() []int {
	step := make([]int, len(s.Resources))
	for k, j := range s.Order {
		step[j] = k + 1
	}
	return step
}
