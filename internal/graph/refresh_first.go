package graph

// Reached is which refresher among some resources reaches a resource
// first by declaration index, as Plan.RefreshedBy lists them: From is
// its index, Via the index of the resource or container that hands its
// events on (-1: From refreshes it directly). From is -1 when none of
// them reaches it.
type Reached struct{ From, Via int32 }

// FirstReaching answers Reached for every resource whose emits is false,
// of the resources whose emits is true (both by declaration index): what
// a diff needs to know which resources its changes refresh, and why.
//
// It is one pass over the net: the emitting resources, in declaration
// order, each search forward and claim the vertices their events reach
// that no earlier one claimed, so that each vertex is claimed by the
// first that reaches it. A search stops at a claimed vertex: whatever
// events reach from there were reached by the earlier search, since a
// vertex that passes events on was searched on from. The first hop of a
// claimed vertex is the first of its refresh sources (in edge order) on
// a shortest way from its claimer, as Plan.RefreshedBy's backward
// search finds it.
func (n *RefreshNet) FirstReaching(emits []bool) []Reached {
	out := make([]Reached, len(n.vertex))
	for i := range out {
		out[i] = Reached{From: -1, Via: -1}
	}
	start, succ := n.successors()
	claim := make([]int32, len(n.preds))
	dist := make([]int32, len(n.preds))
	for i := range claim {
		claim[i] = -1
	}
	var queue []int32
	for i, e := range emits {
		s := n.vertex[i]
		if !e || s < 0 {
			continue
		}
		if claim[s] < 0 {
			claim[s], dist[s] = s, 0
		}
		queue = append(queue[:0], s)
		for head := 0; head < len(queue); head++ {
			u := queue[head]
			if u != s && !n.passes[u] {
				continue
			}
			du := int32(0)
			if u != s {
				du = dist[u]
			}
			for _, w := range succ[start[u]:start[u+1]] {
				if claim[w] < 0 {
					claim[w], dist[w] = s, du+1
					queue = append(queue, w)
				}
			}
		}
	}
	for i, t := range n.vertex {
		if t < 0 || emits[i] || !n.target[t] || claim[t] < 0 {
			continue
		}
		out[i] = Reached{From: n.res[claim[t]], Via: n.firstHop(t, claim, dist)}
	}
	return out
}

// firstHop is the resource index of the vertex that hands t's claimer's
// events to t, -1 when the claimer refreshes t directly.
func (n *RefreshNet) firstHop(t int32, claim, dist []int32) int32 {
	if dist[t] == 1 {
		return -1
	}
	for _, h := range n.preds[t] {
		if n.passes[h] && claim[h] == claim[t] && dist[h] == dist[t]-1 {
			return n.res[h]
		}
	}
	return -1 // not reached: a claimed vertex beyond the first hop has one
}

// successors are the net's refresh edges forward, as compressed lists:
// v's are succ[start[v]:start[v+1]], in edge order.
func (n *RefreshNet) successors() (start, succ []int32) {
	start = make([]int32, len(n.preds)+1)
	for _, ps := range n.preds {
		for _, u := range ps {
			start[u+1]++
		}
	}
	for v := range n.preds {
		start[v+1] += start[v]
	}
	succ = make([]int32, start[len(n.preds)])
	at := append([]int32(nil), start[:len(n.preds)]...)
	for v, ps := range n.preds {
		for _, u := range ps {
			succ[at[u]] = int32(v)
			at[u]++
		}
	}
	return start, succ
}
