package catalog

import (
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/types"
)

// JSONFormat is the value of the "format" key of the catalog JSON.
const JSONFormat = "catc.catalog/1"

// JSONCatalog is the catalog JSON of DESIGN.md §4. NewJSON fills Format
// and Resources; the graph stage fills Edges (sorted) before writing.
type JSONCatalog struct {
	Format    string         `json:"format"`
	Types     []JSONType     `json:"types"`
	Resources []JSONResource `json:"resources"`
	Edges     []JSONEdge     `json:"edges"`
}

// JSONType is one type definition, reduced to what a reader of the catalog
// needs to compare resources (diff): each attribute's behaviour and whether
// it is sensitive.
type JSONType struct {
	Name       string          `json:"name"`
	Attributes []JSONAttribute `json:"attributes"`
	// Features are the type's features, when it has any: diff reads
	// custom_generate (a container that may purge what it contains).
	Features []string `json:"features,omitempty"`
}

// JSONAttribute is one attribute of a JSONType. Behaviour is "property",
// "namevar", "parameter", "read_only" or "init_only".
type JSONAttribute struct {
	Name      string `json:"name"`
	Behaviour string `json:"behaviour"`
	Sensitive bool   `json:"sensitive"`
}

// JSONResource is one resource, in declaration order.
type JSONResource struct {
	Ref        string    `json:"ref"`
	Type       string    `json:"type"`
	Title      string    `json:"title"`
	Namevars   JSONValue `json:"namevars"`
	Attributes JSONValue `json:"attributes"`
	Tags       []string  `json:"tags"`
	Noop       *bool     `json:"noop"`
	File       string    `json:"file"`
	Line       int       `json:"line"`
	Index      int       `json:"index"`
}

// JSONEdge is one graph edge: From is applied before To.
type JSONEdge struct {
	From    string       `json:"from"`
	To      string       `json:"to"`
	Kinds   []string     `json:"kinds"`
	Refresh bool         `json:"refresh"`
	Origins []JSONOrigin `json:"origins"`
}

// JSONOrigin is where an edge kind was written: the resource's
// metaparameter, or (Rule non-empty, e.g. "autorequire file") a type's
// auto rule.
type JSONOrigin struct {
	Kind string `json:"kind"`
	File string `json:"file"`
	Line int    `json:"line"`
	Rule string `json:"rule,omitempty"`
}

// JSONValue is a types.Value that marshals with hash keys in their order,
// floats that stay floats (1.0), and sensitive values replaced by a
// marker: {"sensitive": "hmac-sha256:<key id>:<hex>"} with a digest key,
// {"sensitive": "redacted"} without (see Catalog.SensitiveMarker). It unmarshals with the
// same rules (key order kept, 1 an Integer and 1.0 a Float); a marker
// reads back as the hash it is.
type JSONValue struct {
	V types.Value
	// key is the digest key of the catalog V belongs to (nil: none).
	key *DigestKey
}

// UnmarshalJSON implements json.Unmarshaler.
func (v *JSONValue) UnmarshalJSON(data []byte) error {
	val, err := types.DecodeJSON(data)
	if err != nil {
		return err
	}
	v.V = val
	return nil
}

// MarshalJSON implements json.Marshaler.
func (v JSONValue) MarshalJSON() ([]byte, error) {
	w := jsonw.Compact()
	writeValue(w, v.V, v.key)
	return w.Bytes(), nil
}

// NewJSON builds the catalog JSON of c with no edges.
func NewJSON(c *Catalog) *JSONCatalog {
	out := &JSONCatalog{Format: JSONFormat, Types: jsonTypes(c.Types), Resources: make([]JSONResource, 0, len(c.Resources)), Edges: []JSONEdge{}}
	for _, r := range c.Resources {
		tags := r.Tags
		if tags == nil {
			tags = []string{}
		}
		out.Resources = append(out.Resources, JSONResource{
			Ref:        r.Ref(),
			Type:       r.Type.Name,
			Title:      r.Title,
			Namevars:   JSONValue{r.Namevars, c.digestKey},
			Attributes: JSONValue{r.Attributes, c.digestKey},
			Tags:       tags,
			Noop:       r.Noop,
			File:       r.DeclRange.Filename,
			Line:       r.DeclRange.Start.Line,
			Index:      r.Index,
		})
	}
	return out
}

