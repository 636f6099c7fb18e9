package catalogjson

import (
	"io"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/types"
)

// Format is the value of the "format" key of the catalog JSON and of the
// plan JSON (version 1 of both).
const Format = "catc.catalog/1"

// Document is the catalog JSON. New fills Format and Resources; OfGraph
// also fills Edges (sorted).
type Document struct {
	Format    string     `json:"format"`
	Types     []Type     `json:"types"`
	Resources []Resource `json:"resources"`
	Edges     []Edge     `json:"edges"`
}

// Type is one type definition, reduced to what a reader of the catalog
// needs to compare resources (diff): each attribute's behaviour and whether
// it is sensitive.
type Type struct {
	Name       string      `json:"name"`
	Attributes []Attribute `json:"attributes"`
	// Features are the type's features, when it has any: diff reads
	// custom_generate (a container that may purge what it contains).
	Features []string `json:"features,omitempty"`
}

// Attribute is one attribute of a Type. Behaviour is "property",
// "namevar", "parameter", "read_only" or "init_only".
type Attribute struct {
	Name      string `json:"name"`
	Behaviour string `json:"behaviour"`
	Sensitive bool   `json:"sensitive"`
}

// Resource is one resource, in declaration order.
type Resource struct {
	Ref        string   `json:"ref"`
	Type       string   `json:"type"`
	Title      string   `json:"title"`
	Namevars   Value    `json:"namevars"`
	Attributes Value    `json:"attributes"`
	Tags       []string `json:"tags"`
	Noop       *bool    `json:"noop"`
	// Schedule, Loglevel and Audit are the metaparameters of those names,
	// written only when set.
	Schedule string   `json:"schedule,omitempty"`
	Loglevel string   `json:"loglevel,omitempty"`
	Audit    []string `json:"audit,omitempty"`
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Index    int      `json:"index"`
	// ParamOrigins are read from a plan JSON (written by WritePlan, not
	// by writeMembers): where a class's or instance's parameters came from.
	ParamOrigins []ParamOrigin `json:"param_origins,omitempty"`
}

// Edge is one graph edge: From is applied before To.
type Edge struct {
	From    string   `json:"from"`
	To      string   `json:"to"`
	Kinds   []string `json:"kinds"`
	Refresh bool     `json:"refresh"`
	Origins []Origin `json:"origins"`
}

// Origin is where an edge kind was written: the resource's
// metaparameter, or (Rule non-empty, e.g. "autorequire file") a type's
// auto rule.
type Origin struct {
	Kind string `json:"kind"`
	File string `json:"file"`
	Line int    `json:"line"`
	Rule string `json:"rule,omitempty"`
}

// Value is a types.Value that marshals with hash keys in their order,
// floats that stay floats (1.0), and sensitive values replaced by a
// marker: {"sensitive": "hmac-sha256:<key id>:<hex>"} with a digest key,
// {"sensitive": "redacted"} without (see catalog.Catalog.SensitiveMarker).
// It unmarshals with the same rules (key order kept, 1 an Integer and 1.0
// a Float); a marker reads back as the hash it is.
type Value struct {
	V types.Value
	// marker writes a sensitive value: the marker of the catalog V
	// belongs to (nil: secretdigest.None, as for a catalog without a key).
	marker func(types.Value) string
}

// markerOf is v's marker function.
func (v Value) markerOf() func(types.Value) string {
	if v.marker == nil {
		return noDigest
	}
	return v.marker
}

func noDigest(types.Value) string { return secretdigest.None }

// UnmarshalJSON implements json.Unmarshaler.
func (v *Value) UnmarshalJSON(data []byte) error {
	val, err := types.DecodeJSON(data)
	if err != nil {
		return err
	}
	v.V = val
	return nil
}

// MarshalJSON implements json.Marshaler.
func (v Value) MarshalJSON() ([]byte, error) {
	w := jsonw.Compact()
	types.WriteJSON(w, v.V, v.markerOf())
	return w.Bytes(), nil
}

// New builds the catalog JSON of c with no edges.
func New(c *catalog.Catalog) *Document {
	out := &Document{Format: Format, Types: jsonTypes(c.Types), Resources: make([]Resource, 0, len(c.Resources)), Edges: []Edge{}}
	for _, r := range c.Resources {
		tags := r.Tags
		if tags == nil {
			tags = []string{}
		}
		var meta catalog.Metaparams
		if r.Meta != nil {
			meta = *r.Meta
		}
		out.Resources = append(out.Resources, Resource{
			Ref:        r.Ref(),
			Type:       r.Type.Name,
			Title:      r.Title,
			Namevars:   Value{r.Namevars, c.SensitiveMarker},
			Attributes: Value{r.Attributes, c.SensitiveMarker},
			Tags:       tags,
			Noop:       r.Noop,
			Schedule:   meta.Schedule,
			Loglevel:   meta.Loglevel,
			Audit:      meta.Audit,
			File:       r.DeclRange.Filename,
			Line:       r.DeclRange.Start.Line,
			Index:      r.Index,
		})
	}
	return out
}

