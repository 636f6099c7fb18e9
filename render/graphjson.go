package render

import (
	"encoding/json"
	"io"

	"github.com/catc-dev/catc/graph"
)

// jsonGraph is `catc graph --format json`: the selected part of the graph
// as data, for tools that draw it their own way. Keep in sync with the
// README's "Graph JSON" section.
type jsonGraph struct {
	Format string `json:"format"`
	// Total is the number of resources in the whole catalog.
	Total int         `json:"total"`
	Nodes []jsonNode  `json:"nodes"`
	Edges []jsonGEdge `json:"edges"`
}

// jsonNode is one resource: nodes are in apply order (the ones blocked
// by a cycle last, in declaration order).
type jsonNode struct {
	Ref   string `json:"ref"`
	Type  string `json:"type"`
	Title string `json:"title"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	// Step is the 1-based position in the apply order, 0 when blocked.
	Step    int  `json:"step"`
	InCycle bool `json:"in_cycle,omitempty"`
	Focus   bool `json:"focus,omitempty"`
}

// jsonGEdge is one edge "from is applied before to".
type jsonGEdge struct {
	From    string   `json:"from"`
	To      string   `json:"to"`
	Kinds   []string `json:"kinds"`
	Refresh bool     `json:"refresh"`
	Auto    bool     `json:"auto"`
	OnCycle bool     `json:"on_cycle,omitempty"`
}

// GraphJSON writes s as JSON (format "catc.graph/1"): nodes in apply
// order, edges in the subgraph's order. Like DOT it carries refs and
// source positions, never attribute values.
func GraphJSON(w io.Writer, s *graph.Subgraph) error {
	j := jsonGraph{Format: "catc.graph/1", Total: len(s.Graph.Catalog.Resources),
		Nodes: make([]jsonNode, 0, len(s.Resources)), Edges: make([]jsonGEdge, 0, len(s.Edges))}
	for _, r := range s.Resources {
		j.Nodes = append(j.Nodes, jsonNode{
			Ref: r.Ref(), Type: r.Type.Name, Title: r.Title,
			File: r.DeclRange.Filename, Line: r.DeclRange.Start.Line,
			Step: s.StepOf(r), InCycle: s.InCycle(r), Focus: s.IsFocus(r),
		})
	}
	for _, e := range s.Edges {
		j.Edges = append(j.Edges, jsonGEdge{
			From: e.F.Resource.Ref(), To: e.T.Resource.Ref(), Kinds: e.Kinds.Names(),
			Refresh: e.Refresh(), Auto: e.Kinds.Auto(), OnCycle: s.OnCycle(e),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}
