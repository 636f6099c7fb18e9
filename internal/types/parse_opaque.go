package types

import (
	"strings"
)

// This file holds the parameter rules of the types no plain data value can
// match (Runtime, Callable, Class, Resource, Init, Object, SemVer,
// Timestamp, Timespan, URI). They are kept as *OpaqueType with Puppet's
// canonical form, so that messages print them as Puppet does.

func (a *typeAccess) opaque(name string, params ...string) pval {
	return a.ok(&OpaqueType{Name: name, Canonical: name + "[" + strings.Join(params, ", ") + "]"})
}

func (a *typeAccess) runtime() (pval, error) {
	if len(a.params) != 2 {
		return pval{}, a.count("Runtime", "2")
	}
	rt, name := a.params[0], a.params[1]
	if rt.kind != vString {
		return pval{}, a.argError("the runtime of Runtime must be a name such as ruby, not " + describeValue(rt))
	}
	return a.opaque("Runtime", rt.s, formatParam(name)), nil
}

// callable takes parameter types, then optionally min and max counts and
// a block Callable; or [params] and a return type.
func (a *typeAccess) callable() (pval, error) {
	p := a.params
	if len(p) == 2 && p[0].kind == vList {
		ps := make([]string, 0, len(p[0].items))
		for _, v := range p[0].items {
			ps = append(ps, formatParam(v))
		}
		return a.opaque("Callable", "["+strings.Join(ps, ", ")+"]", formatParam(p[1])), nil
	}
	var block string
	if n := len(p); n > 0 && p[n-1].kind == vType {
		if o, ok := p[n-1].t.(*OpaqueType); ok && o.Name == "Callable" {
			block, p = o.Canonical, p[:n-1]
		}
	}
	var size []string
	n := len(p)
	switch {
	case n >= 2 && isRangeParam(p[n-2]) && isRangeParam(p[n-1]):
		size = []string{formatParam(p[n-2]), formatParam(p[n-1])}
		p = p[:n-2]
	case n >= 1 && isRangeParam(p[n-1]):
		size = []string{formatParam(p[n-1])}
		p = p[:n-1]
	}
	if len(size) == 2 && size[1] == "default" {
		size = size[:1]
	}
	var parts []string
	for _, v := range p {
		t, err := a.typeOf(v)
		if err != nil {
			return pval{}, err
		}
		parts = append(parts, Format(t))
	}
	parts = append(parts, size...)
	if block != "" {
		parts = append(parts, block)
	}
	if len(parts) == 0 {
		return a.ok(&OpaqueType{Name: "Callable", Canonical: "Callable"}), nil
	}
	return a.opaque("Callable", parts...), nil
}

func (a *typeAccess) class() (pval, error) {
	if len(a.params) != 1 {
		return pval{}, a.count("Class", "1")
	}
	v := a.params[0]
	if v.kind != vString {
		return pval{}, a.argError("a Class parameter must be a class name, not " + describeValue(v))
	}
	return a.opaque("Class", strings.TrimPrefix(v.s, "::")), nil
}

// resource is Resource[type] or Resource[type, title].
func (a *typeAccess) resource() (pval, error) {
	p := a.params
	if len(p) > 2 {
		return pval{}, a.count("Resource", "1 or 2")
	}
	var name string
	switch v := p[0]; {
	case v.kind == vString:
		name = capitalizeName(v.s)
	case v.kind == vType:
		switch t := v.t.(type) {
		case *TypeReferenceType:
			name = t.Name
		case *OpaqueType:
			if t.Name == "Resource" && !strings.Contains(t.Canonical, "[") {
				name = t.Canonical
			}
		}
		if name == "" {
			return pval{}, a.argError("The type name cannot be a " + rubyClass(v))
		}
	default:
		return pval{}, a.argError("The type name cannot be a " + rubyClass(v))
	}
	if name == "Resource" {
		return a.ok(&OpaqueType{Name: "Resource", Canonical: "Resource"}), nil
	}
	if !isResourceTypeName(name) {
		return pval{}, a.argError("Illegal type name '" + name + "'")
	}
	if len(p) == 1 {
		return a.ok(&OpaqueType{Name: "Resource", Canonical: name}), nil
	}
	return a.resourceWithTitle(name, p[1])
}

