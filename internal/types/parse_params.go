package types

import "sort"

// This file holds the parameter rules of Enum, Pattern, Regexp, Variant,
// Optional, NotUndef, Sensitive, Iterable, Tuple and Struct.

func (a *typeAccess) enum() (pval, error) {
	p := a.params
	ci := false
	if len(p) > 0 && p[len(p)-1].kind == vBool {
		ci, p = p[len(p)-1].b, p[:len(p)-1]
	}
	if len(p) == 0 {
		return pval{}, a.countGiven("Enum", "1 or more", 0)
	}
	values := make([]string, 0, len(p))
	for _, v := range p {
		if v.kind != vString {
			return pval{}, a.in.errAt(a.n, KindInterpretation, "Enum parameters must be identifiers or strings")
		}
		values = append(values, v.s)
	}
	return a.ok(&EnumType{Values: sortedUnique(values), CaseInsensitive: ci}), nil
}

func sortedUnique(values []string) []string {
	sort.Strings(values)
	out := values[:0]
	for i, v := range values {
		if i == 0 || v != values[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// pattern takes regexps, strings, Regexp types and Pattern types
// (flattened), dropping repeated sources and keeping the order.
func (a *typeAccess) pattern() (pval, error) {
	var res []*Regexp
	add := func(r *Regexp) {
		for _, x := range res {
			if x.Source == r.Source {
				return
			}
		}
		res = append(res, r)
	}
	for _, v := range a.params {
		switch {
		case v.kind == vRegexp:
			add(v.re)
		case v.kind == vString:
			r, err := a.compile(v.s)
			if err != nil {
				return pval{}, err
			}
			a.in.record(r, v.n)
			add(r)
		case v.kind == vType:
			switch t := v.t.(type) {
			case *PatternType:
				for _, r := range t.Patterns {
					add(r)
				}
				continue
			case *RegexpType:
				if t.Pattern == nil {
					// Puppet compiles the missing pattern as //.
					r, err := a.compile("")
					if err != nil {
						return pval{}, err
					}
					add(r)
					continue
				}
				add(t.Pattern)
				continue
			}
			fallthrough
		default:
			return pval{}, a.argError("Only String, Regexp, Pattern-Type, and Regexp-Type are allowed: got '" + rubyClass(v))
		}
	}
	return a.ok(&PatternType{Patterns: res}), nil
}

// compile compiles a regexp given as a string parameter.
func (a *typeAccess) compile(src string) (*Regexp, error) {
	r, err := newRegexp(src)
	if err != nil {
		return nil, a.argError(err.Error())
	}
	return r, nil
}

func (a *typeAccess) regexp() (pval, error) {
	if len(a.params) != 1 {
		return pval{}, a.count("Regexp", "1")
	}
	switch v := a.params[0]; v.kind {
	case vRegexp:
		return a.ok(&RegexpType{Pattern: v.re}), nil
	case vString:
		r, err := a.compile(v.s)
		return a.ok(&RegexpType{Pattern: r}), err
	}
	return pval{}, a.argError("a Regexp parameter must be a regexp or a string, not " + describeValue(a.params[0]))
}

// variant keeps the first of equal members; one member is that member.
func (a *typeAccess) variant() (pval, error) {
	var members []Type
	seen := map[string]bool{}
	for _, v := range a.params {
		t, err := a.assertType(v)
		if err != nil {
			return pval{}, err
		}
		if f := Format(t); !seen[f] {
			seen[f] = true
			members = append(members, t)
		}
	}
	if len(members) == 1 {
		return a.ok(members[0]), nil
	}
	return a.ok(&VariantType{Types: members}), nil
}

// typeOrLiteral is the parameter of Optional and NotUndef: a type, or a
// string standing for that exact string.
func (a *typeAccess) typeOrLiteral(v pval) (Type, error) {
	if v.kind == vString {
		s := v.s
		return &StringType{Value: &s}, nil
	}
	return a.assertType(v)
}

func (a *typeAccess) optional() (pval, error) {
	if len(a.params) != 1 {
		return pval{}, a.count("Optional", "1")
	}
	t, err := a.typeOrLiteral(a.params[0])
	return a.ok(&OptionalType{Type: t}), err
}

func (a *typeAccess) notUndef() (pval, error) {
	if len(a.params) > 1 {
		return pval{}, a.count("NotUndef", "0 to 1")
	}
	if len(a.params) == 0 {
		return a.ok(&NotUndefType{}), nil
	}
	t, err := a.typeOrLiteral(a.params[0])
	return a.ok(&NotUndefType{Type: t}), err
}

func (a *typeAccess) sensitive() (pval, error) {
	if len(a.params) > 1 {
		return pval{}, a.count("Sensitive", "0 to 1")
	}
	if len(a.params) == 0 {
		return a.ok(&SensitiveType{}), nil
	}
	t, err := a.assertType(a.params[0])
	if err != nil {
		return pval{}, err
	}
	return a.ok(&SensitiveType{Type: generalizeType(t), Declared: t}), nil
}

func (a *typeAccess) iterable() (pval, error) {
	if len(a.params) != 1 {
		return pval{}, a.count("Iterable", "1")
	}
	t, err := a.assertType(a.params[0])
	return a.ok(&IterableType{Type: t}), err
}

// typeParamRule is the rule of Type[T] and Iterator[T], types no data matches.
func typeParamRule(name string) accessRule {
	return func(a *typeAccess) (pval, error) {
		if len(a.params) != 1 {
			return pval{}, a.count(name, "1")
		}
		t, err := a.assertType(a.params[0])
		if err != nil {
			return pval{}, err
		}
		return a.ok(&OpaqueType{Name: name, Canonical: name + "[" + Format(t) + "]"}), nil
	}
}

// tuple takes types, then optionally a minimum size or min and max;
// a non-type parameter stands for its inferred type (Puppet's quirk).
func (a *typeAccess) tuple() (pval, error) {
	p := a.params
	t := &TupleType{}
	n := len(p)
	minOf := func(v pval) pval {
		if v.kind == vDefault || v.kind == vString {
			return pval{kind: vInt}
		}
		return v
	}
	var err error
	switch {
	case n >= 2 && isRangeParam(p[n-2]):
		if err = a.assertRange(p[n-1]); err != nil {
			return pval{}, err
		}
		t.Size, err = a.sizeRange(minOf(p[n-2]), p[n-1])
		p = p[:n-2]
	case n >= 1 && isRangeParam(p[n-1]):
		t.Size, err = a.sizeRange(minOf(p[n-1]), pval{kind: vDefault})
		p = p[:n-1]
	}
	if err != nil {
		return pval{}, err
	}
	for _, v := range p {
		et, err := a.typeOf(v)
		if err != nil {
			return pval{}, err
		}
		t.Types = append(t.Types, et)
	}
	return a.ok(t), nil
}

// typeOf is a parameter as a type: itself, the generalized type Puppet
// infers for a literal, or for a string the Ruby class it names.
func (a *typeAccess) typeOf(v pval) (Type, error) {
	switch v.kind {
	case vType:
		return v.t, nil
	case vString:
		// Puppet reads a string here as the name of a Ruby class.
		return &OpaqueType{Name: "Runtime", Canonical: "Runtime[ruby, " + puppetQuote(v.s) + "]"}, nil
	case vInt:
		return &IntegerType{Min: MinInt, Max: MaxInt}, nil
	case vFloat:
		return bareTypes()["float"](), nil
	case vBool:
		return &BooleanType{}, nil
	case vDefault:
		return &DefaultType{}, nil
	case vRegexp:
		return &RegexpType{}, nil
	case vUndef:
		return &UndefType{}, nil
	}
	return nil, a.in.errAt(v.n, KindUnsupported, "catc does not infer a type from "+describeValue(v)+
		" here: write the type instead")
}
