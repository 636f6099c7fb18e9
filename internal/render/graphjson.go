package render

import (
	"io"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/jsonw"
)

// GraphJSON writes s as JSON (format "catc.graph/1"): the selected part of
// the graph as data, for tools that draw it their own way. Keep in sync
// with the README's "Graph JSON" section. Like DOT it carries refs and
// source positions, never attribute values. The keys are, in order:
//
//   - "format", and "total": the number of resources in the whole catalog;
//   - "nodes", in apply order (the ones blocked by a cycle last, in
//     declaration order): "ref", "type", "title", "file", "line", "step"
//     (the resource's number in `catc plan`, 0 when blocked: for a Puppet
//     catalog resources only, a container's is that of the first resource
//     after its start; graph.Numbers), then
//     "in_cycle" and "focus" only when true; for a catalog read from
//     Puppet, "container" (true for a class, define, node or stage) only
//     when true, and "in": the refs of the containers holding it, only
//     when there are some;
//   - "edges" (each "from is applied before to"), in the subgraph's
//     order: "from", "to", "kinds", "refresh", "auto", then "on_cycle"
//     only when true.
//
// The bytes are those encoding/json would write, indented by two spaces
// without HTML escaping.
func GraphJSON(w io.Writer, s *graph.Subgraph) error {
	jw := jsonw.New(w)
	jw.BeginObject()
	jw.Key("format")
	jw.String("catc.graph/1")
	jw.Key("total")
	jw.Int(int64(len(s.Graph.Catalog.Resources)))
	jw.Key("nodes")
	jw.BeginArray()
	num := graph.Numbers(s.Graph.Catalog.Resources, s.StepOf)
	for _, r := range s.Resources {
		jw.BeginObject()
		jw.Key("ref")
		jw.String(r.Ref())
		jw.Key("type")
		jw.String(r.Type.Name)
		jw.Key("title")
		jw.String(r.Title)
		jw.Key("file")
		jw.String(r.Place().Filename)
		jw.Key("line")
		jw.Int(int64(r.Place().Start.Line))
		jw.Key("step")
		jw.Int(int64(num[r.Index]))
		writeFlag(jw, "in_cycle", s.InCycle(r))
		writeFlag(jw, "focus", s.IsFocus(r))
		writeContainers(jw, r)
		jw.EndObject()
	}
	jw.EndArray()
	jw.Key("edges")
	jw.BeginArray()
	for _, e := range s.Edges {
		jw.BeginObject()
		jw.Key("from")
		jw.String(e.F.Resource.Ref())
		jw.Key("to")
		jw.String(e.T.Resource.Ref())
		jw.Key("kinds")
		jw.Strings(e.Kinds.Names())
		jw.Key("refresh")
		jw.Bool(e.Refresh())
		jw.Key("auto")
		jw.Bool(e.Kinds.Auto())
		writeFlag(jw, "on_cycle", s.OnCycle(e))
		jw.EndObject()
	}
	jw.EndArray()
	jw.EndObject()
	return jw.Finish()
}

// writeFlag writes the member key: true when on (omitempty's rule).
func writeFlag(jw *jsonw.Writer, key string, on bool) {
	if on {
		jw.Key(key)
		jw.Bool(true)
	}
}

// writeContainers writes "container" and "in" for a resource read from a
// Puppet catalog (nothing for HCL, which has no containers).
func writeContainers(jw *jsonw.Writer, r *catalog.Resource) {
	writeFlag(jw, "container", graph.IsContainer(r))
	if r.External == nil || len(r.External.Containers) == 0 {
		return
	}
	jw.Key("in")
	jw.BeginArray()
	for _, c := range r.External.Containers {
		jw.String(c.Ref())
	}
	jw.EndArray()
}