// jsonTypes lists the type definitions in declaration order.
func jsonTypes(defs []*TypeDef) []JSONType {
	out := make([]JSONType, 0, len(defs))
	for _, t := range defs {
		jt := JSONType{Name: t.Name, Attributes: make([]JSONAttribute, 0, len(t.Attributes)), Features: t.Features}
		for _, a := range t.Attributes {
			jt.Attributes = append(jt.Attributes, JSONAttribute{Name: a.Name, Behaviour: a.Behaviour.String(), Sensitive: a.IsSecret()})
		}
		out = append(out, jt)
	}
	return out
}

// Write writes j as indented JSON followed by a newline: the bytes of
// encoding/json's Encoder with SetIndent("", "  ") and SetEscapeHTML(false)
// on j, written by hand (see internal/jsonw). The same catalog always gives
// the same bytes.
func (j *JSONCatalog) Write(w io.Writer) error {
	jw := jsonw.New(w)
	jw.BeginObject()
	jw.Key("format")
	jw.String(j.Format)
	jw.Key("types")
	WriteJSONTypes(jw, j.Types)
	jw.Key("resources")
	if j.Resources == nil {
		jw.Null()
	} else {
		jw.BeginArray()
		for i := range j.Resources {
			jw.BeginObject()
			j.Resources[i].WriteMembers(jw)
			jw.EndObject()
		}
		jw.EndArray()
	}
	jw.Key("edges")
	WriteJSONEdges(jw, j.Edges)
	jw.EndObject()
	return jw.Finish()
}

// WriteJSONTypes writes the "types" array of the catalog JSON; the plan
// JSON, which extends the catalog JSON, writes it too.
func WriteJSONTypes(w *jsonw.Writer, ts []JSONType) {
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

// WriteMembers writes the members of r's object, in the order of its
// fields, for a caller that opens and closes the object (and may add
// members of its own, as the plan JSON does).
func (r *JSONResource) WriteMembers(w *jsonw.Writer) {
	w.Key("ref")
	w.String(r.Ref)
	w.Key("type")
	w.String(r.Type)
	w.Key("title")
	w.String(r.Title)
	w.Key("namevars")
	writeValue(w, r.Namevars.V, r.Namevars.key)
	w.Key("attributes")
	writeValue(w, r.Attributes.V, r.Attributes.key)
	w.Key("tags")
	w.Strings(r.Tags)
	w.Key("noop")
	if r.Noop == nil {
		w.Null()
	} else {
		w.Bool(*r.Noop)
	}
	w.Key("file")
	w.String(r.File)
	w.Key("line")
	w.Int(int64(r.Line))
	w.Key("index")
	w.Int(int64(r.Index))
}

// WriteJSONEdges writes edges as a JSON array (null when nil).
func WriteJSONEdges(w *jsonw.Writer, edges []JSONEdge) {
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

func writeOrigins(w *jsonw.Writer, os []JSONOrigin) {
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

// WriteJSON writes the catalog JSON of c (without edges) to w.
func WriteJSON(w io.Writer, c *Catalog) error { return NewJSON(c).Write(w) }

// writeValue writes v with hash keys in their order, floats that stay
// floats and sensitive values as their marker under key.
func writeValue(w *jsonw.Writer, v types.Value, key *DigestKey) {
	switch v := v.(type) {
	case nil:
		w.Null()
	case bool:
		w.Bool(v)
	case int64:
		w.Int(v)
	case float64:
		writeFloat(w, v)
	case string:
		w.String(v)
	case []types.Value:
		w.BeginArray()
		for _, x := range v {
			writeValue(w, x, key)
		}
		w.EndArray()
	case *types.Hash:
		writeHash(w, v, key)
	case types.Sensitive:
		w.BeginObject()
		w.Key("sensitive")
		w.String(key.marker(v.Value))
		w.EndObject()
	default:
		w.Null()
	}
}

func writeHash(w *jsonw.Writer, h *types.Hash, key *DigestKey) {
	w.BeginObject()
	if h != nil {
		for i, k := range h.Keys {
			w.Key(k)
			writeValue(w, h.Values[i], key)
		}
	}
	w.EndObject()
}

// writeFloat writes f in the Ruby form; NaN and ±Inf are not JSON
// numbers, so they are written as strings.
func writeFloat(w *jsonw.Writer, f float64) {
	s := formatFloat(f)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		w.String(s)
		return
	}
	w.Number(s)
}

// formatFloat prints a float so that it never reads as an integer.
func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") {
		s += ".0"
	}
	return s
}
