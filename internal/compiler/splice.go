package compiler

import (
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/pool"
)

// A load through a ParseCache of a flat site (no class, define or node,
// and no resource block that needs the evaluation context) is kept, so
// that the next one, which differs in one span of declarations (the
// language server's edit of one file), is spliced from it: only the
// span's declarations are built, the other resources are copied
// (catalog.Builder.SpliceFrom), and only the resources whose references
// may resolve otherwise are resolved again: those with a diagnostic,
// those whose references are not all found by title, and those that
// refer to a key the old or new span registers. Everything else a load
// does (parsing through the cache, types, variables, secrets, the
// checks after resolution) runs as in a full load, so the result is the
// full load's. A change of types, a registration conflict or a renamed
// resource falls back to a full load.

// flatLoad is what the cache keeps of the last flat load.
type flatLoad struct {
	cat   *catalog.Catalog
	types []*catalog.TypeDef
	raws  []*rawResource
	decls []flatDecl // per raw
	// declOf is the raw index of each resource of cat.
	declOf []int
}

// flatDecl is what one declaration gave.
type flatDecl struct {
	res      int // index in the catalog's Resources; -1: none
	refs     []catalog.PendingRef
	built    hcl.Diagnostics
	resolved hcl.Diagnostics
	// keys and settled are catalog.RefKeys, once keyed (splice computes
	// them when first needed, so a full load does not pay for them).
	keys           []string
	settled, keyed bool
}

// Spliced reports whether the last load through the cache was spliced
// from the one before (tests and benchmarks check it).
func (pc *ParseCache) Spliced() bool {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.spliced
}

// forgetFlat drops the last flat load (nil: no cache).
func (pc *ParseCache) forgetFlat() {
	if pc == nil {
		return
	}
	pc.mu.Lock()
	pc.flat, pc.spliced = nil, false
	pc.mu.Unlock()
}

func anyDeferred(raws []*rawResource) bool {
	for _, r := range raws {
		if r.deferred != nil {
			return true
		}
	}
	return false
}

// keepFlat keeps a full flat load for the next one to splice from; a
// load with a registration conflict is not kept.
func (c *loader) keepFlat(pc *ParseCache, raws []*rawResource, builds []catalog.Built, resolved []hcl.Diagnostics, clean bool) {
	var kept *flatLoad
	if clean {
		kept = &flatLoad{cat: c.Catalog, types: c.Types, raws: raws, decls: make([]flatDecl, len(raws)), declOf: make([]int, 0, len(c.Resources))}
		for i, b := range builds {
			d := flatDecl{res: -1, refs: b.Refs, built: b.Diags, resolved: resolved[i]}
			if b.Res != nil {
				d.res = b.Res.Index
				kept.declOf = append(kept.declOf, i)
			}
			kept.decls[i] = d
		}
	}
	pc.mu.Lock()
	pc.flat, pc.spliced = kept, false
	pc.mu.Unlock()
}

