package puppetcatalog

import (
	"github.com/catc-dev/catc/internal/types"
)

// resource reads one element of "resources".
func (r *reader) resource(off int) bool {
	s := &r.s
	if s.peek() != '{' {
		return s.fail(off, "each resource must be an object; found %s", s.what())
	}
	res := &r.resourceSlab.take(1)[0]
	*res = Resource{Offset: off, Index: len(r.cat.Resources)}
	ok := s.object(func(key string, koff int) bool { return r.resourceKey(res, key) })
	if !ok {
		return false
	}
	if res.Type == "" || res.Title == "" {
		return s.fail(off, `this resource has no "type" or no "title": each resource needs both`)
	}
	for i, p := range res.Params {
		if res.IsSensitive(p.Name) {
			if _, already := p.Value.(types.Sensitive); !already {
				res.Params[i].Value = types.Sensitive{Value: p.Value}
			}
		}
	}
	r.cat.Resources = append(r.cat.Resources, res)
	return true
}

// resourceKey reads the value of one key of a resource; keys catc does
// not use (PuppetDB's "resource" hash, "certname", …) are skipped.
func (r *reader) resourceKey(res *Resource, key string) bool {
	s := &r.s
	off := s.peek2()
	switch key {
	case "type":
		return r.stringAt(off, "type", &res.Type)
	case "title":
		return r.title(res)
	case "file":
		return r.optStringAt(off, "file", &res.File)
	case "kind":
		return r.optStringAt(off, "kind", &res.Kind)
	case "line":
		return r.line(res)
	case "exported":
		// Puppet::Resource takes any value and tests it as Ruby does:
		// all but false and null mean exported.
		v, ok := s.value()
		res.Exported = ok && v != nil && v != false
		return ok
	case "tags":
		return r.strings("tags", &res.Tags)
	case "sensitive_parameters":
		return r.strings("sensitive_parameters", &res.Sensitive)
	case "parameters":
		return r.params(res)
	}
	return s.skip()
}

// title reads "title": a string (a number is read as its text, which
// hand-made catalogs sometimes hold).
func (r *reader) title(res *Resource) bool {
	s := &r.s
	off := s.peek2()
	v, ok := s.value()
	if !ok {
		return false
	}
	switch v := v.(type) {
	case string:
		res.Title = v
		return true
	case int64, float64:
		res.Title = s.text[off:s.pos]
		return true
	}
	return s.fail(off, `"title" must be a string`)
}

func (r *reader) line(res *Resource) bool {
	s := &r.s
	off := s.peek2()
	v, ok := s.value()
	if !ok {
		return false
	}
	switch v := v.(type) {
	case nil:
		return true
	case int64:
		if v >= 0 && v <= 1<<31 {
			res.Line = int(v)
			return true
		}
	}
	return s.fail(off, `"line" must be a line number (a non-negative integer) or null`)
}

func (r *reader) params(res *Resource) bool {
	s := &r.s
	if s.peek() == 'n' {
		_, ok := s.literal()
		return ok
	}
	if s.peek() != '{' {
		return s.fail(s.pos, `"parameters" must be an object; found %s`, s.what())
	}
	// The parameters gather in paramBuf, then move to a list of their
	// number (parameters do not nest).
	r.paramBuf = r.paramBuf[:0]
	if !s.object(func(key string, koff int) bool {
		v, ok := s.value()
		r.paramBuf = append(r.paramBuf, Param{Name: key, Value: v, Offset: koff})
		return ok
	}) {
		return false
	}
	res.Params = r.paramSlab.copyOf(r.paramBuf)
	return true
}
