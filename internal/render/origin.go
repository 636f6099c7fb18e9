package render

import (
	"bufio"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// Where a parameter of a class or defined-type instance got its value
// (catalog.ParamOrigin), in words: plan writes it under the class's
// heading, why under the class, diff beside a changed parameter.

// maxParamValue is the longest value a parameter line shows whole: a
// longer one (a hash of many keys) is cut, as the line is about where the
// value came from.
const maxParamValue = 60

// OriginText says where a parameter's value came from, in one line:
//
//	data: site/data/nodes/web-02.yaml:2, level "Per node"
//	data, merged: site/data/nodes/web-02.yaml:2 (level "Per node"), site/data/common.yaml:5 (level "Common")
//	declaration: site/site.hcl:20:5, contain in Node[web-02.example.com]
//	declaration: site/site.hcl:27:5, in Class[Profile::Web]   (a defined-type instance)
//	defaults block: site/site.hcl:17:25
//	default: site/site.hcl:3:15
func OriginText(o catalog.ParamOrigin) string {
	switch o.Kind {
	case catalog.OriginData:
		return dataOriginText(o.Data)
	case catalog.OriginDeclaration:
		return "declaration: " + rangeText(o) + ", " + declarationText(o)
	case catalog.OriginResourceDefault:
		return "defaults block: " + rangeText(o)
	}
	return "default: " + rangeText(o)
}

// declarationText says which declaration gave the value: the include,
// contain or require block of a class and the body that holds it, or the
// body that holds a defined-type instance's resource block.
func declarationText(o catalog.ParamOrigin) string {
	if o.Via == "resource" || o.Via == "" {
		return "in " + o.In
	}
	return o.Via + " in " + o.In
}

// dataOriginText names the data files that gave a value: one with its
// level, or each contributor of a merge, highest priority first.
func dataOriginText(ds []catalog.DataSource) string {
	if len(ds) == 1 {
		return "data: " + fileLineOf(ds[0].File, ds[0].Line) + ", level " + strconv.Quote(ds[0].Level)
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fileLineOf(d.File, d.Line) + " (level " + strconv.Quote(d.Level) + ")"
	}
	return "data, merged: " + strings.Join(parts, ", ")
}

// rangeText is an origin's file:line:column.
func rangeText(o catalog.ParamOrigin) string {
	return o.Range.Filename + ":" + strconv.Itoa(o.Range.Start.Line) + ":" + strconv.Itoa(o.Range.Start.Column)
}

// paramValueText is a parameter's value as a parameter line shows it:
// compact JSON, cut past maxParamValue; a secret is never shown.
func paramValueText(v types.Value) string {
	switch v.(type) {
	case types.Sensitive, *types.Sensitive:
		return "(sensitive value)"
	}
	s := displayValue(v)
	if r := []rune(s); len(r) > maxParamValue {
		s = string(r[:maxParamValue-1]) + "…"
	}
	return s
}

// writeParamOrigins writes, one line each under a class's or instance's
// heading, its parameters with where each value came from:
//
//	workers = 8  (data: site/data/nodes/web-02.yaml:2, level "Per node")
func writeParamOrigins(bw *bufio.Writer, indent string, r *catalog.Resource) {
	for _, o := range r.ParamOrigins() {
		v, _ := r.Attributes.Get(o.Param)
		bw.WriteString(indent)
		bw.WriteString(words.Escape(o.Param + " = " + paramValueText(v) + "  (" + OriginText(o) + ")"))
		bw.WriteByte('\n')
	}
}
