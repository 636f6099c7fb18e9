package catalog

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"strconv"

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
// marker: {"sensitive": "hmac-sha256:<hex>"}.
type JSONValue struct{ V types.Value }

// MarshalJSON implements json.Marshaler.
func (v JSONValue) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	writeValue(&b, v.V)
	return b.Bytes(), nil
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
			Namevars:   JSONValue{r.Namevars},
			Attributes: JSONValue{r.Attributes},
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
		jt := JSONType{Name: t.Name, Attributes: make([]JSONAttribute, 0, len(t.Attributes))}
		for _, a := range t.Attributes {
			jt.Attributes = append(jt.Attributes, JSONAttribute{Name: a.Name, Behaviour: a.Behaviour.String(), Sensitive: a.Sensitive})
		}
		out = append(out, jt)
	}
	return out
}

// Write writes j as indented JSON followed by a newline. The same catalog
// always gives the same bytes.
func (j *JSONCatalog) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// WriteJSON writes the catalog JSON of c (without edges) to w.
func WriteJSON(w io.Writer, c *Catalog) error { return NewJSON(c).Write(w) }

// sensitiveKey keys the digest of sensitive values: fixed, so that two runs
// (and two catalogs for diff) digest the same value the same way.
var sensitiveKey = []byte("catc sensitive value digest v1")

// SensitiveDigest is the marker text of a sensitive value:
// "hmac-sha256:" and the keyed digest of the value's JSON form.
func SensitiveDigest(v types.Value) string {
	var b bytes.Buffer
	writeValue(&b, v)
	m := hmac.New(sha256.New, sensitiveKey)
	m.Write(b.Bytes())
	return "hmac-sha256:" + hex.EncodeToString(m.Sum(nil))
}

func writeValue(b *bytes.Buffer, v types.Value) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		writeFloat(b, v)
	case string:
		writeString(b, v)
	case []types.Value:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, x)
		}
		b.WriteByte(']')
	case *types.Hash:
		writeHash(b, v)
	case types.Sensitive:
		b.WriteString(`{"sensitive":`)
		writeString(b, SensitiveDigest(v.Value))
		b.WriteByte('}')
	default:
		b.WriteString("null")
	}
}

func writeHash(b *bytes.Buffer, h *types.Hash) {
	if h == nil {
		b.WriteString("{}")
		return
	}
	b.WriteByte('{')
	for i, k := range h.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, k)
		b.WriteByte(':')
		writeValue(b, h.Values[i])
	}
	b.WriteByte('}')
}

func writeFloat(b *bytes.Buffer, f float64) {
	s := formatFloat(f)
	if _, err := json.Marshal(f); err != nil { // NaN or ±Inf: not JSON numbers
		writeString(b, s)
		return
	}
	b.WriteString(s)
}

func writeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)       // a string always encodes
	b.Truncate(b.Len() - 1) // Encode's newline
}
