package catalogjson

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/jsonw"
)

// writeContainment adds, for a resource of a catalog read from Puppet,
// "step" (its number in the plan text, graph.Numbers: classes and
// defines are not counted; 0 when a cycle blocks it), "container" (a
// class, stage, node or define instance: the agent expands it) and
// "contained_in" (its containers' refs). An HCL catalog's resources get
// none of these keys (their step is their place in "order").
func writeContainment(jw *jsonw.Writer, r *catalog.Resource, num []int) {
	if r.External == nil {
		return
	}
	if num != nil {
		jw.Key("step")
		jw.Int(int64(num[r.Index]))
	}
	jw.Key("container")
	jw.Bool(graph.IsContainer(r))
	jw.Key("contained_in")
	jw.Strings(refStrings(r.External.Containers))
}

// writeEvaluation adds, for a catalog read from Puppet, "evaluation":
// the agent's order with each container's start and end
// ({"ref", "container": "start"|"end"}), and "notes": what catc cannot
// know offline (catalog.ExternalNotes).
func writeEvaluation(jw *jsonw.Writer, p *graph.Plan) {
	if p.Graph.Catalog.Source == nil {
		return
	}
	if p.Evaluation != nil && len(p.Cycles) == 0 {
		jw.Key("evaluation")
		jw.BeginArray()
		for _, v := range p.Evaluation {
			jw.BeginObject()
			jw.Key("ref")
			jw.String(v.String())
			switch v.Whit {
			case graph.Admissible:
				jw.Key("container")
				jw.String("start")
			case graph.Completed:
				jw.Key("container")
				jw.String("end")
			}
			jw.EndObject()
		}
		jw.EndArray()
	}
	jw.Key("notes")
	jw.Strings(append([]string{}, p.Graph.Catalog.ExternalNotes()...))
}
