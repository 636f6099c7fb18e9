package catalogjson

import (
	"io"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/jsonw"
)

// WritePlan writes the plan as JSON: the catalog JSON of the plan's
// catalog (same format string, types, resources in declaration order,
// edges with kinds, refresh and origins) with
//
//   - "order": the refs in apply order, absent when there are cycles
//     (Puppet applies nothing of such a catalog);
//   - per resource of a catalog read from Puppet, "step", "container" and
//     "contained_in" (writeContainment);
//   - per class or defined-type instance compiled by catc,
//     "param_origins" (writeParamOrigins);
//   - per resource, "refreshed_by": the refs whose events reach it,
//     directly or through chains of refresh edges, by declaration index
//     (the graph.RefreshersShown nearest when more do, and then
//     "refreshed_by_more": how many more);
//   - "cycles" (only when there are some): per cycle its "path" (first ref
//     = last ref) and its component's "members", sorted by ref.
//
// The same plan always gives the same bytes (indented, no HTML escaping).
func WritePlan(w io.Writer, p *graph.Plan) error {
	cat := OfGraph(p.Graph)
	jw := jsonw.New(w)
	jw.BeginObject()
	jw.Key("format")
	jw.String(cat.Format)
	jw.Key("types")
	writeTypes(jw, cat.Types)
	jw.Key("resources")
	jw.BeginArray()
	var num []int
	if p.Graph.Catalog.Source != nil {
		num = graph.Numbers(p.Graph.Catalog.Resources, p.StepOf)
	}
	for i := range cat.Resources {
		jw.BeginObject()
		cat.Resources[i].writeMembers(jw)
		r := p.Graph.Catalog.Resources[i]
		writeContainment(jw, r, num)
		writeParamOrigins(jw, r)
		jw.Key("refreshed_by")
		jw.BeginArray()
		for _, rf := range p.RefreshedBy(r) {
			jw.String(rf.Resource.Ref())
		}
		jw.EndArray()
		if more := p.MoreRefreshers(r); more > 0 {
			jw.Key("refreshed_by_more")
			jw.Int(int64(more))
		}
		jw.EndObject()
	}
	jw.EndArray()
	jw.Key("edges")
	writeEdges(jw, cat.Edges)
	if len(p.Cycles) == 0 {
		jw.Key("order")
		jw.BeginArray()
		for _, s := range p.Steps {
			jw.String(s.Resource.Ref())
		}
		jw.EndArray()
	} else {
		jw.Key("cycles")
		jw.BeginArray()
		for _, c := range p.Cycles {
			jw.BeginObject()
			jw.Key("path")
			jw.Strings(refStrings(c.Path))
			jw.Key("members")
			jw.Strings(refStrings(c.Members))
			jw.EndObject()
		}
		jw.EndArray()
	}
	writeEvaluation(jw, p)
	jw.EndObject()
	return jw.Finish()
}

func refStrings(rs []*catalog.Resource) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Ref()
	}
	return out
}
