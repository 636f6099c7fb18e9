package puppetcatalog

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// Model builds the catalog catc plans from pc, with the type definitions
// of defs (an HCL load; nil for none): see catalog.FromExternal.
// Exported resources of PuppetDB's catalogs are left out (LeftOut),
// with the containment edges that name them. A
// containment edge given twice counts once, as for Puppet's agent (it
// reads a container's contents as a set); edges that loop through a
// resource are an error (containmentLoops). pc is not modified.
func Model(pc *Catalog, defs *catalog.Catalog) (*catalog.Catalog, hcl.Diagnostics) {
	if edges, repeated := uniqueEdges(pc.Edges, len(pc.Resources)); repeated {
		once := *pc
		once.Edges = edges
		pc = &once
	}
	pos := keptPositions(pc)
	c, diags := model(pc, defs, pos)
	diags = append(componentWarnings(pc), diags...)
	return c, append(diags, containmentLoops(pc, c, pos)...)
}

// uniqueEdges is edges (between n resources) with each source and
// target pair once, at its first place, and whether some pair was
// repeated (edges itself when none was). Only a resource held by two
// edges can be held twice by one container, and in a catalog Puppet
// wrote that is only a contain()ed class: the pairs are kept in a map
// for those alone.
func uniqueEdges(edges []Edge, n int) ([]Edge, bool) {
	if len(edges) < 2 {
		return edges, false
	}
	held := make([]int32, n) // edges into each resource
	for _, e := range edges {
		held[e.Target]++
	}
	var seen map[[2]int]bool
	var out []Edge
	for i, e := range edges {
		if held[e.Target] < 2 {
			if out != nil {
				out = append(out, e)
			}
			continue
		}
		if seen == nil {
			seen = map[[2]int]bool{}
		}
		pair := [2]int{e.Source, e.Target}
		if !seen[pair] {
			seen[pair] = true
			if out != nil {
				out = append(out, e)
			}
			continue
		}
		if out == nil {
			out = append(make([]Edge, 0, len(edges)-1), edges[:i]...)
		}
	}
	if out == nil {
		return edges, false
	}
	return out, true
}
