package graph

import (
	"math/bits"
	"slices"
)

// RefreshersShown is how many of a resource's refreshers a plan keeps for
// it (Step.RefreshedBy), nearest first, with the count of the others
// (Step.MoreRefreshers). A chain of refresh edges gives each resource
// all those before it, so listing every refresher of every resource is
// quadratic: 8,000 execs each subscribing to the one before took 26 s
// and 1.3 GB, and a plan of 4,000 of them in a Puppet catalog wrote
// 228 MB of text. Plan.AllRefreshers lists one resource's all.
const RefreshersShown = 20

// refEntry is a refresher found by nearest: its vertex, and the vertex
// that hands its events to the refreshed one (-1: it refreshes it
// directly).
type refEntry struct{ from, via int32 }

// refreshLists are every resource's refreshers, by declaration index:
// resource i's up to RefreshersShown are entries[start[i]:start[i+1]],
// sorted by declaration index, and more[i] counts the others. One list
// for all, so that a plan of many resources makes a few allocations.
type refreshLists struct {
	entries     []refEntry
	start, more []int32
}

// lists finds every target's refreshers: a breadth-first search from
// each, which stops once it has found k of them when the searches
// together have taken more than budget steps (the work that listing them
// all would cost is the sum of what reaches each target: quadratic for a
// chain). The targets whose search stopped early then have their
// refreshers counted by reachCounts.
func (n *RefreshNet) lists(k, budget int) refreshLists {
	l := refreshLists{start: make([]int32, len(n.vertex)+1), more: make([]int32, len(n.vertex))}
	s := newSearch(len(n.preds))
	via := make([]int32, len(n.preds))
	var uncounted []int32 // resource indices
	for i, t := range n.vertex {
		l.start[i] = int32(len(l.entries))
		if t < 0 || !n.target[t] {
			continue
		}
		var count int
		l.entries, count = n.nearest(s, via, t, k, &budget, l.entries)
		shown := l.entries[l.start[i]:]
		slices.SortFunc(shown, func(a, b refEntry) int { return int(n.res[a.from] - n.res[b.from]) })
		if count < 0 {
			uncounted = append(uncounted, int32(i))
		} else {
			l.more[i] = int32(count - len(shown))
		}
	}
	l.start[len(n.vertex)] = int32(len(l.entries))
	if len(uncounted) > 0 {
		targets := make([]int32, len(uncounted))
		for j, i := range uncounted {
			targets[j] = n.vertex[i]
		}
		for j, c := range n.reachCounts(targets) {
			i := uncounted[j]
			l.more[i] = int32(c) - (l.start[i+1] - l.start[i])
		}
	}
	return l
}

// listBudget is lists' budget for a net: a few passes over it, enough for
// every real catalog's searches (whose refreshers are few), so that
// reachCounts's passes are spent only on long chains.
func (n *RefreshNet) listBudget() int { return 8*(len(n.preds)+n.edges()) + 1<<16 }

func (n *RefreshNet) edges() int {
	e := 0
	for _, p := range n.preds {
		e += len(p)
	}
	return e
}

// nearest is a breadth-first search backwards from t over refresh edges,
// on through the vertices that pass events on. It appends to out the
// first k refreshers it meets, each with the first hop from t on its way (the
// first such hop in edge order among the shortest ways), and how many
// refreshers reach t, or -1 when it stopped after k of them because
// *budget (steps, which it spends) ran out. A refresher on a refresh
// cycle through t is not its own refresher.
func (n *RefreshNet) nearest(s *search, via []int32, t int32, k int, budget *int, out []refEntry) ([]refEntry, int) {
	s.stamp++
	s.seen[t] = s.stamp
	s.queue = s.queue[:0]
	for _, u := range n.preds[t] {
		if s.seen[u] != s.stamp {
			s.seen[u], via[u] = s.stamp, -1
			s.queue = append(s.queue, u)
		}
	}
	found := 0
	for head := 0; head < len(s.queue); head++ {
		if found >= k && *budget <= 0 {
			return out, -1
		}
		u := s.queue[head]
		*budget -= 1 + len(n.preds[u])
		if !n.whit[u] {
			if found < k {
				out = append(out, refEntry{from: u, via: via[u]})
			}
			found++
		}
		if !n.passes[u] {
			continue
		}
		next := via[u]
		if next < 0 {
			next = u // the first hop hands the events to t
		}
		for _, w := range n.preds[u] {
			if s.seen[w] != s.stamp {
				s.seen[w], via[w] = s.stamp, next
				s.queue = append(s.queue, w)
			}
		}
	}
	return out, found
}

