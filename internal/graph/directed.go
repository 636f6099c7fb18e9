package graph

import (
	gonum "gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
)

// Directed is the graph as a gonum graph.Directed, for gonum's
// algorithms and encoders (encoding/dot, traverse, path, topo). Its nodes
// are *Node (ID = declaration index) and its edges *Edge; unlike gonum's
// simple graphs it includes self-loops. Node iteration is in declaration
// order and neighbour iteration in edge insertion order, so gonum's
// output over it is deterministic.
//
// It is a view, not a copy: catc keeps its own adjacency lists because
// building gonum's simple.DirectedGraph (two maps per node) costs more
// than the whole graph stage's budget on 100,000 resources.
func (g *Graph) Directed() gonum.Directed { return directed{g: g} }

// directed implements gonum.Directed over a Graph.
type directed struct {
	g *Graph
}

var _ gonum.Directed = directed{}

func (d directed) has(id int64) bool {
	return id >= 0 && id < int64(len(d.g.nodes))
}

// Node implements gonum.Graph.
func (d directed) Node(id int64) gonum.Node {
	if !d.has(id) {
		return nil
	}
	return d.g.nodes[id]
}

// Nodes implements gonum.Graph.
func (d directed) Nodes() gonum.Nodes {
	var ns []gonum.Node
	for i, n := range d.g.nodes {
		if d.has(int64(i)) {
			ns = append(ns, n)
		}
	}
	return nodesOf(ns)
}

// From implements gonum.Graph.
func (d directed) From(id int64) gonum.Nodes {
	if !d.has(id) {
		return gonum.Empty
	}
	var ns []gonum.Node
	for _, e := range d.g.out[id] {
		if d.has(e.T.id) {
			ns = append(ns, e.T)
		}
	}
	return nodesOf(ns)
}

// To implements gonum.Directed.
func (d directed) To(id int64) gonum.Nodes {
	if !d.has(id) {
		return gonum.Empty
	}
	var ns []gonum.Node
	for _, e := range d.g.in[id] {
		if d.has(e.F.id) {
			ns = append(ns, e.F)
		}
	}
	return nodesOf(ns)
}

// Edge implements gonum.Graph.
func (d directed) Edge(uid, vid int64) gonum.Edge {
	if !d.has(uid) || !d.has(vid) {
		return nil
	}
	if e := d.g.edgeOf(int(uid), int(vid)); e != nil {
		return e
	}
	return nil
}

// HasEdgeFromTo implements gonum.Directed.
func (d directed) HasEdgeFromTo(uid, vid int64) bool { return d.Edge(uid, vid) != nil }

// HasEdgeBetween implements gonum.Graph.
func (d directed) HasEdgeBetween(xid, yid int64) bool {
	return d.Edge(xid, yid) != nil || d.Edge(yid, xid) != nil
}

func nodesOf(ns []gonum.Node) gonum.Nodes {
	if len(ns) == 0 {
		return gonum.Empty
	}
	return iterator.NewOrderedNodes(ns)
}
