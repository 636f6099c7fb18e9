package puppetcatalog

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// model builds the catalog catc plans from pc, with the type definitions
// of defs (an HCL load; nil for none): see catalog.FromExternal.
// The resources LeftOut are left out with the containment edges that
// name them; pos is keptPositions(pc).
func model(pc *Catalog, defs *catalog.Catalog, pos []int) (*catalog.Catalog, hcl.Diagnostics) {
	ext := make([]catalog.External, 0, len(pc.Resources))
	params := make([]catalog.ExternalParam, paramCount(pc))
	for _, r := range pc.Resources {
		if pc.LeftOut(r) {
			continue
		}
		ext = append(ext, external(pc, r, params[:len(r.Params):len(r.Params)]))
		params = params[len(r.Params):]
	}
	contain(ext, pc.Edges, pos)
	return catalog.FromExternal(defs, ext, catalog.ExternalOptions{
		Source: pc.Source.String(), Classes: pc.Classes, OrderUnknown: !pc.OrderKnown, ReadNote: pc.Log.Note(),
		SecretsLeftOut:    pc.Source != SourcePuppet, // PuppetDB's terminus deletes them
		RichDataAsStrings: pc.Source != SourcePuppet, // and stringifies rich data
	})
}

// paramCount is the number of parameters of the resources Model keeps:
// their ExternalParams share one allocation (a large catalog has
// hundreds of thousands).
func paramCount(pc *Catalog) int {
	n := 0
	for _, r := range pc.Resources {
		if !pc.LeftOut(r) {
			n += len(r.Params)
		}
	}
	return n
}

// contain sets the Contents of ext from the containment edges whose ends
// are both kept (pos maps a resource index to its place in ext, -1 when
// left out), in edge order. The lists share one allocation, sized by a
// first pass, rather than growing one append at a time.
func contain(ext []catalog.External, edges []Edge, pos []int) {
	counts := make([]int, len(ext))
	total := 0
	for _, e := range edges {
		if s, t := pos[e.Source], pos[e.Target]; s >= 0 && t >= 0 {
			counts[s]++
			total++
		}
	}
	slab := make([]int, total)
	for i, n := range counts {
		if n > 0 {
			ext[i].Contents, slab = slab[:0:n], slab[n:]
		}
	}
	for _, e := range edges {
		if s, t := pos[e.Source], pos[e.Target]; s >= 0 && t >= 0 {
			ext[s].Contents = append(ext[s].Contents, t)
		}
	}
}

// external is r as catalog.FromExternal takes it; params (as long as
// r.Params) receives its parameters.
func external(pc *Catalog, r *Resource, params []catalog.ExternalParam) catalog.External {
	e := catalog.External{
		Type: r.Type, Title: r.Title, Range: pc.Range(r.Offset),
		File: r.File, Line: r.Line, Kind: r.Kind,
		Params: params, Tags: r.Tags,
		Component: agentComponent(pc, r),
	}
	for i, p := range r.Params {
		unknown, deferred := unknownValue(p.Value), HasDeferred(p.Value)
		if pc.Source != SourcePuppet { // PuppetDB's terminus stringified the rich data
			d, secret := stringifiedRich(p.Value)
			unknown, deferred = unknown || d || secret, deferred || d
		}
		e.Params[i] = catalog.ExternalParam{Name: p.Name, Value: p.Value, Unknown: unknown, Deferred: deferred, Range: pc.Range(p.Offset)}
	}
	return e
}

// stringifiedRich reports whether v holds what the PuppetDB terminus
// makes of a Deferred value ("Deferred({'name' => …})") or of a
// Sensitive one ("Sensitive [value redacted]", nested:
// "#<Sensitive [value redacted]:ID>"): Puppet's strings for values
// only the agent knows, not the values (the terminus serialises with
// stringify_rich).
func stringifiedRich(v types.Value) (deferred, secret bool) {
	switch v := v.(type) {
	case string:
		return strings.HasPrefix(v, "Deferred({"), strings.Contains(v, "Sensitive [value redacted]")
	case []types.Value:
		for _, e := range v {
			d, s := stringifiedRich(e)
			deferred, secret = deferred || d, secret || s
		}
	case *types.Hash:
		for _, e := range v.Values {
			d, s := stringifiedRich(e)
			deferred, secret = deferred || d, secret || s
		}
	}
	return deferred, secret
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
