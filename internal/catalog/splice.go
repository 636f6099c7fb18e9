package catalog

import (
	"maps"
	"slices"
)

// Splicing builds a catalog from the last one when an edit replaced one
// contiguous span of its declarations (the language server's edit of one
// file): the resources outside the span are copied with their relations
// pointed at the copies, the span's new resources registered, and only
// the references an edit may answer otherwise are resolved again. The
// result is the catalog a full load of the same declarations gives,
// which holds as long as no registration conflicts and nothing is
// renamed: those fall back to a full load (SpliceFrom reports false).
// The last catalog is only read: its snapshot stays valid.

// TableKeys are the lookup-table keys Register gives r: its title's,
// its uniqueness key's when that is not the title, and its aliases'.
func (r *Resource) TableKeys() []string {
	tk, uk := r.titleKey, r.uniqueKey
	if tk == "" {
		tk, uk = registerKeys(nil, r)
	}
	out := []string{tk}
	if uk != "" {
		out = append(out, uk)
	}
	for _, a := range r.Aliases {
		if a != r.Title {
			out = append(out, TitleKey(r.Type.Name, a))
		}
	}
	return out
}

// RefKeys are the table keys r's references are looked up under first
// (their titles'), in c, where r was resolved. settled is false when
// resolving r may depend on more than those keys' entries: a reference
// whose title is not in the table (unresolved, or found by its
// uniqueness key), of an unknown type, or a schedule, which is looked up
// by name; such a resource is resolved again after every splice.
func (c *Catalog) RefKeys(r *Resource, refs []PendingRef) (keys []string, settled bool) {
	if c.Source != nil || (r.Meta != nil && r.Meta.Schedule != "") {
		return nil, false
	}
	keys = make([]string, 0, len(refs))
	for _, p := range refs {
		td := c.Type(p.Ref.TypeName)
		if td == nil {
			return nil, false
		}
		k := TitleKey(td.Name, p.Ref.Title)
		if c.table[k] == nil {
			return nil, false
		}
		keys = append(keys, k)
	}
	return keys, true
}

// SpliceFrom fills c, a catalog with prev's types and no resources yet,
// with prev's resources, those at [lo, hi) replaced by mid (built, not
// registered). stale is called once for each resource outside the span
// (its index in prev): those for which it holds have no relations in c
// (the caller resolves them again, with mid); the others keep theirs.
// c shares with prev every resource that keeps its index (all but those
// after the span, when it changes length), is not stale and has no
// relation to a resource c does not share; the others are copies, their
// relations pointed at the copies (spliceCopies).
// It reports false, leaving c unfit for use, when prev or mid has a
// renamed resource, a registration of mid conflicts, or a kept relation
// led into the span: the caller then loads in full.
func (c *Builder) SpliceFrom(prev *Catalog, lo, hi int, mid []*Resource, stale func(int) bool) bool {
	if prev.renamed != nil || prev.Source != nil || lo < 0 || hi < lo || hi > len(prev.Resources) {
		return false
	}
	for _, r := range mid {
		if r.renamed {
			return false
		}
	}
	copied, again, ok := spliceCopies(prev, lo, hi, len(mid), stale)
	if !ok {
		return false
	}
	c.spliceResources(prev, lo, hi, mid, copied)
	if !c.spliceTable(prev, lo, hi, len(mid)-(hi-lo), copied) {
		return false
	}
	for _, r := range mid {
		if len(c.Register(r)) > 0 {
			return false
		}
	}
	// The copies' relations: none for the stale ones (resolved again),
	// the others' pointed at the copies (never into the span: a resource
	// that referred there is stale).
	shift := len(mid) - (hi - lo)
	for j, yes := range copied {
		if !yes {
			continue
		}
		cp := c.Resources[newIndex(j, hi, shift)]
		if again[j] {
			cp.Relations = nil
			continue
		}
		rels := make([]Relation, len(cp.Relations))
		for i, rel := range cp.Relations {
			t := rel.Target.Index
			if t >= lo && t < hi {
				return false
			}
			rel.Target = c.Resources[newIndex(t, hi, shift)]
			rels[i] = rel
		}
		cp.Relations = rels
	}
	return true
}

// newIndex is where prev's resource j (outside the span [lo, hi)) is in
// the spliced catalog.
func newIndex(j, hi, shift int) int {
	if j >= hi {
		return j + shift
	}
	return j
}

