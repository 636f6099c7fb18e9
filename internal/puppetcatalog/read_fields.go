package puppetcatalog

// catalogFields reads the fields of a catalog object whose keys (value
// offsets) are known.
func (r *reader) catalogFields(start int, keys map[string]int) bool {
	s := &r.s
	c := r.cat
	_, hasName := keys["name"]
	if off, ok := keys["certname"]; ok && !hasName {
		if c.Source == SourcePuppet {
			c.Source = SourcePuppetDBWire
		}
		keys["name"] = off
	}
	if c.Source != SourcePuppet {
		// PuppetDB keys resources by type and title: their order is lost.
		c.OrderKnown = false
	}
	if off, ok := keys["name"]; ok {
		if !r.stringAt(off, "name", &c.Node) {
			return false
		}
	}
	if off, ok := keys["environment"]; ok && !r.optStringAt(off, "environment", &c.Environment) {
		return false
	}
	if off, ok := keys["catalog_format"]; ok && !r.formatAt(off) {
		return false
	}
	if !r.resourcesRead && !r.listAt(keys["resources"], "resources", r.resource) {
		return false
	}
	if !r.edgesRead && !r.indexAndEdges(keys) {
		return false
	}
	if r.expandedSeen && c.Source == SourcePuppetDBWire {
		// /pdb/query/v4/catalogs/CERTNAME: one catalog, not in an array
		c.Source = SourcePuppetDBQuery
	}
	if off, ok := keys["classes"]; ok {
		s.pos = off
		return r.strings("classes", &c.Classes)
	}
	return true
}

// indexAndEdges indexes the resources and reads "edges" when given
// (unless readEarly did both).
func (r *reader) indexAndEdges(keys map[string]int) bool {
	if !r.indexResources() {
		return false
	}
	off, ok := keys["edges"]
	return !ok || r.listAt(off, "edges", r.edge)
}

func (r *reader) formatAt(off int) bool {
	s := &r.s
	s.pos = off
	v, ok := s.value()
	if !ok {
		return false
	}
	n, isInt := v.(int64)
	if !isInt || n < 0 || n > 2 {
		return s.fail(off, `"catalog_format" must be 0, 1 or 2 (what Puppet up to 8 writes); this catalog is in a format catc does not know`)
	}
	r.cat.Format = int(n)
	return true
}

// listAt reads the array at off, or PuppetDB's expanded form {"href":
// …, "data": […]}, calling each for every element.
func (r *reader) listAt(off int, what string, each func(off int) bool) bool {
	s := &r.s
	s.pos = off
	if s.peek() == '{' {
		return r.expanded(off, what, each)
	}
	if s.peek() != '[' {
		return s.fail(off, "%q must be an array; found %s", what, s.what())
	}
	return s.array(func(_, off int) bool { return each(off) })
}

// expanded reads PuppetDB's {"href": …, "data": […]}.
func (r *reader) expanded(off int, what string, each func(off int) bool) bool {
	s := &r.s
	found := false
	r.expandedSeen = true
	ok := s.object(func(key string, _ int) bool {
		if key != "data" {
			return s.skip()
		}
		found = true
		if s.peek() != '[' {
			return s.fail(s.pos, "%q.data must be an array; found %s", what, s.what())
		}
		return s.array(func(_, off int) bool { return each(off) })
	})
	if ok && !found {
		return s.fail(off, "%q holds no \"data\": ask PuppetDB for the catalog with its %s expanded (the default of /pdb/query/v4/catalogs)", what, what)
	}
	return ok
}

func (r *reader) stringAt(off int, what string, dst *string) bool {
	s := &r.s
	s.pos = off
	if s.peek() != '"' {
		return s.fail(off, "%q must be a string; found %s", what, s.what())
	}
	v, ok := s.str()
	*dst = v
	return ok
}

// optStringAt is stringAt where null is also taken (as "").
func (r *reader) optStringAt(off int, what string, dst *string) bool {
	s := &r.s
	s.pos = off
	if s.peek() == 'n' {
		_, ok := s.literal()
		return ok
	}
	return r.stringAt(off, what, dst)
}

// strings reads an array of strings at the current position.
func (r *reader) strings(what string, dst *[]string) bool {
	s := &r.s
	if s.peek() != '[' {
		return s.fail(s.pos, "%q must be an array of strings; found %s", what, s.what())
	}
	// As params: the strings gather in strBuf (tags are most of a
	// catalog's strings).
	r.strBuf = r.strBuf[:0]
	if !s.array(func(_, off int) bool {
		if s.peek() != '"' {
			return s.fail(off, "%q must be an array of strings; found %s", what, s.what())
		}
		v, ok := s.str()
		r.strBuf = append(r.strBuf, v)
		return ok
	}) {
		return false
	}
	*dst = s.strs.copyOf(r.strBuf)
	return true
}
