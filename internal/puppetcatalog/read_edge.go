package puppetcatalog

import "github.com/catc-dev/catc/internal/catalog"

// indexResources maps each resource's reference to it, for the edges,
// and refuses a resource given twice (Puppet's agent refuses it too).
func (r *reader) indexResources() bool {
	c := r.cat
	r.index = make(map[refKey]int, len(c.Resources))
	for i, res := range c.Resources {
		k := r.refKey(res.Type, res.Title)
		if first, dup := r.index[k]; dup {
			return r.s.fail(res.Offset, "%s is given twice in \"resources\" (first at byte offset %d); a catalog holds each resource once", res.Ref(), c.Resources[first].Offset)
		}
		r.index[k] = i
	}
	return true
}

// edge reads one element of "edges": a containment edge with references
// as strings (Puppet), {"type", "title"} objects (PuppetDB's wire format)
// or source_type, source_title, target_type and target_title (PuppetDB's
// query output). PuppetDB's other relationships (before, required-by,
// notifies, subscription-of) are skipped: they repeat the relationship
// metaparameters.
func (r *reader) edge(off int) bool {
	s := &r.s
	if s.peek() != '{' {
		return s.fail(off, "each edge must be an object; found %s", s.what())
	}
	e := Edge{Source: -1, Target: -1, Offset: off}
	relationship := "contains"
	var flat flatEdge
	ok := s.object(func(key string, koff int) bool {
		switch key {
		case "source":
			return r.edgeEnd(&e.Source, "source")
		case "target":
			return r.edgeEnd(&e.Target, "target")
		case "relationship":
			return r.stringAt(s.peek2(), "relationship", &relationship)
		case "source_type", "source_title", "target_type", "target_title":
			return r.stringAt(s.peek2(), key, flat.field(key))
		}
		return s.skip()
	})
	if !ok || !r.flatEnd(&e.Source, "source", flat.sourceType, flat.sourceTitle, off) ||
		!r.flatEnd(&e.Target, "target", flat.targetType, flat.targetTitle, off) {
		return false
	}
	if e.Source < 0 || e.Target < 0 {
		return s.fail(off, `this edge has no "source" or no "target": each edge needs both`)
	}
	if relationship == "contains" {
		if r.cat.Edges == nil {
			// Puppet's catalog contains each resource but the root once
			// (PuppetDB's may hold more edges: the list then grows).
			r.cat.Edges = make([]Edge, 0, len(r.cat.Resources))
		}
		r.cat.Edges = append(r.cat.Edges, e)
	}
	return true
}

// edgeEnd reads a reference and finds its resource, as Puppet does when
// it reads a catalog ("Could not find relationship source/target").
func (r *reader) edgeEnd(dst *int, which string) bool {
	s := &r.s
	off := s.peek2()
	var typ, title string
	switch s.peek() {
	case '"':
		ref, ok := s.str()
		if !ok {
			return false
		}
		var valid bool
		if typ, title, valid = catalog.SplitRef(ref); !valid {
			return s.fail(off, "the edge %s %q is not a resource reference Type[title]", which, ref)
		}
	case '{':
		if !s.object(func(key string, _ int) bool {
			switch key {
			case "type":
				return r.stringAt(s.peek2(), "type", &typ)
			case "title":
				return r.stringAt(s.peek2(), "title", &title)
			}
			return s.skip()
		}) {
			return false
		}
	default:
		return s.fail(off, "the edge %s must be a reference (a string Type[title]); found %s", which, s.what())
	}
	return r.findEnd(dst, which, typ, title, off)
}

// findEnd sets dst to the resource typ[title], the edge's end which.
func (r *reader) findEnd(dst *int, which, typ, title string, off int) bool {
	i, found := r.index[r.refKey(typ, title)]
	if !found {
		return r.s.fail(off, "Could not find relationship %s %s[%s]: the edge names a resource that is not in \"resources\"", which, typ, title)
	}
	*dst = i
	return true
}

// flatEdge are the ends of an edge of PuppetDB's query output, each a
// type and a title ("" when not given).
type flatEdge struct{ sourceType, sourceTitle, targetType, targetTitle string }

func (f *flatEdge) field(key string) *string {
	switch key {
	case "source_type":
		return &f.sourceType
	case "source_title":
		return &f.sourceTitle
	case "target_type":
		return &f.targetType
	}
	return &f.targetTitle
}

// flatEnd resolves an end given flat (typ and title), unless the edge
// gave it as a reference already or does not give it at all.
func (r *reader) flatEnd(dst *int, which, typ, title string, off int) bool {
	if *dst >= 0 || typ == "" {
		return true
	}
	return r.findEnd(dst, which, typ, title, off)
}
