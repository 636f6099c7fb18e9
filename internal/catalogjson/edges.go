package catalogjson

import (
	"slices"
	"strings"

	"github.com/catc-dev/catc/internal/graph"
)

// OfGraph is the catalog JSON of g's catalog with its edges: New plus
// Edges.
func OfGraph(g *graph.Graph) *Document {
	j := New(g.Catalog)
	j.Edges = Edges(g)
	return j
}

// Edges are g's edges in the catalog JSON form, sorted by from ref, then
// to ref (bytewise; ties, possible only in a catalog with load errors, by
// declaration index), so that the same catalog always gives the same
// bytes and a moved declaration does not reorder them. Kinds are in the
// order of the graph.Kind constants; origins in insertion order, each
// with the file and line of the reference, or, for an auto rule, of the
// rule's term in the type definition and the rule's name ("autorequire
// file"). It is never nil.
func Edges(g *graph.Graph) []Edge {
	// Sort the edge pointers, then build each Edge once, in place:
	// no second copy of a dozen-word struct per edge.
	edges := g.Edges()
	slices.SortStableFunc(edges, func(x, y *graph.Edge) int {
		if c := strings.Compare(x.F.Resource.Ref(), y.F.Resource.Ref()); c != 0 {
			return c
		}
		return strings.Compare(x.T.Resource.Ref(), y.T.Resource.Ref())
	})
	out := make([]Edge, len(edges))
	for i, e := range edges {
		out[i] = edgeOf(e)
	}
	return out
}

func edgeOf(e *graph.Edge) Edge {
	j := Edge{
		From: e.F.Resource.Ref(), To: e.T.Resource.Ref(),
		Kinds: e.Kinds.Names(), Refresh: e.Refresh(),
		Origins: make([]Origin, len(e.Origins)),
	}
	for i, o := range e.Origins {
		rng := o.Place()
		if o.Rule != nil {
			rng = o.RuleRange()
		}
		j.Origins[i] = Origin{Kind: o.Kind.String(), File: rng.Filename, Line: rng.Start.Line, Rule: o.RuleName()}
	}
	return j
}
