package render

import (
	"bufio"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/plandiff"
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

// originNote is what a diff says after a changed parameter's values:
// where the new value came from, and the old one when it came from
// elsewhere ("" when neither side knows):
//
//	(data: site/data/nodes/web-02.yaml:2, level "Per node", changed there)
//	(was data: site/data/common.yaml:1, level "Common"; now declaration: site/site.hcl:30:5, contain in Node[web-02])
func originNote(a plandiff.AttrChange) string {
	o, n := a.OldOrigin, a.NewOrigin
	switch {
	case o == nil && n == nil:
		return ""
	case o == nil:
		return "  (" + OriginText(*n) + ")"
	case n == nil:
		return "  (was " + OriginText(*o) + ")"
	case plandiff.SameOrigin(o, n):
		return "  (" + OriginText(*n) + ", changed there)"
	}
	return "  (was " + OriginText(*o) + "; now " + OriginText(*n) + ")"
}

// DataCauseLines are the diff's data causes (PlanDiff.DataCauses), one
// line each, as the text diff lists them under DataCausesTitle and the
// diff's page shows them: the key, and the data file and level its new
// value comes from, or the one its old value no longer comes from
// ("profile::web::workers: site/data/…:2 (level "Per node")").
func DataCauseLines(d *plandiff.PlanDiff) []string {
	cs := d.DataCauses()
	out := make([]string, len(cs))
	for i, c := range cs {
		place := fileLineOf(c.File, c.Line) + " (level " + strconv.Quote(c.Level) + ")"
		if c.Old {
			place = "no longer from " + place
		}
		out[i] = c.Key + ": " + place
	}
	return out
}

// DataCausesTitle heads the data causes wherever they are shown.
const DataCausesTitle = "Data behind the changed parameters:"

// writeDataCauses writes the diff's data causes as a Markdown list (for
// a pull-request comment), nothing when there are none.
func writeDataCauses(b *strings.Builder, d *plandiff.PlanDiff) {
	cs := d.DataCauses()
	if len(cs) == 0 {
		return
	}
	b.WriteString("\n" + DataCausesTitle + "\n\n")
	for _, c := range cs {
		place := mdCode(fileLineOf(c.File, c.Line)) + " (level " + mdEscape(strconv.Quote(c.Level)) + ")"
		if c.Old {
			place = "no longer from " + place
		}
		b.WriteString("- " + mdCode(c.Key) + ": " + place + "\n")
	}
}

// ChangeLines are a changed resource's lines under its heading, as the
// text diff writes them (mark, values, and where a class parameter's
// value came from), without colour: for the diff's page, which shows
// them beside the resource.
func ChangeLines(c plandiff.ResourceChange, strict plandiff.Strict) []string {
	ls := resourceLines(c, fullDetail, true, strict)[1:] // the heading is the page's node
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = strings.TrimLeft(l.mark+" "+strings.Repeat("  ", max(l.indent-1, 0))+l.text, " ")
	}
	return out
}
