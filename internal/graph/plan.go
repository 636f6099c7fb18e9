package graph

import (
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// Plan is the apply plan of a graph: Puppet's order, what each step
// waits for and what refreshes it, and the cycles that stop it.
type Plan struct {
	Graph *Graph
	// Ordering is how ties were broken.
	Ordering Ordering
	// Steps are in apply order. With cycles they hold only the resources
	// that could be ordered, and Puppet would apply none of them.
	Steps []Step
	// Cycles are the dependency cycles, sorted by smallest member ref; nil
	// when the plan is complete.
	Cycles Cycles
	// Blocked are the resources in a cycle or waiting on one, by
	// declaration index; nil when the plan is complete.
	Blocked []*catalog.Resource
	// Evaluation is, for a catalog read from Puppet, the
	// agent's evaluation order with each container's start and end
	// (Expand); Steps then hold each container at its start. Nil for an
	// HCL catalog.
	Evaluation []Vertex

	step []int // 1-based step by declaration index; 0 = blocked
	// net is how events travel; refreshed holds every resource's
	// refreshers, resource i's at refreshed[refStart[i]:refStart[i+1]],
	// and refMore[i] counts those left out (see refreshLists).
	net       *RefreshNet
	refreshed []Refresher
	refStart  []int32
	refMore   []int32

	// expanded is the graph Order expanded (see Expanded).
	expanded *Expanded
}

// Step is one resource of the plan.
type Step struct {
	Resource *catalog.Resource
	// WaitsFor are the edges into the resource (its direct
	// predecessors), in the order those were applied. It may share
	// memory with the graph: do not modify it.
	WaitsFor []*Edge
	// RefreshedBy are the resources whose events reach this one, directly
	// or through chains of refresh edges, by declaration index: all of
	// them, or the RefreshersShown nearest when there are more. In a
	// catalog read from Puppet, events pass through classes and defines
	// and only refreshable resources are refreshed (Refreshable).
	RefreshedBy []Refresher
	// MoreRefreshers is how many others reach it (Plan.AllRefreshers
	// lists them).
	MoreRefreshers int
}

// Order plans g: Kahn's algorithm taking the ready resource declared
// first (or, with o.Random, a seeded random one), the cycles among what
// could not be ordered, and the refresh sources of every resource. The
// diagnostics are one error per cycle (Cycles.Diagnostics). Cost:
// O((V + E) log V) plus the refresh searches.
func Order(g *Graph, o Ordering) (*Plan, hcl.Diagnostics) {
	// The refresh searches and Kahn's algorithm only read the graph: on
	// a big one they run side by side.
	var net *RefreshNet
	var lists refreshLists
	var x *Expanded
	if g.Catalog.Source != nil {
		x = Expand(g) // read from Puppet: refreshes pass through the containers' whits
	}
	done := make(chan struct{})
	search := func() {
		if x != nil {
			net = x.netOfExpanded()
		} else {
			net = g.netOfGraph()
		}
		lists = net.lists(RefreshersShown, net.listBudget())
		close(done)
	}
	if len(g.nodes) >= parallelMin {
		go search()
	} else {
		search()
	}
	var ordered []int32
	var cycles Cycles
	p := &Plan{Graph: g, Ordering: o, step: make([]int, len(g.nodes)), expanded: x}
	if x != nil {
		ordered, p.Evaluation, cycles = g.puppetOrder(x)
	} else {
		ordered = g.order(o)
	}
	<-done
	p.net, p.refStart, p.refMore = net, lists.start, lists.more
	p.refreshed = p.refreshers(lists.entries, lists.start)
	for i, v := range ordered {
		p.step[v] = i + 1
	}
	p.Steps = make([]Step, len(ordered))
	for i, v := range ordered {
		p.Steps[i] = p.stepOf(v)
	}
	if len(ordered) < len(g.nodes) {
		p.Cycles = cycles
		if p.Evaluation == nil {
			p.Cycles = g.cycles(ordered)
		}
		for v, s := range p.step {
			if s == 0 {
				p.Blocked = append(p.Blocked, g.nodes[v].Resource)
			}
		}
	}
	return p, p.Cycles.Diagnostics()
}

func (p *Plan) stepOf(v int32) Step {
	r := p.Graph.nodes[v].Resource
	byStep := func(a, b *Edge) int { return p.step[a.F.id] - p.step[b.F.id] }
	waits := p.Graph.in[v]
	if !slices.IsSortedFunc(waits, byStep) {
		waits = slices.Clone(waits)
		slices.SortStableFunc(waits, byStep)
	}
	return Step{Resource: r, WaitsFor: waits[:len(waits):len(waits)], RefreshedBy: p.RefreshedBy(r), MoreRefreshers: p.MoreRefreshers(r)}
}

// Complete reports whether every resource is ordered (no cycles).
func (p *Plan) Complete() bool { return len(p.Cycles) == 0 }

// Order returns the ordered resources in apply order.
func (p *Plan) Order() []*catalog.Resource {
	out := make([]*catalog.Resource, len(p.Steps))
	for i, s := range p.Steps {
		out[i] = s.Resource
	}
	return out
}

// StepOf is r's 1-based position in the order, or 0 when r is blocked by
// a cycle (or not in the catalog).
func (p *Plan) StepOf(r *catalog.Resource) int {
	if r == nil || r.Index < 0 || r.Index >= len(p.step) || p.Graph.nodes[r.Index].Resource != r {
		return 0
	}
	return p.step[r.Index]
}

// RefreshedBy are the resources whose events reach r, by declaration
// index, the RefreshersShown nearest when there are more (see
// Step.RefreshedBy); nil for none.
func (p *Plan) RefreshedBy(r *catalog.Resource) []Refresher {
	if !p.has(r) || p.refStart[r.Index] == p.refStart[r.Index+1] {
		return nil
	}
	a, b := p.refStart[r.Index], p.refStart[r.Index+1]
	return p.refreshed[a:b:b]
}

// MoreRefreshers is how many resources whose events reach r RefreshedBy
// leaves out.
func (p *Plan) MoreRefreshers(r *catalog.Resource) int {
	if !p.has(r) {
		return 0
	}
	return int(p.refMore[r.Index])
}

// AllRefreshers are all the resources whose events reach r, by
// declaration index. Cost: one search over what reaches r.
func (p *Plan) AllRefreshers(r *catalog.Resource) []Refresher {
	if !p.has(r) || p.net.vertex[r.Index] < 0 || !p.net.target[p.net.vertex[r.Index]] {
		return nil
	}
	budget := 0
	all, _ := p.net.nearest(newSearch(len(p.net.preds)), make([]int32, len(p.net.preds)), p.net.vertex[r.Index], len(p.net.preds), &budget, nil)
	slices.SortFunc(all, func(a, b refEntry) int { return int(p.net.res[a.from] - p.net.res[b.from]) })
	out := make([]Refresher, len(all))
	for j, e := range all {
		out[j] = p.refresher(e, r.Index)
	}
	return out
}

// Net is how events travel in the plan's graph (see RefreshNet).
func (p *Plan) Net() *RefreshNet { return p.net }

func (p *Plan) has(r *catalog.Resource) bool {
	return r != nil && r.Index >= 0 && r.Index < len(p.refMore) && p.Graph.nodes[r.Index].Resource == r
}

// refreshers are entries as Refreshers, those of resource i at
// es[start[i]:start[i+1]].
func (p *Plan) refreshers(es []refEntry, start []int32) []Refresher {
	out := make([]Refresher, len(es))
	for i := range len(start) - 1 {
		for j := start[i]; j < start[i+1]; j++ {
			out[j] = p.refresher(es[j], i)
		}
	}
	return out
}

// refresher is an entry of resource target's refreshers as a Refresher:
// a first hop names its resource (a whit its container), and the edge is
// the one into target.
func (p *Plan) refresher(e refEntry, target int) Refresher {
	g, net := p.Graph, p.net
	from := g.nodes[net.res[e.from]].Resource
	if e.via < 0 {
		return Refresher{Resource: from, Edge: g.edgeOf(from.Index, target)}
	}
	by := g.nodes[net.res[e.via]].Resource
	return Refresher{Resource: from, Via: by, Edge: g.edgeOf(by.Index, target)}
}
