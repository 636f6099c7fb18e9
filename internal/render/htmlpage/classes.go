package htmlpage

import (
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
)

// noClass names the group of the resources no class contains (an HCL
// resource beside a Puppet catalog's).
const noClass = "(no class)"

// classGrouping groups a Puppet catalog's resources by the class that
// holds them: the nearest class up their containers (through defines),
// a class being its own group. ok is false when no resource came from
// a Puppet catalog.
func classGrouping(rs []*catalog.Resource) (Grouping, bool) {
	external := false
	for _, r := range rs {
		external = external || r.External != nil
	}
	if !external {
		return Grouping{}, false
	}
	return groupBy("class", len(rs), func(i int) string { return classOf(rs[i]) }), true
}

// classOf is the ref of the class that holds r. Containers form a tree
// in a catalog Puppet wrote, but the walk is bounded all the same.
func classOf(r *catalog.Resource) string {
	for range 64 {
		if isClass(r) {
			return r.Ref()
		}
		if r.External == nil || len(r.External.Containers) == 0 {
			return noClass
		}
		r = r.External.Containers[0]
	}
	return noClass
}

// containerGrouping groups a Puppet catalog's resources by the
// container that holds them: the nearest class or defined-type instance
// up their containers, a container being its own group. A define
// instance then folds alone, where the class grouping folds it with its
// class. ok is false when it would group as classGrouping does (no
// define instance holds a resource), or no resource came from a Puppet
// catalog.
func containerGrouping(rs []*catalog.Resource, classes Grouping) (Grouping, bool) {
	g := groupBy("container", len(rs), func(i int) string { return containerOf(rs[i]) })
	for i, k := range g.Of {
		if g.Names[k] != classes.Names[classes.Of[i]] {
			return g, true
		}
	}
	return Grouping{}, false
}

// containerOf is the ref of the class or define instance that holds r
// (stages and nodes are passed through, as classOf does).
func containerOf(r *catalog.Resource) string {
	for range 64 {
		if r.External == nil {
			return noClass
		}
		if r.External.Container && !strings.EqualFold(r.Type.Name, "stage") && !strings.EqualFold(r.Type.Name, "node") {
			return r.Ref()
		}
		if len(r.External.Containers) == 0 {
			return noClass
		}
		r = r.External.Containers[0]
	}
	return noClass
}

func isClass(r *catalog.Resource) bool {
	if r.External != nil && r.External.Kind == "class" {
		return true
	}
	return strings.EqualFold(r.Type.Name, "class")
}