// reachCounts counts the refreshers of each target without listing them:
// bit-parallel, 64 refreshers at a time, over the net's strongly
// connected components in the order events flow, each pass starting at
// the first component its 64 refreshers' events reach (what comes before
// it they cannot reach). Cost: a pass over the net for every 64 resources that
// have a refresh edge out, whatever the answers are (a chain of 8,000
// execs: 125 passes, of half the chain on average).
func (n *RefreshNet) reachCounts(targets []int32) []int {
	comps, compOf, cyclic := n.components()
	var sources []int32
	isSource := make([]bool, len(n.preds))
	for _, ps := range n.preds {
		for _, u := range ps {
			if !n.whit[u] && !isSource[u] {
				isSource[u] = true
				sources = append(sources, u)
			}
		}
	}
	// A source's events first arrive in its own component, or, for one
	// that does not pass events on (and so has no place in the flow's
	// order), in the first component of those it refreshes directly.
	first := slices.Clone(compOf)
	for m, ps := range n.preds {
		for _, u := range ps {
			first[u] = min(first[u], compOf[m])
		}
	}
	byFlow := func(a, b int32) int { return int(compOf[a] - compOf[b]) }
	slices.SortFunc(sources, func(a, b int32) int { return int(first[a] - first[b]) })
	order := make([]int, len(targets)) // targets by flow
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return byFlow(targets[a], targets[b]) })
	// The components' members and their sources from other components,
	// laid out flat in the order of the flow: a pass reads them in turn.
	cstart := make([]int32, len(comps)+1)
	memb := make([]int32, 0, len(n.preds))
	estart := make([]int32, 0, len(n.preds)+1)
	var esrc []int32
	for ci, comp := range comps {
		cstart[ci] = int32(len(memb))
		for _, m := range comp {
			memb = append(memb, m)
			estart = append(estart, int32(len(esrc)))
			for _, u := range n.preds[m] {
				if compOf[u] != int32(ci) { // a member is counted below
					esrc = append(esrc, u)
				}
			}
		}
	}
	cstart[len(comps)] = int32(len(memb))
	estart = append(estart, int32(len(esrc)))
	bit := make([]uint64, len(n.preds))
	mask := make([]uint64, len(n.preds))
	counts := make([]int, len(targets))
	cleared, firstTarget := 0, 0
	for b := 0; b < len(sources); b += 64 {
		block := sources[b:min(b+64, len(sources))]
		for i, u := range block {
			bit[u] = 1 << i
		}
		from := int(first[block[0]])
		for ; cleared < from; cleared++ {
			for _, m := range memb[cstart[cleared]:cstart[cleared+1]] {
				mask[m] = 0 // before every source left: reached by none
			}
		}
		for ci := from; ci < len(comps); ci++ {
			var in uint64
			for i := cstart[ci]; i < cstart[ci+1]; i++ {
				for _, u := range esrc[estart[i]:estart[i+1]] {
					in |= bit[u]
					if n.passes[u] {
						in |= mask[u]
					}
				}
			}
			if cyclic[ci] {
				for _, m := range memb[cstart[ci]:cstart[ci+1]] {
					in |= bit[m]
				}
			}
			for _, m := range memb[cstart[ci]:cstart[ci+1]] {
				mask[m] = in
			}
		}
		for firstTarget < len(order) && int(compOf[targets[order[firstTarget]]]) < from {
			firstTarget++
		}
		for _, i := range order[firstTarget:] {
			counts[i] += bits.OnesCount64(mask[targets[i]] &^ bit[targets[i]])
		}
		for _, u := range block {
			bit[u] = 0
		}
	}
	return counts
}

// components are the strongly connected components of the net's event
// flow (the edges out of vertices that pass events on), those a
// component's events come from before it; compOf is each vertex's
// component, cyclic tells a component whose events come back to it.
func (n *RefreshNet) components() (comps [][]int32, compOf []int32, cyclic []bool) {
	// Tarjan over the flow reversed emits a component after every one it
	// reaches, that is after every one whose events reach it.
	c := csr{start: make([]int32, len(n.preds)+1), keep: make([]bool, len(n.preds))}
	for v, ps := range n.preds {
		c.keep[v] = true
		c.start[v] = int32(len(c.succ))
		for _, u := range ps {
			if n.passes[u] {
				c.succ = append(c.succ, u)
			}
		}
	}
	c.start[len(n.preds)] = int32(len(c.succ))
	comps = tarjan(c)
	compOf = make([]int32, len(n.preds))
	cyclic = make([]bool, len(comps))
	for ci, comp := range comps {
		for _, m := range comp {
			compOf[m] = int32(ci)
		}
		cyclic[ci] = len(comp) > 1 || n.passes[comp[0]] && slices.Contains(n.preds[comp[0]], comp[0])
	}
	return comps, compOf, cyclic
}