// jsonTypes lists the type definitions in declaration order.
func jsonTypes(defs []*catalog.TypeDef) []Type {
	out := make([]Type, 0, len(defs))
	for _, t := range defs {
		jt := Type{Name: t.Name, Attributes: make([]Attribute, 0, len(t.Attributes)), Features: t.Features}
		for _, a := range t.Attributes {
			jt.Attributes = append(jt.Attributes, Attribute{Name: a.Name, Behaviour: a.Behaviour.String(), Sensitive: a.IsSecret()})
		}
		out = append(out, jt)
	}
	return out
}

// Write writes j as indented JSON followed by a newline: the bytes of
// encoding/json's Encoder with SetIndent("", "  ") and SetEscapeHTML(false)
// on j, written by hand (see internal/jsonw). The same catalog always gives
// the same bytes.
func (j *Document) Write(w io.Writer) error {
	jw := jsonw.New(w)
	jw.BeginObject()
	jw.Key("format")
	jw.String(j.Format)
	jw.Key("types")
	writeTypes(jw, j.Types)
	jw.Key("resources")
	if j.Resources == nil {
		jw.Null()
	} else {
		jw.BeginArray()
		for i := range j.Resources {
			jw.BeginObject()
			j.Resources[i].writeMembers(jw)
			jw.EndObject()
		}
		jw.EndArray()
	}
	jw.Key("edges")
	writeEdges(jw, j.Edges)
	jw.EndObject()
	return jw.Finish()
}

// writeTypes writes the "types" array of the catalog JSON; the plan
// JSON, which extends the catalog JSON, writes it too.
func writeTypes(w *jsonw.Writer, ts []Type) {
	if ts == nil {
		w.Null()
		return
	}
	w.BeginArray()
	for _, t := range ts {
		w.BeginObject()
		w.Key("name")
		w.String(t.Name)
		w.Key("attributes")
		if t.Attributes == nil {
			w.Null()
		} else {
			w.BeginArray()
			for _, a := range t.Attributes {
				w.BeginObject()
				w.Key("name")
				w.String(a.Name)
				w.Key("behaviour")
				w.String(a.Behaviour)
				w.Key("sensitive")
				w.Bool(a.Sensitive)
				w.EndObject()
			}
			w.EndArray()
		}
		if len(t.Features) > 0 {
			w.Key("features")
			w.BeginArray()
			for _, f := range t.Features {
				w.String(f)
			}
			w.EndArray()
		}
		w.EndObject()
	}
	w.EndArray()
}

// writeMembers writes the members of r's object, in the order of its
// fields, for a caller that opens and closes the object (and may add
// members of its own, as the plan JSON does).
func (r *Resource) writeMembers(w *jsonw.Writer) {
	w.Key("ref")
	w.String(r.Ref)
	w.Key("type")
	w.String(r.Type)
	w.Key("title")
	w.String(r.Title)
	w.Key("namevars")
	types.WriteJSON(w, r.Namevars.V, r.Namevars.markerOf())
	w.Key("attributes")
	types.WriteJSON(w, r.Attributes.V, r.Attributes.markerOf())
	w.Key("tags")
	w.Strings(r.Tags)
	w.Key("noop")
	if r.Noop == nil {
		w.Null()
	} else {
		w.Bool(*r.Noop)
	}
	if r.Schedule != "" {
		w.Key("schedule")
		w.String(r.Schedule)
	}
	if r.Loglevel != "" {
		w.Key("loglevel")
		w.String(r.Loglevel)
	}
	if len(r.Audit) > 0 {
		w.Key("audit")
		w.Strings(r.Audit)
	}
	w.Key("file")
	w.String(r.File)
	w.Key("line")
	w.Int(int64(r.Line))
	w.Key("index")
	w.Int(int64(r.Index))
}

// writeEdges writes edges as a JSON array (null when nil).
func writeEdges(w *jsonw.Writer, edges []Edge) {
	if edges == nil {
		w.Null()
		return
	}
	w.BeginArray()
	for i := range edges {
		e := &edges[i]
		w.BeginObject()
		w.Key("from")
		w.String(e.From)
		w.Key("to")
		w.String(e.To)
		w.Key("kinds")
		w.Strings(e.Kinds)
		w.Key("refresh")
		w.Bool(e.Refresh)
		w.Key("origins")
		writeOrigins(w, e.Origins)
		w.EndObject()
	}
	w.EndArray()
}

func writeOrigins(w *jsonw.Writer, os []Origin) {
	if os == nil {
		w.Null()
		return
	}
	w.BeginArray()
	for _, o := range os {
		w.BeginObject()
		w.Key("kind")
		w.String(o.Kind)
		w.Key("file")
		w.String(o.File)
		w.Key("line")
		w.Int(int64(o.Line))
		if o.Rule != "" {
			w.Key("rule")
			w.String(o.Rule)
		}
		w.EndObject()
	}
	w.EndArray()
}

// WriteCatalog writes the catalog JSON of c (without edges) to w.
func WriteCatalog(w io.Writer, c *catalog.Catalog) error { return New(c).Write(w) }
