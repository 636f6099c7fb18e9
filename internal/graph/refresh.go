package graph

import (
	"github.com/catc-dev/catc/internal/catalog"
)

// Refresher is a resource whose events reach another one through refresh
// edges (notify, subscribe, autonotify, autosubscribe). A refreshed
// resource emits an event of its own (Puppet's `restarted`), so events
// travel along chains of refresh edges; an order-only edge stops them.
type Refresher struct {
	Resource *catalog.Resource
	// Via is the direct refresher through which the events arrive, or
	// nil when Resource is itself a direct refresher.
	Via *catalog.Resource
	// Edge is the refresh edge from Resource for a direct refresher, or
	// into the refreshed resource from Via.
	Edge *Edge
}

// Refreshable reports whether Puppet's agent refreshes r when an event
// reaches it (and so passes a "restarted" event on): whether its type
// has a refresh method (catalog.TypeDef.Refreshes).
func Refreshable(r *catalog.Resource) bool {
	return r.Type != nil && r.Type.Refreshes()
}

// RefreshNet is how events travel in a plan's graph, vertex by vertex:
// the sources of each vertex's refresh edges, which vertices pass events
// on and which have refreshers of their own. It holds indices only, so
// that a plan's snapshot may keep it without the graph.
//
// For an HCL catalog the vertices are the resources, each passes events
// on and each with a refresh edge in has refreshers. For a catalog read
// from Puppet they are those of the expanded graph: events pass through
// the whits of classes, defines, nodes and stages (an event into a
// container reaches each of its children, an event out of a child leaves
// through the container's end) and on through a resource only when it is
// refreshable (a refreshed exec emits an event of its own; a file that
// receives one does nothing); only refreshable resources have refreshers,
// containers none (their whits only pass events on).
type RefreshNet struct {
	// preds[v] are the sources of v's refresh edges, in edge order.
	preds [][]int32
	// res[v] is v's resource index (a whit's: its container's).
	res []int32
	// whit[v]: v only passes events on and is never a refresher.
	whit []bool
	// passes[v]: events that reach v go on from it.
	passes []bool
	// target[v]: v has refreshers of its own.
	target []bool
	// vertex[i] is resource i's own vertex, -1 for a container.
	vertex []int32
}

// netOfGraph is the refresh net of an HCL catalog's graph.
func (g *Graph) netOfGraph() *RefreshNet {
	n := newNet(len(g.nodes), len(g.nodes))
	deg := make([]int32, len(g.nodes))
	for v, in := range g.in {
		for _, e := range in {
			if e.Refresh() {
				deg[v]++
			}
		}
	}
	n.carve(deg)
	for v, in := range g.in {
		n.res[v], n.vertex[v], n.passes[v] = int32(v), int32(v), true
		for _, e := range in {
			if e.Refresh() {
				n.preds[v] = append(n.preds[v], int32(e.F.id))
			}
		}
		n.target[v] = len(n.preds[v]) > 0
	}
	return n
}

// netOfExpanded is the refresh net of a catalog read from Puppet.
func (x *Expanded) netOfExpanded() *RefreshNet {
	n := newNet(len(x.Vertices), len(x.Graph.nodes))
	for i := range n.vertex {
		n.vertex[i] = -1
	}
	deg := make([]int32, len(x.Vertices))
	for v, succ := range x.out {
		for i, w := range succ {
			if x.refresh[v][i] {
				deg[w]++
			}
		}
	}
	n.carve(deg)
	for v, succ := range x.out {
		for i, w := range succ {
			if x.refresh[v][i] {
				n.preds[w] = append(n.preds[w], int32(v))
			}
		}
	}
	for t, v := range x.Vertices {
		n.res[t] = int32(v.Resource.Index)
		n.whit[t] = v.Whit != NoWhit
		n.passes[t] = n.whit[t] || Refreshable(v.Resource)
		if !n.whit[t] {
			n.vertex[v.Resource.Index] = int32(t)
			n.target[t] = len(n.preds[t]) > 0 && Refreshable(v.Resource)
		}
	}
	return n
}

func newNet(vertices, resources int) *RefreshNet {
	return &RefreshNet{
		preds: make([][]int32, vertices), res: make([]int32, vertices), whit: make([]bool, vertices),
		passes: make([]bool, vertices), target: make([]bool, vertices), vertex: make([]int32, resources),
	}
}

// carve gives each vertex's list of sources its room in one list, deg[v]
// sources for vertex v: a net makes one allocation for them all.
func (n *RefreshNet) carve(deg []int32) {
	total := int32(0)
	for _, d := range deg {
		total += d
	}
	all := make([]int32, total)
	at := int32(0)
	for v, d := range deg {
		n.preds[v] = all[at : at : at+d]
		at += d
	}
}