// capitalizeName is Puppet's capitalize_segments: a name that starts with
// an upper-case letter is kept, else each segment is capitalized.
func capitalizeName(name string) string {
	if name != "" && lexUpper(name[0]) {
		return name
	}
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

// isResourceTypeName reports whether name is Name or Name::Name..., with
// an optional leading "::" (Puppet's CLASSREF_EXT).
func isResourceTypeName(name string) bool {
	for _, seg := range strings.Split(strings.TrimPrefix(name, "::"), "::") {
		if seg == "" || !lexUpper(seg[0]) {
			return false
		}
		for i := 1; i < len(seg); i++ {
			if !lexWordByte(seg[i]) {
				return false
			}
		}
	}
	return true
}

func (a *typeAccess) resourceWithTitle(name string, title pval) (pval, error) {
	if title.kind != vString {
		return pval{}, a.argError("a resource title must be a string, not " + describeValue(title))
	}
	return a.ok(&OpaqueType{Name: "Resource", Canonical: name + "[" + puppetQuote(title.s) + "]"}), nil
}

func (a *typeAccess) init() (pval, error) {
	t, err := a.assertType(a.params[0])
	if err != nil {
		return pval{}, err
	}
	parts := []string{Format(t)}
	for _, v := range a.params[1:] {
		parts = append(parts, formatParam(v))
	}
	return a.opaque("Init", parts...), nil
}

// object is the rule of Object[{...}] and TypeSet[{...}]: catc keeps the
// definition as written, printed the way Puppet prints an init hash.
func objectRule(name string) accessRule {
	return func(a *typeAccess) (pval, error) {
		if len(a.params) != 1 {
			return pval{}, a.count(name, "1")
		}
		h := a.params[0]
		if h.kind != vHash {
			return pval{}, a.argError("the parameter of " + name + " must be a hash, not " + describeValue(h))
		}
		return a.opaque(name, formatInitHash(h)), nil
	}
}

func (a *typeAccess) semver() (pval, error) {
	parts := make([]string, 0, len(a.params))
	for _, v := range a.params {
		if v.kind != vString {
			return pval{}, a.argError("a SemVer parameter must be a version range string, not " + describeValue(v))
		}
		parts = append(parts, puppetQuote(v.s))
	}
	return a.opaque("SemVer", parts...), nil
}

func (a *typeAccess) timestamp() (pval, error) {
	if len(a.params) > 2 {
		return pval{}, a.count("Timestamp", "0 to 2")
	}
	parts := make([]string, 0, 2)
	for _, v := range a.params {
		s, err := a.timeBound(v, timestampText)
		if err != nil {
			return pval{}, err
		}
		parts = append(parts, s)
	}
	return a.opaque("Timestamp", trimDefaults(parts)...), nil
}

func (a *typeAccess) timespan() (pval, error) {
	if len(a.params) > 2 {
		return pval{}, a.count("Timespan", "0 to 2")
	}
	parts := make([]string, 0, 2)
	for _, v := range a.params {
		s, err := a.timeBound(v, timespanText)
		if err != nil {
			return pval{}, err
		}
		parts = append(parts, s)
	}
	return a.opaque("Timespan", trimDefaults(parts)...), nil
}

// timeBound prints one bound of Timestamp or Timespan in Puppet's form.
func (a *typeAccess) timeBound(v pval, text func(pval) (string, bool)) (string, error) {
	if v.kind == vDefault || v.kind == vUndef {
		return "default", nil
	}
	s, ok := text(v)
	if !ok {
		return "", a.in.errAt(v.n, KindUnsupported, "catc cannot read "+formatParam(v)+
			" as a time bound: write seconds, or a time as 2020-01-01T00:00:00Z or a span as D-HH:MM:SS")
	}
	return puppetQuote(s), nil
}

func trimDefaults(parts []string) []string {
	for len(parts) > 0 && parts[len(parts)-1] == "default" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

func (a *typeAccess) uri() (pval, error) {
	if len(a.params) != 1 {
		return pval{}, a.count("URI", "1")
	}
	switch v := a.params[0]; v.kind {
	case vString:
		h, ok := uriHash(v.s)
		if !ok {
			return pval{}, a.argError("invalid URI " + RubyInspectString(v.s))
		}
		return a.opaque("URI", h), nil
	case vHash:
		return a.opaque("URI", formatParam(v)), nil
	}
	return pval{}, a.argError("a URI parameter must be a string or a hash, not " + describeValue(a.params[0]))
}
