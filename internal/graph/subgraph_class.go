package graph

import "github.com/catc-dev/catc/internal/catalog"

// withContents is roots with, after each container among them (a class,
// define, node or stage of a catalog read from Puppet), everything it
// contains, nested containers included, each resource once: focusing on
// a class focuses on its resources, whose edges are the class's edges
// once the agent expands it.
func withContents(roots []*catalog.Resource) []*catalog.Resource {
	if len(roots) == 0 {
		return roots
	}
	seen := map[*catalog.Resource]bool{}
	var out []*catalog.Resource
	var add func(r *catalog.Resource)
	add = func(r *catalog.Resource) {
		if seen[r] {
			return
		}
		seen[r] = true
		out = append(out, r)
		if IsContainer(r) {
			for _, c := range r.External.Contents {
				add(c)
			}
		}
	}
	for _, r := range roots {
		add(r)
	}
	return out
}