// spliceCopies says which of prev's resources outside the span [lo, hi)
// the spliced catalog copies rather than shares (copied): those whose
// index moves (after the span, when it changes length), the stale ones
// (again: stale called once for each resource outside the span), those
// that referred into the span, and, over and over, those with a relation
// to a copied one. It reports false when prev's relations are not its
// own resources.
func spliceCopies(prev *Catalog, lo, hi, midLen int, stale func(int) bool) (copied, again []bool, ok bool) {
	n := len(prev.Resources)
	referrers, ok := prev.referrers()
	if !ok {
		return nil, nil, false
	}
	copied, again = make([]bool, n), make([]bool, n)
	var queue []int
	mark := func(j int) {
		if (j < lo || j >= hi) && !copied[j] {
			copied[j] = true
			queue = append(queue, j)
		}
	}
	for j := 0; j < n; j++ {
		switch {
		case j >= lo && j < hi:
			for _, k := range referrers.of(j) {
				mark(int(k))
			}
		case stale(j):
			again[j] = true
			mark(j)
		case j >= hi && midLen != hi-lo:
			mark(j)
		}
	}
	for len(queue) > 0 {
		j := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, k := range referrers.of(j) {
			mark(int(k))
		}
	}
	return copied, again, true
}

// spliceResources fills c.Resources: prev's outside the span, shared or
// copied (into one array), and mid in the span.
func (c *Builder) spliceResources(prev *Catalog, lo, hi int, mid []*Resource, copied []bool) {
	shift := len(mid) - (hi - lo)
	copies := make([]Resource, 0, countTrue(copied))
	c.Resources = make([]*Resource, len(prev.Resources)+shift)
	for j, old := range prev.Resources {
		if j >= lo && j < hi {
			continue
		}
		at := newIndex(j, hi, shift)
		if !copied[j] {
			c.Resources[at] = old
			continue
		}
		copies = append(copies, *old)
		cp := &copies[len(copies)-1]
		cp.Index = at
		c.Resources[at] = cp
	}
	for i, r := range mid {
		r.Index = lo + i
		c.Resources[lo+i] = r
	}
}

// spliceTable makes c's lookup table from prev's: the span's keys gone,
// the copied resources' keys pointed at the copies. (mid is registered
// after.) Few copies are looked up by their keys; many, by a pass over
// the table, which reports false when an entry is not prev's resource
// at its index.
func (c *Builder) spliceTable(prev *Catalog, lo, hi, shift int, copied []bool) bool {
	c.table = maps.Clone(prev.table)
	if countTrue(copied) > len(prev.Resources)/8 || hi-lo > len(prev.Resources)/8 {
		for k, v := range c.table {
			switch j := v.Index; {
			case j < 0 || j >= len(copied) || prev.Resources[j] != v:
				return false
			case j >= lo && j < hi:
				delete(c.table, k)
			case copied[j]:
				c.table[k] = c.Resources[newIndex(j, hi, shift)]
			}
		}
		return true
	}
	for j := lo; j < hi; j++ {
		old := prev.Resources[j]
		for _, k := range old.TableKeys() {
			if c.table[k] == old {
				delete(c.table, k)
			}
		}
	}
	for j, yes := range copied {
		if !yes {
			continue
		}
		old := prev.Resources[j]
		for _, k := range old.TableKeys() {
			if c.table[k] == old {
				c.table[k] = c.Resources[newIndex(j, hi, shift)]
			}
		}
	}
	return true
}

// countTrue is how many of bs are set.
func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// relationIndex lists, per resource (by index), the resources with a
// relation to it, in compressed rows.
type relationIndex struct {
	start []int32 // rows of from: start[i]..start[i+1]
	from  []int32
}

func (x relationIndex) of(i int) []int32 { return x.from[x.start[i]:x.start[i+1]] }

// referrers indexes who refers to whom in c; false when a relation's
// target is not c's resource at its index.
func (c *Catalog) referrers() (relationIndex, bool) {
	n := len(c.Resources)
	x := relationIndex{start: make([]int32, n+1)}
	for _, r := range c.Resources {
		for _, rel := range r.Relations {
			t := rel.Target.Index
			if t < 0 || t >= n || c.Resources[t] != rel.Target {
				return x, false
			}
			x.start[t+1]++
		}
	}
	for i := 1; i <= n; i++ {
		x.start[i] += x.start[i-1]
	}
	x.from = make([]int32, x.start[n])
	fill := slices.Clone(x.start[:n])
	for j, r := range c.Resources {
		for _, rel := range r.Relations {
			t := rel.Target.Index
			x.from[fill[t]] = int32(j)
			fill[t]++
		}
	}
	return x, true
}
