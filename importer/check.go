package importer

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/catalog"
)

// check loads the written types with catc's own checks (the Resource
// API's registration checks and catc's load-time ones) and reports each
// finding at the Ruby place the checked value came from. The catalog
// says which attributes are secrets.
func check(outs []Output, maps []origins) (*catalog.Catalog, hcl.Diagnostics) {
	if len(outs) == 0 {
		return nil, nil
	}
	names := make([]string, len(outs))
	srcs := make([][]byte, len(outs))
	for i, o := range outs {
		names[i] = virtualName(o)
		srcs[i] = o.Src
	}
	cat, diags := catalog.LoadFiles(names, srcs, catalog.LoadOptions{})
	places := make(map[string][]place, len(outs))
	for i := range outs {
		places[names[i]] = locate(names[i], srcs[i], maps[i])
	}
	index := make(map[string]int, len(outs))
	for i := range outs {
		index[names[i]] = i
	}
	for _, d := range diags {
		if d.Severity == hcl.DiagError && d.Subject != nil {
			if i, ok := index[d.Subject.Filename]; ok {
				outs[i].Failed = true
			}
		}
		relocate(d, places)
	}
	return cat, diags
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
	}
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
