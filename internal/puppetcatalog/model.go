package puppetcatalog

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// Model builds the catalog catc plans from pc, with the type definitions
// of defs (an HCL load; nil for none): see catalog.FromExternal.
// Exported resources are left out, as the agent leaves them (another
// node collects them), with the containment edges that name them.
func Model(pc *Catalog, defs *catalog.Catalog) (*catalog.Catalog, hcl.Diagnostics) {
	pos := make([]int, len(pc.Resources)) // resource index → position in ext, -1 when left out
	ext := make([]catalog.External, 0, len(pc.Resources))
	for i, r := range pc.Resources {
		pos[i] = -1
		if r.Exported {
			continue
		}
		pos[i] = len(ext)
		ext = append(ext, external(pc, r))
	}
	for _, e := range pc.Edges {
		if s, t := pos[e.Source], pos[e.Target]; s >= 0 && t >= 0 {
			ext[s].Contents = append(ext[s].Contents, t)
		}
	}
	return catalog.FromExternal(defs, ext, catalog.ExternalOptions{Source: pc.Source.String(), OrderUnknown: !pc.OrderKnown})
}

func external(pc *Catalog, r *Resource) catalog.External {
	e := catalog.External{
		Type: r.Type, Title: r.Title, Range: pc.Range(r.Offset),
		File: r.File, Line: r.Line, Kind: r.Kind,
		Params: make([]catalog.ExternalParam, len(r.Params)),
	}
	for i, p := range r.Params {
		e.Params[i] = catalog.ExternalParam{Name: p.Name, Value: p.Value, Unknown: unknownValue(p.Value), Deferred: HasDeferred(p.Value), Range: pc.Range(p.Offset)}
	}
	return e
}

// unknownValue reports whether v holds a value only the agent knows
// (Deferred) or rich data catc gives no meaning to.
func unknownValue(v types.Value) bool {
	switch v := v.(type) {
	case Deferred, RichData:
		return true
	case types.Sensitive:
		return unknownValue(v.Value)
	case []types.Value:
		for _, e := range v {
			if unknownValue(e) {
				return true
			}
		}
	case *types.Hash:
		for _, e := range v.Values {
			if unknownValue(e) {
				return true
			}
		}
	}
	return false
}
