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
// When mid has as many resources as the span (an edit of values), the
// resources keep their indices and c shares with prev every resource
// but the stale ones and those that lead to one (spliceShared); else
// every resource is a copy, its relations pointed at the copies.
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
	if len(mid) == hi-lo {
		return c.spliceShared(prev, lo, mid, stale)
	}
	return c.spliceCopied(prev, lo, hi, mid, stale)
}

// spliceCopied is SpliceFrom when the span changes length: the indices
// after it move, so every resource outside it is copied (into one
// array), the table and the relations pointed at the copies.
func (c *Builder) spliceCopied(prev *Catalog, lo, hi int, mid []*Resource, stale func(int) bool) bool {
	n, shift := len(prev.Resources), len(mid)-(hi-lo)
	copies := make([]Resource, n-(hi-lo))
	c.Resources = make([]*Resource, n+shift)
	for j, old := range prev.Resources {
		switch {
		case j < lo:
			copies[j] = *old
			c.Resources[j] = &copies[j]
		case j >= hi:
			cp := &copies[j-(hi-lo)]
			*cp = *old
			cp.Index = j + shift
			c.Resources[j+shift] = cp
		}
	}
	for i, r := range mid {
		r.Index = lo + i
		c.Resources[lo+i] = r
	}
	copyOf := func(old *Resource) *Resource {
		switch i := old.Index; {
		case i < 0 || i >= n || prev.Resources[i] != old:
			return nil
		case i < lo:
			return c.Resources[i]
		case i >= hi:
			return c.Resources[i+shift]
		}
		return nil // in the span: gone
	}
	// The table: prev's, its span's keys gone, the rest pointed at the
	// copies; then mid registered into it.
	c.table = maps.Clone(prev.table)
	for k, v := range c.table {
		if cp := copyOf(v); cp != nil {
			c.table[k] = cp
		} else {
			delete(c.table, k)
		}
	}
	for _, r := range mid {
		if len(c.Register(r)) > 0 {
			return false
		}
	}
	for j, old := range prev.Resources {
		if j >= lo && j < hi {
			continue
		}
		cp := copyOf(old)
		if stale(j) {
			cp.Relations = nil
			continue
		}
		if len(old.Relations) == 0 {
			continue
		}
		rels := make([]Relation, len(old.Relations))
		for i, rel := range old.Relations {
			rel.Target = copyOf(rel.Target)
			if rel.Target == nil {
				return false
			}
			rels[i] = rel
		}
		cp.Relations = rels
	}
	return true
}

// spliceShared is SpliceFrom when the span keeps its length: prev's
// resources are shared, but the stale ones and those whose relations
// lead to one (or into the span), which are copied, the relations of the
// copies that are not stale pointed at the copies.
func (c *Builder) spliceShared(prev *Catalog, lo int, mid []*Resource, stale func(int) bool) bool {
	hi := lo + len(mid)
	n := len(prev.Resources)
	referrers, ok := prev.referrers()
	if !ok {
		return false
	}
	copied := make([]bool, n)
	var queue []int
	mark := func(j int) {
		if (j < lo || j >= hi) && !copied[j] {
			copied[j] = true
			queue = append(queue, j)
		}
	}
	again := make([]bool, n)
	for j := 0; j < n; j++ {
		if j >= lo && j < hi {
			for _, k := range referrers.of(j) {
				mark(int(k)) // stale in any case: its target is gone
			}
			continue
		}
		if stale(j) {
			again[j] = true
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
	c.Resources = slices.Clone(prev.Resources)
	c.table = maps.Clone(prev.table)
	for i, r := range mid {
		old := prev.Resources[lo+i]
		for _, k := range old.TableKeys() {
			if c.table[k] == old {
				delete(c.table, k)
			}
		}
		r.Index = lo + i
		c.Resources[lo+i] = r
	}
	for j, yes := range copied {
		if !yes {
			continue
		}
		old := prev.Resources[j]
		cp := *old
		c.Resources[j] = &cp
		for _, k := range old.TableKeys() {
			if c.table[k] == old {
				c.table[k] = &cp
			}
		}
	}
	for _, r := range mid {
		if len(c.Register(r)) > 0 {
			return false
		}
	}
	for j, yes := range copied {
		if !yes {
			continue
		}
		cp := c.Resources[j]
		if again[j] {
			cp.Relations = nil
			continue
		}
		rels := make([]Relation, len(cp.Relations))
		for i, rel := range cp.Relations {
			if t := rel.Target.Index; t >= lo && t < hi {
				return false
			}
			rel.Target = c.Resources[rel.Target.Index]
			rels[i] = rel
		}
		cp.Relations = rels
	}
	return true
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
