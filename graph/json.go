package graph

import (
	"slices"
	"strings"

	"github.com/catc-dev/catc/catalog"
)

// JSON is the catalog JSON of DESIGN.md §4 with its edges: catalog.NewJSON
// plus JSONEdges.
func (g *Graph) JSON() *catalog.JSONCatalog {
	j := catalog.NewJSON(g.Catalog)
	j.Edges = g.JSONEdges()
	return j
}

// JSONEdges are the edges in the catalog JSON form, sorted by from ref,
// then to ref (bytewise; ties, possible only in a catalog with load
// errors, by declaration index), so that the same catalog always gives
// the same bytes and a moved declaration does not reorder them. Kinds
// are in the order of the Kind constants; origins in insertion order,
// each with the file and line of the reference, or, for an auto rule,
// of the rule's term in the type definition and the rule's name
// ("autorequire file"). It is never nil.
func (g *Graph) JSONEdges() []catalog.JSONEdge {
	// Sort the edge pointers, then build each JSONEdge once, in place:
	// no second copy of a dozen-word struct per edge.
	edges := g.Edges()
	slices.SortStableFunc(edges, func(x, y *Edge) int {
		if c := strings.Compare(x.F.Resource.Ref(), y.F.Resource.Ref()); c != 0 {
			return c
		}
		return strings.Compare(x.T.Resource.Ref(), y.T.Resource.Ref())
	})
	out := make([]catalog.JSONEdge, len(edges))
	for i, e := range edges {
		out[i] = jsonEdge(e)
	}
	return out
}

func jsonEdge(e *Edge) catalog.JSONEdge {
	j := catalog.JSONEdge{
		From: e.F.Resource.Ref(), To: e.T.Resource.Ref(),
		Kinds: e.Kinds.Names(), Refresh: e.Refresh(),
		Origins: make([]catalog.JSONOrigin, len(e.Origins)),
	}
	for i, o := range e.Origins {
		rng := o.Range
		if o.Rule != nil {
			rng = o.RuleRange()
		}
		j.Origins[i] = catalog.JSONOrigin{Kind: o.Kind.String(), File: rng.Filename, Line: rng.Start.Line, Rule: o.RuleName()}
	}
	return j
}
