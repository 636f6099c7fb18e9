package importer

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
)

// check loads the written types with catc's own checks (the Resource
// API's registration checks and catc's load-time ones) and reports each
// finding at the Ruby place the checked value came from. The catalog
// says which attributes are secrets.
func check(outs []Output, maps []origins, given []*catalog.TypeAlias) (*catalog.Catalog, hcl.Diagnostics) {
	if len(outs) == 0 {
		return nil, nil
	}
	names := make([]string, len(outs), len(outs)+1)
	srcs := make([][]byte, len(outs), len(outs)+1)
	for i, o := range outs {
		names[i] = virtualName(o)
		srcs[i] = o.Src
	}
	if src := givenAliases(given, outs); src != nil {
		names, srcs = append(names, givenAliasesName), append(srcs, src)
	}
	cat, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	diags = withoutGiven(diags)
	places := make(map[string][]place, len(outs))
	for i := range outs {
		places[names[i]] = locate(names[i], srcs[i], maps[i])
	}
	index := make(map[string]int, len(outs))
	for i := range outs {
		index[names[i]] = i
	}
	for _, d := range diags {
		if strings.HasSuffix(d.Detail, "(catc import writes them from the module's types/*.pp).") {
			// Here the user is running catc import: say how it gets aliases.
			d.Detail += " Import that module's types/*.pp in the same run, or give the HCL an earlier import wrote for them with --aliases PATH."
		}
		if d.Severity == hcl.DiagError && d.Subject != nil {
			if i, ok := index[d.Subject.Filename]; ok {
				outs[i].Failed = true
			}
		}
		relocate(d, places)
	}
	return cat, diags
}

// givenAliasesName is the file the aliases of an earlier import are
// checked in; they loaded before, so nothing is said about them here.
const givenAliasesName = "(--aliases)"

// givenAliases writes the aliases of an earlier import that this run does
// not define again as one HCL file, or nil for none.
func givenAliases(given []*catalog.TypeAlias, outs []Output) []byte {
	redefined := map[string]bool{}
	for _, o := range outs {
		redefined[strings.ToLower(o.Type)] = true
	}
	f := hclwrite.NewEmptyFile()
	n := 0
	for _, a := range given {
		if redefined[strings.ToLower(a.Name)] {
			continue
		}
		f.Body().AppendNewBlock("type_alias", []string{a.Name}).Body().SetAttributeValue("type", cty.StringVal(a.TypeText))
		n++
	}
	if n == 0 {
		return nil
	}
	return spellMarks(f)
}

// withoutGiven drops the diagnostics about the given aliases' file.
func withoutGiven(diags hcl.Diagnostics) hcl.Diagnostics {
	out := diags[:0]
	for _, d := range diags {
		if d.Subject == nil || d.Subject.Filename != givenAliasesName {
			out = append(out, d)
		}
	}
	return out
}

// virtualName names a written file while it is checked; diagnostics are
// moved to Ruby ranges, so users never see it.
func virtualName(o Output) string {
	return o.From.Filename + "#" + o.Name
}

// place is where a path of the written HCL is, and its Ruby origin.
type place struct {
	hcl, ruby hcl.Range
}

// locate finds the HCL range of every path recorded while emitting.
func locate(name string, src []byte, o origins) []place {
	f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		return []place{{hcl: hcl.Range{Filename: name, End: hcl.Pos{Byte: len(src), Line: 1 << 30}}, ruby: o[""]}}
	}
	var out []place
	add := func(path string, r hcl.Range) {
		if rb, ok := o[path]; ok {
			out = append(out, place{hcl: r, ruby: rb})
		}
	}
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		add("", b.Range())
		if b.Type == "type_alias" {
			if len(b.LabelRanges) > 0 {
				add("type_alias", b.LabelRanges[0])
			}
			addAttrs("type_alias", b.Body, add)
			continue
		}
		if len(b.LabelRanges) > 0 {
			add("type", b.LabelRanges[0])
		}
		addAttrs("", b.Body, add)
		patterns := 0
		for _, inner := range b.Body.Blocks {
			path := blockPath(inner.Type, inner.Labels, patterns)
			if inner.Type == "title_pattern" {
				patterns++
			}
			add(path, inner.Range())
			addAttrs(path, inner.Body, add)
		}
	}
	return out
}

func addAttrs(path string, body *hclsyntax.Body, add func(string, hcl.Range)) {
	for name, a := range body.Attributes {
		add(attrPath(path, name), a.SrcRange)
		if obj, ok := a.Expr.(*hclsyntax.ObjectConsExpr); ok {
			// An auto rule's object form: each item is a rule.
			for _, item := range obj.Items {
				if key, ok := objectKey(item.KeyExpr); ok {
					add(attrPath(attrPath(path, name), key), hcl.RangeBetween(item.KeyExpr.Range(), item.ValueExpr.Range()))
				}
			}
		}
	}
}

// objectKey is an object key as written, a name or a literal string.
func objectKey(e hclsyntax.Expression) (string, bool) {
	if name := hcl.ExprAsKeyword(e); name != "" {
		return name, true
	}
	v, diags := e.Value(nil)
	if diags.HasErrors() || !v.Type().Equals(cty.String) || v.IsNull() {
		return "", false
	}
	return v.AsString(), true
}

// relocate moves a diagnostic from the written HCL to the Ruby source:
// its subject to the tightest recorded place around it, and ranges named
// in its detail likewise.
func relocate(d *hcl.Diagnostic, places map[string][]place) {
	if d.Subject != nil {
		if ps, ok := places[d.Subject.Filename]; ok {
			r := tightest(ps, *d.Subject)
			d.Subject = &r
		}
	}
	d.Context = nil
	for name, ps := range places {
		if !strings.Contains(d.Detail, name) {
			continue // the detail names no place of this file
		}
		for _, p := range ps {
			if s := p.hcl.String(); strings.Contains(d.Detail, s) {
				d.Detail = strings.ReplaceAll(d.Detail, s, posString(p.ruby))
			}
		}
	}
}

func tightest(ps []place, r hcl.Range) hcl.Range {
	best, size := hcl.Range{}, -1
	for _, p := range ps {
		if p.hcl.Start.Byte <= r.Start.Byte && r.Start.Byte <= p.hcl.End.Byte {
			if n := p.hcl.End.Byte - p.hcl.Start.Byte; size < 0 || n < size {
				best, size = p.ruby, n
			}
		}
	}
	if size < 0 && len(ps) > 0 {
		return ps[0].ruby
	}
	return best
}
