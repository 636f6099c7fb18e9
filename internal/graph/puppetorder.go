package graph

// A catalog read from Puppet (catalog.FromExternal: its Source is set),
// with containers or without: Order plans it as Puppet's agent does,
// through the expanded graph (Expand), and the plan's steps are its
// resources in that order, each container at its start (its admissible
// whit).

// puppetOrder is the agent's order (x: g expanded) as resource indexes (a container
// where it starts) with the expanded order itself, and the cycles, each
// container standing for its whits.
func (g *Graph) puppetOrder(x *Expanded) ([]int32, []Vertex, Cycles) {
	vertices, vcycles := x.Order()
	ordered := make([]int32, 0, len(g.nodes))
	for _, v := range vertices {
		if v.Whit != Completed {
			ordered = append(ordered, int32(v.Resource.Index))
		}
	}
	var cycles Cycles
	for _, vc := range vcycles {
		cycles = append(cycles, g.containerCycle(vc))
	}
	return ordered, vertices, cycles
}

// containerCycle turns a cycle of the expanded graph into one of
// resources: a step that is no relationship (a container holding the
// next resource, or a resource ending its container) is an edge without
// origins whose Step says which, as EdgeLine says it.
func (g *Graph) containerCycle(vc VertexCycle) Cycle {
	c := Cycle{}
	seen := map[int]bool{}
	for _, v := range vc.Members {
		if !seen[v.Resource.Index] {
			seen[v.Resource.Index] = true
			c.Members = append(c.Members, v.Resource)
		}
	}
	for i, v := range vc.Path {
		c.Path = append(c.Path, v.Resource)
		if i == 0 {
			continue
		}
		u := vc.Path[i-1]
		from, to := u.Resource.Index, v.Resource.Index
		step := containmentOf(u, v)
		var e *Edge
		if step == NoContainment {
			e = g.edgeOf(from, to)
		}
		if e == nil {
			e = &Edge{F: g.nodes[from], T: g.nodes[to], Step: step}
		}
		c.Edges = append(c.Edges, e)
	}
	return c
}
