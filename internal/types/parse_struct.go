package types

// This file holds the parameter rule of Struct: one hash of keys to types.

const structKeyAdvice = "use a quoted string, Optional['k'] or NotUndef['k']"

func (a *typeAccess) structType() (pval, error) {
	if len(a.params) != 1 {
		return pval{}, a.count("Struct", "1")
	}
	h := a.params[0]
	if h.kind != vHash {
		return pval{}, a.invalid()
	}
	t := &StructType{}
	seen := map[string]bool{}
	for i := 0; i+1 < len(h.items); i += 2 {
		e, err := a.structElement(h.items[i], h.items[i+1])
		if err != nil {
			return pval{}, err
		}
		if seen[e.Name] {
			return pval{}, a.in.errAt(h.items[i].n, KindArgument, "the Struct key '"+e.Name+"' is given twice")
		}
		seen[e.Name] = true
		t.Elements = append(t.Elements, e)
	}
	return a.ok(t), nil
}

// structElement checks one key => value entry. A plain string key of a
// value type that accepts undef becomes optional, as in Puppet.
func (a *typeAccess) structElement(k, v pval) (StructElement, error) {
	vt, err := a.typeOf(v)
	if err != nil {
		return StructElement{}, err
	}
	illegal := func(class string) error {
		return a.argError("Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: " + class)
	}
	switch k.kind {
	case vString:
		if k.s == "" {
			return StructElement{}, a.argError("Struct element key cannot be an empty String")
		}
		s := k.s
		var key Type = &StringType{Value: &s}
		if typeAcceptsUndef(vt, nil) {
			key = &OptionalType{Type: key}
		}
		return StructElement{Key: key, Name: s, Value: vt}, nil
	case vType:
	default:
		return StructElement{}, illegal(rubyClass(k))
	}
	var inner Type
	switch kt := k.t.(type) {
	case *OptionalType:
		inner = kt.Type
	case *NotUndefType:
		inner = kt.Type
	case *StringType, *EnumType:
		// Puppet takes these keys and then fails with a NoMethodError
		// when it formats or uses the type.
		return StructElement{}, a.in.errAt(k.n, KindArgument, Format(k.t)+" is not a valid Struct key: "+structKeyAdvice)
	default:
		return StructElement{}, illegal(rubyClass(k))
	}
	st, ok := inner.(*StringType)
	if !ok || st.Value == nil {
		return StructElement{}, a.in.errAt(k.n, KindArgument, Format(k.t)+" is not a valid Struct key: "+structKeyAdvice)
	}
	if *st.Value == "" {
		return StructElement{}, a.argError("Struct element key cannot be an empty String")
	}
	return StructElement{Key: k.t, Name: *st.Value, Value: vt}, nil
}

// typeAcceptsUndef reports whether undef is an instance of t (Puppet's
// assignable?(t, Undef)), following aliases once.
func typeAcceptsUndef(t Type, seen map[*AliasType]bool) bool {
	switch t := t.(type) {
	case *AnyType, *UndefType:
		return true
	case *OptionalType:
		return true
	case *VariantType:
		for _, m := range t.Types {
			if typeAcceptsUndef(m, seen) {
				return true
			}
		}
	case *AliasType:
		if seen[t] || t.Resolved == nil {
			return false
		}
		if seen == nil {
			seen = map[*AliasType]bool{}
		}
		seen[t] = true
		return typeAcceptsUndef(t.Resolved, seen)
	}
	return false
}
