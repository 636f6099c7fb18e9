package catalogjson

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/jsonw"
)

// writeParamOrigins adds, for a class or defined-type instance that
// catc's compiler of classes built, "param_origins": where each of its
// parameters' values came from (catalog.ParamOrigin), in the order of its
// variable blocks:
//
//	{"param", "kind": "declaration"|"resource default"|"data"|"default",
//	 "file", "line", "column",
//	 "via" and "in" (declaration: include|contain|require|resource, and
//	 the ref of the body that declared it), "key" and "data" (data: the
//	 key looked up and every data file that gave the value, highest
//	 priority first: {"file", "path", "line", "column", "level"}, path
//	 relative to the site directory)}
//
// Other resources get no such key. No value is written: a secret's
// origin is a place only.
func writeParamOrigins(jw *jsonw.Writer, r *catalog.Resource) {
	os := r.ParamOrigins()
	if len(os) == 0 {
		return
	}
	jw.Key("param_origins")
	jw.BeginArray()
	for _, o := range os {
		NewParamOrigin(o).write(jw)
	}
	jw.EndArray()
}

// write streams j with the members, and the empty ones left out, that
// encoding/json gives ParamOrigin: the plan JSON and the diff JSON write
// an origin alike.
func (j ParamOrigin) write(jw *jsonw.Writer) {
	str := func(k, v string) {
		jw.Key(k)
		jw.String(v)
	}
	num := func(k string, n int) {
		jw.Key(k)
		jw.Int(int64(n))
	}
	optional := func(k, v string) {
		if v != "" {
			str(k, v)
		}
	}
	jw.BeginObject()
	str("param", j.Param)
	str("kind", j.Kind)
	str("file", j.File)
	num("line", j.Line)
	num("column", j.Column)
	optional("via", j.Via)
	optional("in", j.In)
	optional("key", j.Key)
	if len(j.Data) > 0 {
		jw.Key("data")
		jw.BeginArray()
		for _, d := range j.Data {
			jw.BeginObject()
			str("file", d.File)
			str("path", d.Path)
			num("line", d.Line)
			num("column", d.Column)
			str("level", d.Level)
			jw.EndObject()
		}
		jw.EndArray()
	}
	jw.EndObject()
}

// ParamOrigin is one of "param_origins" as read back (Read), and as the
// diff JSON writes a changed parameter's origin (package plandiff's
// "old_origin" and "new_origin"): the same members as writeParamOrigins
// writes.
type ParamOrigin struct {
	Param  string       `json:"param"`
	Kind   string       `json:"kind"`
	File   string       `json:"file"`
	Line   int          `json:"line"`
	Column int          `json:"column"`
	Via    string       `json:"via,omitempty"`
	In     string       `json:"in,omitempty"`
	Key    string       `json:"key,omitempty"`
	Data   []DataSource `json:"data,omitempty"`
}

// DataSource is one data file of a ParamOrigin.
type DataSource struct {
	File   string `json:"file"`
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Level  string `json:"level"`
}

// NewParamOrigin is o as the JSON writes it: its range is its start.
func NewParamOrigin(o catalog.ParamOrigin) ParamOrigin {
	j := ParamOrigin{Param: o.Param, Kind: o.Kind, File: o.Range.Filename, Line: o.Range.Start.Line, Column: o.Range.Start.Column,
		Via: o.Via, In: o.In, Key: o.Key}
	for _, d := range o.Data {
		j.Data = append(j.Data, DataSource(d))
	}
	return j
}

// Origin is the catalog.ParamOrigin j describes; its range is the start
// the JSON keeps (one column wide).
func (j ParamOrigin) Origin() catalog.ParamOrigin {
	at := hcl.Pos{Line: j.Line, Column: j.Column}
	o := catalog.ParamOrigin{Param: j.Param, Kind: j.Kind, Via: j.Via, In: j.In, Key: j.Key,
		Range: hcl.Range{Filename: j.File, Start: at, End: hcl.Pos{Line: j.Line, Column: j.Column + 1}}}
	for _, d := range j.Data {
		o.Data = append(o.Data, catalog.DataSource(d))
	}
	return o
}
