package catalog

import "maps"

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
// registered). The resources outside the span are copies; those for
// which stale(prev index) holds have no relations (the caller resolves
// them again, with mid), the others keep theirs, pointed at the copies.
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
	shift := len(mid) - (hi - lo)
	c.Resources = make([]*Resource, 0, len(prev.Resources)+shift)
	copies := make([]Resource, len(prev.Resources)-(hi-lo))
	copyOf := func(old *Resource) *Resource {
		switch i := old.Index; {
		case i < 0 || i >= len(prev.Resources) || prev.Resources[i] != old:
			return nil
		case i < lo:
			return c.Resources[i]
		case i >= hi:
			return c.Resources[i+shift]
		}
		return nil
	}
	add := func(j int) {
		cp := &copies[len(c.Resources)-len(mid)*boolInt(j >= hi)]
		*cp = *prev.Resources[j]
		cp.Index = len(c.Resources)
		c.Resources = append(c.Resources, cp)
	}
	for j := 0; j < lo; j++ {
		add(j)
	}
	for _, r := range mid {
		r.Index = len(c.Resources)
		c.Resources = append(c.Resources, r)
	}
	for j := hi; j < len(prev.Resources); j++ {
		add(j)
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