// splice declares raws from the cache's last flat load, when they differ
// from its declarations in one span and the types are the same; it
// reports false when the load must be made in full (c then holds no
// resource).
func (c *loader) splice(raws []*rawResource, pc *ParseCache, workers int) (hcl.Diagnostics, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	prev := pc.flat
	if prev == nil || !slices.Equal(prev.types, c.Types) {
		return nil, false
	}
	lo, hi, newHi := span(prev.raws, raws)
	rlo, rhi := resourceSpan(prev.decls, lo, hi)
	builds, midRes := c.buildSpan(raws[lo:newHi], workers)
	touched := tableKeys(prev.cat.Resources[rlo:rhi], midRes)
	again := make([]bool, len(prev.cat.Resources)) // by prev index: resolve again
	stale := func(j int) bool {
		again[j] = prev.decls[prev.declOf[j]].stale(prev.cat, j, touched)
		return again[j]
	}
	if !c.SpliceFrom(prev.cat, rlo, rhi, midRes, stale) {
		c.Reserve(0) // what the splice put in c goes
		return nil, false
	}
	c.IndexByType()
	next := &flatLoad{cat: c.Catalog, types: c.Types, raws: raws, decls: make([]flatDecl, 0, len(raws)), declOf: make([]int, 0, len(c.Resources))}
	var built, resolved hcl.Diagnostics
	add := func(d flatDecl, resolve bool) {
		built = append(built, d.built...)
		if d.res >= 0 {
			if resolve {
				d.resolved = c.Resolve(c.Resources[d.res], d.refs)
				d.keys, d.settled, d.keyed = nil, false, false
			}
			resolved = append(resolved, d.resolved...)
			next.declOf = append(next.declOf, len(next.decls))
		}
		next.decls = append(next.decls, d)
	}
	for _, d := range prev.decls[:lo] {
		add(d, d.res >= 0 && again[d.res])
	}
	at := rlo
	for _, b := range builds {
		d := flatDecl{res: -1, refs: b.Refs, built: b.Diags}
		if b.Res != nil {
			d.res = at
			at++
		}
		add(d, true)
	}
	shift := len(midRes) - (rhi - rlo)
	for _, d := range prev.decls[hi:] {
		re := d.res >= 0 && again[d.res]
		if d.res >= 0 {
			d.res += shift
		}
		add(d, re)
	}
	pc.flat, pc.spliced = next, true
	// In the order of a full load (declare): what building said, what
	// resolving said, the checks after.
	return append(append(built, resolved...), c.CheckBelow()...), true
}

// buildSpan checks the span's declarations (in parallel) and returns
// them with the resources they gave.
func (c *loader) buildSpan(mid []*rawResource, workers int) ([]catalog.Built, []*catalog.Resource) {
	builds := make([]catalog.Built, len(mid))
	pool.For(len(mid), workers, 0, func(i int) {
		builds[i] = catalog.BuildResource(c.Catalog, &mid[i].RawResource, c.Budget)
	})
	var res []*catalog.Resource
	for _, b := range builds {
		if b.Res != nil {
			res = append(res, b.Res)
		}
	}
	return builds, res
}

// tableKeys are the lookup-table keys of the resources the span held and
// of those it holds now: the only entries of the table a splice changes.
func tableKeys(before, after []*catalog.Resource) map[string]bool {
	out := map[string]bool{}
	for _, rs := range [][]*catalog.Resource{before, after} {
		for _, r := range rs {
			for _, k := range r.TableKeys() {
				out[k] = true
			}
		}
	}
	return out
}

// stale reports whether the declaration's resource, at index j of cat,
// where it was resolved, must be resolved again once the keys touched
// changed in the table: it had a diagnostic, or a reference not found
// by title, or one to a touched key.
func (d *flatDecl) stale(cat *catalog.Catalog, j int, touched map[string]bool) bool {
	if !d.keyed {
		d.keys, d.settled = cat.RefKeys(cat.Resources[j], d.refs)
		d.keyed = true
	}
	if len(d.resolved) > 0 || !d.settled {
		return true
	}
	for _, k := range d.keys {
		if touched[k] {
			return true
		}
	}
	return false
}

// span is where raws differs from old: old[lo:hi] became raws[lo:newHi],
// the declarations before and after being the same.
func span(old, raws []*rawResource) (lo, hi, newHi int) {
	for lo < len(old) && lo < len(raws) && old[lo] == raws[lo] {
		lo++
	}
	hi, newHi = len(old), len(raws)
	for hi > lo && newHi > lo && old[hi-1] == raws[newHi-1] {
		hi--
		newHi--
	}
	return lo, hi, newHi
}

// resourceSpan is the span of the catalog's resources the declarations
// old[lo:hi] gave.
func resourceSpan(decls []flatDecl, lo, hi int) (rlo, rhi int) {
	for _, d := range decls[:lo] {
		if d.res >= 0 {
			rlo++
		}
	}
	rhi = rlo
	for _, d := range decls[lo:hi] {
		if d.res >= 0 {
			rhi++
		}
	}
	return rlo, rhi
}
