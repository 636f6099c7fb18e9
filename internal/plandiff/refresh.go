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
	if m.new.Refresh != nil {
		return m.puppetRefreshes(emits, quiet)
	}
	ch := shortestFrom(queue, m.new.adjacency(true))
	step := m.new.steps()
	var out []Refresh
	for j := range n {
		if ch.parent[j] < 0 || emits[j] || quiet[j] || m.toOld[j] < 0 {
			continue
		}
		path, skipped := m.chain(ch, int32(j))
		out = append(out, Refresh{Ref: m.new.Resources[j].Ref, Path: path, Skipped: skipped, step: step[j]})
	}
	return out
}

// maxChain is the most resources a refresh's or a skip's chain names:
// its first, then the last ones (Refresh.Skipped counts those between).
// Along a chain of n refresh (or require) edges, each resource is reached
// through the whole chain before it, so naming whole chains is quadratic:
// a chain of 8,000 execs would name 32 million.
const maxChain = 8

// chains is a multi-source breadth-first search's answer: parent[v] is
// v's predecessor on a shortest chain from a source (-1 for a source, -2
// when no source reaches v), source[v] that chain's source and depth[v]
// its number of edges.
type chains struct{ parent, source, depth []int32 }

// shortestFrom is a multi-source breadth-first search along adj, sources
// and neighbours in the order given (so the answer is deterministic).
func shortestFrom(sources []int32, adj [][]int32) chains {
	c := chains{parent: make([]int32, len(adj)), source: make([]int32, len(adj)), depth: make([]int32, len(adj))}
	for i := range c.parent {
		c.parent[i] = -2
	}
	queue := make([]int32, 0, len(sources))
	for _, s := range sources {
		c.parent[s], c.source[s] = -1, s
		queue = append(queue, s)
	}
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		for _, w := range adj[u] {
			if c.parent[w] == -2 {
				c.parent[w], c.source[w], c.depth[w] = u, c.source[u], c.depth[u]+1
				queue = append(queue, w)
			}
		}
	}
	return c
}

// chain is the chain from j's source to j: whole when it has at most
// maxChain resources, else its source and the last maxChain-1, with the
// number of those left out between them. Its cost does not grow with
// the chain.
func (m *matching) chain(c chains, j int32) ([]string, int) {
	if c.parent[j] == -2 {
		return []string{m.new.Resources[j].Ref}, 0
	}
	n := int(c.depth[j]) + 1
	keep := min(n, maxChain)
	path := make([]string, keep)
	v := j
	for i := keep - 1; i >= 1; i-- {
		path[i] = m.new.Resources[v].Ref
		v = c.parent[v]
	}
	path[0] = m.new.Resources[c.source[j]].Ref
	return path, n - keep
}

// puppetRefreshes are the refreshes of a catalog read from Puppet: a
// resource is refreshed when one of its refreshers (graph.Plan's
// RefreshedBy, in index order) emits; its chain is the first of those,
// the container or resource that hands the events on, and itself. One
// pass over the catalog's refresh net (graph.RefreshNet.FirstReaching).
func (m *matching) puppetRefreshes(emits, quiet []bool) []Refresh {
	step := m.new.steps()
	var out []Refresh
	for j, rf := range m.new.Refresh.FirstReaching(emits) {
		if rf.From < 0 || emits[j] || quiet[j] || m.toOld[j] < 0 {
			continue
		}
		path := []string{m.new.Resources[rf.From].Ref}
		if rf.Via >= 0 {
			path = append(path, m.new.Resources[rf.Via].Ref)
		}
		out = append(out, Refresh{Ref: m.new.Resources[j].Ref, Path: append(path, m.new.Resources[j].Ref), step: step[j]})
	}
	return out
}
