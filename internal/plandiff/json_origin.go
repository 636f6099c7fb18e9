package plandiff

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// jsonOrigin is a catalog.ParamOrigin in the diff JSON: "old_origin" and
// "new_origin" of an attribute change, written as the plan JSON writes
// "param_origins" (docs/diff-json.md).
type jsonOrigin struct {
	Param  string           `json:"param"`
	Kind   string           `json:"kind"`
	File   string           `json:"file"`
	Line   int              `json:"line"`
	Column int              `json:"column"`
	Via    string           `json:"via,omitempty"`
	In     string           `json:"in,omitempty"`
	Key    string           `json:"key,omitempty"`
	Data   []jsonDataSource `json:"data,omitempty"`
}

type jsonDataSource struct {
	File   string `json:"file"`
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Level  string `json:"level"`
}

// jsonDataCause is a DataCause: "data_causes" of the document.
type jsonDataCause struct {
	Key   string `json:"key"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	Level string `json:"level"`
	Old   bool   `json:"old,omitempty"`
}

func newJSONOrigin(o *catalog.ParamOrigin) *jsonOrigin {
	if o == nil {
		return nil
	}
	j := &jsonOrigin{Param: o.Param, Kind: o.Kind, File: o.Range.Filename, Line: o.Range.Start.Line, Column: o.Range.Start.Column,
		Via: o.Via, In: o.In, Key: o.Key}
	for _, d := range o.Data {
		j.Data = append(j.Data, jsonDataSource(d))
	}
	return j
}

func (j *jsonOrigin) origin() *catalog.ParamOrigin {
	if j == nil {
		return nil
	}
	at := hcl.Pos{Line: j.Line, Column: j.Column}
	o := &catalog.ParamOrigin{Param: j.Param, Kind: j.Kind, Via: j.Via, In: j.In, Key: j.Key,
		Range: hcl.Range{Filename: j.File, Start: at, End: hcl.Pos{Line: j.Line, Column: j.Column + 1}}}
	for _, d := range j.Data {
		o.Data = append(o.Data, catalog.DataSource(d))
	}
	return o
}

func jsonDataCauses(cs []DataCause) []jsonDataCause {
	var out []jsonDataCause
	for _, c := range cs {
		out = append(out, jsonDataCause(c))
	}
	return out
}
