package plandiff

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
)

// A changed parameter's origins are written in the diff JSON ("old_origin"
// and "new_origin") as the plan JSON writes "param_origins"
// (catalogjson.ParamOrigin; docs/diff-json.md).

// jsonDataCause is a DataCause: "data_causes" of the document.
type jsonDataCause struct {
	Key   string `json:"key"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	Level string `json:"level"`
	Old   bool   `json:"old,omitempty"`
}

func newJSONOrigin(o *catalog.ParamOrigin) *catalogjson.ParamOrigin {
	if o == nil {
		return nil
	}
	j := catalogjson.NewParamOrigin(*o)
	return &j
}

func originOfJSON(j *catalogjson.ParamOrigin) *catalog.ParamOrigin {
	if j == nil {
		return nil
	}
	o := j.Origin()
	return &o
}

func jsonDataCauses(cs []DataCause) []jsonDataCause {
	var out []jsonDataCause
	for _, c := range cs {
		out = append(out, jsonDataCause(c))
	}
	return out
}
