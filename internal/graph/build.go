package graph

import (
	"github.com/catc-dev/catc/internal/catalog"
)

// Graph is the dependency graph of a catalog. It is built by Build and
// read-only afterwards.
type Graph struct {
	// Catalog is the catalog the graph was built from.
	Catalog *catalog.Catalog
	// Skipped are the auto edges not added because an edge between the
	// two resources already existed, in the order Puppet meets them.
	Skipped []SkippedAuto

	nodes []*Node
	// out and in are each node's edges in insertion order (Puppet's
	// adjacency order), self-loops included.
	out, in [][]*Edge
	// outTo[v][i] is out[v][i]'s target: edgeOf scans these, side by side
	// in memory, rather than following each edge's pointers.
	outTo [][]int32
	// index finds an edge's position in outTo (pairIndex).
	index pairIndex
	edges int
	// slab hands out edges from chunks, one allocation per chunk.
	slab []edgeBox
}

// edgeBox is an edge with room for its first origin, allocated together.
type edgeBox struct {
	e     Edge
	first [1]Origin
}

// Build makes the graph of c: every manual edge first, then the auto
// edges, with Puppet's rules (see the package documentation). It never
// fails: relations whose target is unresolved (a catalog with load
// errors) are ignored. Cost: linear in resources, relations and auto rule
// titles.
func Build(c *catalog.Catalog) *Graph {
	n := len(c.Resources)
	g := &Graph{
		Catalog: c,
		nodes:   make([]*Node, n),
		out:     make([][]*Edge, n),
		in:      make([][]*Edge, n),
		outTo:   make([][]int32, n),
	}
	nodes := make([]Node, n) // one allocation for all nodes
	for i, r := range c.Resources {
		nodes[i] = Node{Resource: r, id: int64(i)}
		g.nodes[i] = &nodes[i]
	}
	targets := g.autoTargets()
	g.reserveAdjacency(targets)
	g.addManualEdges()
	g.addAutoEdges(targets)
	return g
}

// reserveAdjacency carves every node's edge lists out of three arrays
// sized by the manual relations and the auto targets (an upper bound
// before merging and skipping), so that adding the edges allocates
// nothing.
func (g *Graph) reserveAdjacency(targets [][]autoTarget) {
	outDeg, inDeg := make([]int, len(g.nodes)), make([]int, len(g.nodes))
	total := 0
	for i, ts := range targets {
		for _, t := range ts {
			from, to := g.autoEnds(i, t)
			if g.node(from) == nil || g.node(to) == nil {
				continue
			}
			outDeg[from]++
			inDeg[to]++
			total++
		}
	}
	for i, r := range g.Catalog.Resources {
		for _, rel := range r.Relations {
			if rel.Target == nil || g.node(rel.Target.Index) == nil {
				continue
			}
			from, to := rel.Target.Index, i
			if rel.Kind == catalog.Before || rel.Kind == catalog.Notify {
				from, to = i, rel.Target.Index
			}
			outDeg[from]++
			inDeg[to]++
			total++
		}
	}
	outs, ins, tos := make([]*Edge, total), make([]*Edge, total), make([]int32, total)
	o, n := 0, 0
	for v := range g.nodes {
		g.out[v] = outs[o : o : o+outDeg[v]]
		g.outTo[v] = tos[o : o : o+outDeg[v]]
		g.in[v] = ins[n : n : n+inDeg[v]]
		o += outDeg[v]
		n += inDeg[v]
	}
}

// metaKinds maps each relationship metaparameter, in Puppet's
// builddepends order, to its edge kind and whether the edge points at
// the resource that wrote it (require, subscribe) or away from it.
var metaKinds = []struct {
	rel     catalog.RelationKind
	kind    Kind
	inbound bool
}{
	{catalog.Require, Require, true},
	{catalog.Subscribe, Subscribe, true},
	{catalog.Before, Before, false},
	{catalog.Notify, Notify, false},
}

