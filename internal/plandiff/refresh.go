package plandiff

import (
	"slices"
	"sort"
)

// refreshes finds the resources of the new catalog that events from the
// diff's changes reach, along refresh edges (a refreshed resource emits
// an event of its own, so events travel along chains), and keeps those
// that the diff does not otherwise change in a way that emits an event:
// unchanged, renamed or parameter-only resources, and that neither fail
// nor are skipped (Puppet does not evaluate those). Each gets a shortest
// chain from a changed resource (a multi-source breadth-first search,
// sources and neighbours in index order, so the answer is deterministic).
// A concat_file whose generated file changes (generated) emits the
// file's events.
func (m *matching) refreshes(changes []ResourceChange, generated []GeneratedFile) []Refresh {
	n := len(m.new.Resources)
	idx := m.newRefs()
	var queue []int32
	for _, g := range generated {
		if j, ok := idx[g.By]; ok && len(g.Changes) > 0 {
			queue = append(queue, j)
		}
	}
	quiet := make([]bool, n) // failing or skipped: never refreshed
	for _, c := range changes {
		if j, ok := idx[c.Ref]; ok && c.Action != Unmanage && (c.Action == Fail || c.Skipped) {
			quiet[j] = true
		}
		if c.event() {
			if j, ok := idx[c.Ref]; ok {
				queue = append(queue, j)
			}
		}
	}
	sort.Slice(queue, func(a, b int) bool { return queue[a] < queue[b] })
	queue = slices.Compact(queue)
	emits := make([]bool, n)
	for _, j := range queue {
		emits[j] = true
	}
	if m.new.Refreshers != nil {
		return m.puppetRefreshes(emits, quiet)
	}
	parent := shortestFrom(queue, m.new.adjacency(true))
	step := m.new.steps()
	var out []Refresh
	for j := range n {
		if parent[j] < 0 || emits[j] || quiet[j] || m.toOld[j] < 0 {
			continue
		}
		out = append(out, Refresh{Ref: m.new.Resources[j].Ref, Path: m.chain(parent, int32(j)), step: step[j]})
	}
	return out
}

// shortestFrom is a multi-source breadth-first search along adj, sources
// and neighbours in the order given (so the answer is deterministic):
// parent[v] is v's predecessor on a shortest chain from a source, -1 for
// a source, -2 when no source reaches v.
func shortestFrom(sources []int32, adj [][]int32) []int32 {
	parent := make([]int32, len(adj))
	for i := range parent {
		parent[i] = -2
	}
	queue := make([]int32, 0, len(sources))
	for _, s := range sources {
		parent[s] = -1
		queue = append(queue, s)
	}
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		for _, w := range adj[u] {
			if parent[w] == -2 {
				parent[w] = u
				queue = append(queue, w)
			}
		}
	}
	return parent
}

// chain follows the search's parent links back from j to its source.
func (m *matching) chain(parent []int32, j int32) []string {
	var rev []string
	for v := j; v >= 0; v = parent[v] {
		rev = append(rev, m.new.Resources[v].Ref)
	}
	for a, b := 0, len(rev)-1; a < b; a, b = a+1, b-1 {
		rev[a], rev[b] = rev[b], rev[a]
	}
	return rev
}

// puppetRefreshes are the refreshes of a catalog read from Puppet: a
// resource is refreshed when one of its refreshers (Snapshot.Refreshers,
// in index order) emits; its chain is that refresher, the container or
// resource that hands the events on, and itself.
func (m *matching) puppetRefreshes(emits, quiet []bool) []Refresh {
	step := m.new.steps()
	var out []Refresh
	for j, rs := range m.new.Refreshers {
		if emits[j] || quiet[j] || m.toOld[j] < 0 {
			continue
		}
		for _, rf := range rs {
			if !emits[rf.From] {
				continue
			}
			path := []string{m.new.Resources[rf.From].Ref}
			if rf.Via >= 0 {
				path = append(path, m.new.Resources[rf.Via].Ref)
			}
			out = append(out, Refresh{Ref: m.new.Resources[j].Ref, Path: append(path, m.new.Resources[j].Ref), step: step[j]})
			break
		}
	}
	return out
}
