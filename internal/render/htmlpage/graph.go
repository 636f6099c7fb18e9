package htmlpage

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

// FromSubgraph is the page of a selected graph.
func FromSubgraph(s *graph.Subgraph, title, caption string) *Page {
	p := &Page{Title: title, Caption: caption, Total: len(s.Graph.Catalog.Resources)}
	at := make(map[*catalog.Resource]int, len(s.Resources))
	num := graph.Numbers(s.Graph.Catalog.Resources, s.StepOf) // as `catc plan` numbers them
	for i, r := range s.Resources {
		at[r] = i
		p.Nodes = append(p.Nodes, Node{Ref: r.Ref(), Type: r.Type.Name, File: r.Place().Filename,
			Line: r.Place().Start.Line, Step: num[r.Index], InCycle: s.InCycle(r), Focus: s.IsFocus(r)})
	}
	for _, e := range s.Edges {
		origins := make([]string, len(e.Origins))
		for i, o := range e.Origins {
			origins[i] = o.String()
		}
		p.Edges = append(p.Edges, Edge{From: at[e.F.Resource], To: at[e.T.Resource], Kinds: e.Kinds.Names(),
			Refresh: e.Refresh(), Auto: e.Kinds.Auto(), OnCycle: s.OnCycle(e), Origins: origins})
	}
	p.Cycles = cyclesOf(s, at)
	p.Groupings = standardGroupings(p.Nodes)
	if classes, ok := classGrouping(s.Resources); ok {
		p.Groupings = append(p.Groupings, classes)
		p.DefaultGroup = classes.Key
		if containers, ok := containerGrouping(s.Resources, classes); ok {
			p.Groupings = append(p.Groupings, containers)
		}
	}
	return p
}

// cyclesOf lists each cycle's members on the page, in page order.
func cyclesOf(s *graph.Subgraph, at map[*catalog.Resource]int) [][]int {
	var out [][]int
	for _, c := range s.Cycles() {
		var members []int
		for _, r := range c.Members {
			if i, ok := at[r]; ok {
				members = append(members, i)
			}
		}
		if len(members) > 0 {
			out = append(out, members)
		}
	}
	return out
}
