package catalog

import (
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Place is where r was declared as a person looks for it: for a resource
// of a catalog compiled elsewhere (Puppet's), the manifest's file and
// line the catalog gives, as Puppet's own messages name them, or the
// zero range when it gives none (a class that was included): a catalog
// Puppet writes is one line of JSON, whose line numbers tell a reader
// nothing. For an HCL resource, its DeclRange.
func (r *Resource) Place() hcl.Range {
	if r.External == nil {
		return r.DeclRange
	}
	rng, _ := r.ManifestPlace()
	return rng
}

// PlaceText is Place as "file:line" ("file" when the line is unknown),
// "" when there is none.
func (r *Resource) PlaceText() string {
	p := r.Place()
	switch {
	case p.Filename == "":
		return ""
	case p.Start.Line == 0:
		return p.Filename
	}
	return p.Filename + ":" + strconv.Itoa(p.Start.Line)
}

// ManifestPlace is the manifest place of a resource of a catalog
// compiled elsewhere, when the catalog gives it (the line may be 0:
// unknown), as a range with no column or byte.
func (r *Resource) ManifestPlace() (hcl.Range, bool) {
	if r == nil || r.External == nil || r.External.File == "" {
		return hcl.Range{}, false
	}
	pos := hcl.Pos{Line: r.External.Line}
	return hcl.Range{Filename: r.External.File, Start: pos, End: pos}, true
}

// placeDiags makes the diagnostics about one resource of a catalog
// compiled elsewhere (r, built from e; r is nil when it could not be
// built) read as Puppet's own messages do: each names the resource, and,
// with move, those about the catalog file point at the manifest place
// the catalog gives instead (a diagnostic about a type definition keeps
// its place). A diagnostic whose JSON is at fault keeps its byte offset
// (move false). The diagnostics are copied, not changed.
func placeDiags(r *Resource, e *External, ds hcl.Diagnostics, move bool) hcl.Diagnostics {
	if len(ds) == 0 {
		return ds
	}
	ref, place := e.Type+"["+e.Title+"]", hcl.Range{}
	known := false
	if r != nil {
		ref = r.Ref()
		place, known = r.ManifestPlace()
	} else if e.File != "" {
		pos := hcl.Pos{Line: e.Line}
		place, known = hcl.Range{Filename: e.File, Start: pos, End: pos}, true
	}
	out := make(hcl.Diagnostics, len(ds))
	for i, d := range ds {
		cp := *d
		if cp.Subject != nil && cp.Subject.Filename == e.Range.Filename {
			if move && known {
				cp.Subject, cp.Context = &place, nil
			}
			if !strings.Contains(cp.Summary, ref) && !strings.Contains(cp.Detail, ref) {
				cp.Detail = ref + ": " + cp.Detail
			}
		}
		out[i] = &cp
	}
	return out
}
