package types

// ContainsSensitive reports whether t has a Sensitive[...] anywhere in it
// (through Optional, Variant, containers and aliases): values at such a
// position are secrets.
func ContainsSensitive(t Type) bool { return containsSensitive(t, nil) }

func containsSensitive(t Type, seen []*AliasType) bool {
	switch t := t.(type) {
	case *SensitiveType:
		return true
	case *AliasType:
		for _, a := range seen {
			if a == t {
				return false
			}
		}
		return containsSensitive(t.Resolved, append(seen, t))
	case *OptionalType:
		return containsSensitive(t.Type, seen)
	case *NotUndefType:
		return containsSensitive(t.Type, seen)
	case *VariantType:
		return anySensitive(t.Types, seen)
	case *ArrayType:
		return containsSensitive(t.Elem, seen)
	case *HashType:
		return containsSensitive(t.Value, seen)
	case *TupleType:
		return anySensitive(t.Types, seen)
	case *StructType:
		for _, e := range t.Elements {
			if containsSensitive(e.Value, seen) {
				return true
			}
		}
	}
	return false
}

func anySensitive(ts []Type, seen []*AliasType) bool {
	for _, m := range ts {
		if containsSensitive(m, seen) {
			return true
		}
	}
	return false
}

// SealSensitive wraps in Sensitive every part of v that sits at a
// Sensitive[...] position of t: a plain value written where the type
// wants a Sensitive one is taken as sensitive, as a manifest would write
// Sensitive('x') there (HCL has no such constructor). A Variant takes the
// first member that accepts the sealed value. ok is false when a part at
// a Sensitive position is outside the parameter as written (Puppet
// generalizes Sensitive[Integer[0, 10]] to Sensitive[Integer], and would
// accept 424242; catc checks the bounds the author wrote).
func SealSensitive(t Type, v Value) (sealed Value, ok bool) {
	return seal(t, v, 0)
}

// maxSealDepth bounds the walk through recursive aliases.
const maxSealDepth = 100

func seal(t Type, v Value, depth int) (Value, bool) {
	if depth > maxSealDepth || !ContainsSensitive(t) {
		return v, true
	}
	depth++
	switch t := t.(type) {
	case *SensitiveType:
		if s, already := v.(Sensitive); already {
			v = s.Value
		}
		return Sensitive{Value: v}, t.Declared == nil || IsInstance(t.Declared, v)
	case *AliasType:
		return seal(t.Resolved, v, depth)
	case *OptionalType:
		if v == nil {
			return nil, true
		}
		return seal(t.Type, v, depth)
	case *NotUndefType:
		return seal(t.Type, v, depth)
	case *VariantType:
		return sealVariant(t, v, depth)
	case *ArrayType:
		return sealElements(v, depth, func(int) Type { return t.Elem })
	case *TupleType:
		if len(t.Types) == 0 {
			return v, true
		}
		return sealElements(v, depth, func(i int) Type { return t.Types[min(i, len(t.Types)-1)] })
	case *HashType:
		return sealValues(v, depth, func(string) Type { return t.Value })
	case *StructType:
		return sealValues(v, depth, func(k string) Type {
			for _, e := range t.Elements {
				if e.Name == k {
					return e.Value
				}
			}
			return nil
		})
	}
	return v, true
}

// sealVariant takes the first member that accepts the sealed value within
// the written bounds, else the first that accepts it at all (reporting
// the bounds), else the value sealed as the first member that wants a
// Sensitive, so that the mismatch message names Sensitive[...].
func sealVariant(t *VariantType, v Value, depth int) (Value, bool) {
	var loose Value
	found := false
	for _, m := range t.Types {
		sv, ok := seal(m, v, depth)
		if !IsInstance(m, sv) {
			continue
		}
		if ok {
			return sv, true
		}
		if !found {
			loose, found = sv, true
		}
	}
	if found {
		return loose, false
	}
	for _, m := range t.Types {
		if ContainsSensitive(m) {
			sv, _ := seal(m, v, depth)
			return sv, true
		}
	}
	return v, true
}

func sealElements(v Value, depth int, elem func(int) Type) (Value, bool) {
	list, isList := v.([]Value)
	if !isList {
		return v, true
	}
	out := make([]Value, len(list))
	all := true
	for i, x := range list {
		sv, ok := seal(elem(i), x, depth)
		out[i], all = sv, all && ok
	}
	return out, all
}

func sealValues(v Value, depth int, value func(string) Type) (Value, bool) {
	h, isHash := v.(*Hash)
	if !isHash || h == nil {
		return v, true
	}
	out := &Hash{Keys: append([]string(nil), h.Keys...), Values: make([]Value, len(h.Values))}
	all := true
	for i, k := range h.Keys {
		sv, ok := seal(value(k), h.Values[i], depth)
		out.Values[i], all = sv, all && ok
	}
	return out, all
}
