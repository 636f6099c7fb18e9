package render

import (
	"encoding/json"
	"io"

	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/graph"
)

// jsonPlan is the plan JSON (DESIGN.md §4): the catalog JSON (format,
// resources, edges) plus `order` and, per resource, `refreshed_by`; and
// `cycles` when the plan has any. Keep in sync with PlanJSON's doc.
type jsonPlan struct {
	Format    string             `json:"format"`
	Resources []jsonPlanResource `json:"resources"`
	Edges     []catalog.JSONEdge `json:"edges"`
	Order     []string           `json:"order"`
	Cycles    []jsonCycle        `json:"cycles,omitempty"`
}

type jsonPlanResource struct {
	catalog.JSONResource
	RefreshedBy []string `json:"refreshed_by"`
}

type jsonCycle struct {
	Path    []string `json:"path"`
	Members []string `json:"members"`
}

// PlanJSON writes the plan as JSON: the catalog JSON of the plan's
// catalog (same format string, resources in declaration order, edges with
// kinds, refresh and origins) with
//
//   - "order": the refs in apply order (with cycles: only those that could
//     be ordered);
//   - per resource, "refreshed_by": the refs whose events reach it,
//     directly or through chains of refresh edges, by declaration index;
//   - "cycles" (only when there are some): per cycle its "path" (first ref
//     = last ref) and its component's "members", sorted by ref.
//
// The same plan always gives the same bytes (indented, no HTML escaping).
func PlanJSON(w io.Writer, p *graph.Plan) error {
	cat := p.Graph.JSON()
	out := jsonPlan{Format: cat.Format, Edges: cat.Edges, Order: []string{}}
	out.Resources = make([]jsonPlanResource, len(cat.Resources))
	for i, r := range cat.Resources {
		out.Resources[i] = jsonPlanResource{JSONResource: r, RefreshedBy: []string{}}
		for _, rf := range p.RefreshedBy(p.Graph.Catalog.Resources[i]) {
			out.Resources[i].RefreshedBy = append(out.Resources[i].RefreshedBy, rf.Resource.Ref())
		}
	}
	for _, s := range p.Steps {
		out.Order = append(out.Order, s.Resource.Ref())
	}
	for _, c := range p.Cycles {
		out.Cycles = append(out.Cycles, jsonCycle{Path: refStrings(c.Path), Members: refStrings(c.Members)})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func refStrings(rs []*catalog.Resource) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Ref()
	}
	return out
}