func (g *Graph) addManualEdges() {
	for i, r := range g.Catalog.Resources {
		for _, mk := range metaKinds {
			for j := range r.Relations {
				rel := &r.Relations[j] // a Relation is a dozen words: not copied four times
				if rel.Kind != mk.rel || rel.Target == nil {
					continue
				}
				from, to := rel.Target.Index, i
				if !mk.inbound {
					from, to = i, rel.Target.Index
				}
				g.add(from, to, Origin{Kind: mk.kind, Resource: r, Range: rel.Range})
			}
		}
	}
}

// node returns the node of resource index i, or nil when out of range.
func (g *Graph) node(i int) *Node {
	if i < 0 || i >= len(g.nodes) {
		return nil
	}
	return g.nodes[i]
}

func key(from, to int) uint64 { return uint64(uint32(from))<<32 | uint64(uint32(to)) }

// scanMax is the longest edge list pairIndex scans; a source with more edges
// out has them in the index.
const scanMax = 16

// add adds the edge from → to with origin o, or merges o into the edge
// already there.
func (g *Graph) add(from, to int, o Origin) {
	if g.node(from) == nil || g.node(to) == nil {
		return
	}
	if e := g.edgeOf(from, to); e != nil {
		e.Kinds |= o.Kind
		e.Origins = append(e.Origins, o)
		return
	}
	e := g.newEdge(g.nodes[from], g.nodes[to], o)
	g.out[from] = append(g.out[from], e)
	g.outTo[from] = append(g.outTo[from], int32(to))
	g.in[to] = append(g.in[to], e)
	g.edges++
	g.index.added(g.outTo[from], int32(from))
}

func (g *Graph) newEdge(from, to *Node, o Origin) *Edge {
	if len(g.slab) == 0 {
		g.slab = make([]edgeBox, 1024)
	}
	b := &g.slab[0]
	g.slab = g.slab[1:]
	b.first[0] = o
	b.e = Edge{F: from, T: to, Kinds: o.Kind, Origins: b.first[:1:1]}
	return &b.e
}

// edgeOf is the edge from → to (indexes), or nil: a scan of from's
// targets when it has few, else the index.
func (g *Graph) edgeOf(from, to int) *Edge {
	if g.node(from) == nil || g.node(to) == nil {
		return nil
	}
	if at := g.index.find(g.outTo[from], int32(from), int32(to)); at >= 0 {
		return g.out[from][at]
	}
	return nil
}

// Edge returns the edge from → to, or nil when there is none.
func (g *Graph) Edge(from, to *catalog.Resource) *Edge {
	if from == nil || to == nil || g.node(from.Index) == nil || g.node(to.Index) == nil {
		return nil
	}
	return g.edgeOf(from.Index, to.Index)
}

// Len is the number of distinct edges (pairs), self-loops included.
func (g *Graph) Len() int { return g.edges }

// Edges returns every edge, by source declaration index, then in
// insertion order.
func (g *Graph) Edges() []*Edge {
	out := make([]*Edge, 0, g.edges)
	for _, es := range g.out {
		out = append(out, es...)
	}
	return out
}

// From returns the edges leaving r (its direct successors), in
// insertion order. The slice is the caller's.
func (g *Graph) From(r *catalog.Resource) []*Edge {
	if r == nil || g.node(r.Index) == nil {
		return nil
	}
	return append([]*Edge(nil), g.out[r.Index]...)
}

// To returns the edges entering r (its direct predecessors), in
// insertion order. The slice is the caller's.
func (g *Graph) To(r *catalog.Resource) []*Edge {
	if r == nil || g.node(r.Index) == nil {
		return nil
	}
	return append([]*Edge(nil), g.in[r.Index]...)
}

// SelfLoops returns the edges from a resource to itself, by declaration
// index.
func (g *Graph) SelfLoops() []*Edge {
	var out []*Edge
	for i := range g.nodes {
		if e := g.edgeOf(i, i); e != nil {
			out = append(out, e)
		}
	}
	return out
}
