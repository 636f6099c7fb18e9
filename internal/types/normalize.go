package types

import (
	"sort"
	"strings"
)

// normalizeType is Puppet's Type#normalize, which the mismatch describer
// applies to the expected type (and to both sides of a reported mismatch).
// It keeps the set of accepted values for everything but sized
// Collections and Array[Any, ...] (whose size it drops — the root of
// quirk Q1), and it rewrites Optional/NotUndef/Variant into a canonical
// shape. Aliases are left alone (the describer normalizes their resolution).
func normalizeType(t Type) Type {
	switch t := t.(type) {
	case *NotUndefType:
		return normalizeNotUndef(t)
	case *OptionalType:
		return normalizeOptional(t)
	case *VariantType:
		return normalizeVariant(t)
	case *CollectionType:
		if t.Size == nil {
			return t
		}
		return &CollectionType{}
	case *ArrayType:
		elem := arrayElem(t)
		if isAny(elem) {
			if t.Elem == nil && t.Size == nil {
				return t
			}
			return &ArrayType{}
		}
		return &ArrayType{Elem: normalizeType(elem), Size: t.Size}
	case *HashType:
		if isEmptySize(t.Size) || (t.Size == nil && isAnyOrNil(t.Key) && isAnyOrNil(t.Value)) {
			return t
		}
		k, v := hashKV(t)
		return &HashType{Key: normalizeType(k), Value: normalizeType(v), Size: t.Size}
	case *TupleType:
		return &TupleType{Types: mapTypes(t.Types, normalizeType), Size: t.Size}
	case *StructType:
		return normalizeStruct(t)
	case *SensitiveType:
		if t.Type == nil {
			return t
		}
		return &SensitiveType{Type: normalizeType(t.Type), Declared: t.Declared}
	case *IterableType:
		if t.Type == nil {
			return t
		}
		return &IterableType{Type: normalizeType(t.Type)}
	}
	return t
}

func normalizeStruct(t *StructType) Type {
	elems := make([]StructElement, len(t.Elements))
	for i, e := range t.Elements {
		// The key stays as written, so optionality is decided on the
		// original value type (normalization keeps accepting undef or not).
		elems[i] = StructElement{Key: e.Key, Name: e.Name, Value: normalizeType(e.Value)}
	}
	return &StructType{Elements: elems}
}

func normalizeNotUndef(t *NotUndefType) Type {
	if t.Type == nil {
		return t
	}
	inner := normalizeType(t.Type)
	if o, ok := inner.(*OptionalType); ok {
		return normalizeType(&NotUndefType{Type: o.Type})
	}
	if !assignable(inner, undefT) {
		return inner
	}
	return &NotUndefType{Type: inner}
}

func normalizeOptional(t *OptionalType) Type {
	if t.Type == nil {
		return t
	}
	inner := normalizeType(t.Type)
	if n, ok := inner.(*NotUndefType); ok {
		return normalizeType(&OptionalType{Type: n.Type})
	}
	if assignable(inner, undefT) {
		return inner
	}
	return &OptionalType{Type: inner}
}

// normalizeVariant normalizes the members, turns undef members into an
// Optional wrapper and merges NotUndefs, case-sensitive Enums and literal
// Strings, case-insensitive Enums, Patterns, Integer and Float ranges, in
// Puppet's order (merged members move to the end, merged ranges to the
// front).
func normalizeVariant(t *VariantType) Type {
	if len(t.Types) == 0 {
		return t
	}
	types := mapTypes(t.Types, normalizeType)
	modified := !typeListsEqual(types, t.Types)
	if len(types) == 1 {
		return types[0]
	}
	if rest, ok := withoutUndefs(types); ok {
		return normalizeType(&OptionalType{Type: maybeVariant(rest)})
	}
	types = flattenVariants(types)
	before := len(types)
	types = mergeNotUndefs(types)
	types = mergeEnums(types)
	types = mergeCaseInsensitiveEnums(types)
	types = mergePatterns(types)
	types = mergeRanges(types, isIntegerType)
	types = mergeRanges(types, isFloatType)
	if len(types) == 1 {
		return types[0]
	}
	if modified || len(types) != before {
		return maybeVariant(types)
	}
	return t
}

// withoutUndefs drops Undef members and unwraps Optional ones; ok reports
// whether there was any.
func withoutUndefs(types []Type) ([]Type, bool) {
	found := false
	rest := make([]Type, 0, len(types))
	for _, m := range types {
		switch m := m.(type) {
		case *UndefType:
			found = true
		case *OptionalType:
			found = true
			rest = append(rest, orAny(m.Type))
		default:
			rest = append(rest, m)
		}
	}
	return rest, found
}

func flattenVariants(types []Type) []Type {
	out := make([]Type, 0, len(types))
	for _, m := range types {
		if v, ok := m.(*VariantType); ok {
			out = append(out, v.Types...)
		} else {
			out = append(out, m)
		}
	}
	return out
}

// partitionTypes splits types into those pick selects and the others.
func partitionTypes(types []Type, pick func(Type) bool) (picked, others []Type) {
	for _, m := range types {
		if pick(m) {
			picked = append(picked, m)
		} else {
			others = append(others, m)
		}
	}
	return picked, others
}

func mergeNotUndefs(types []Type) []Type {
	nus, others := partitionTypes(types, func(m Type) bool { _, ok := m.(*NotUndefType); return ok })
	if len(nus) < 2 {
		return types
	}
	inner := make([]Type, len(nus))
	for i, m := range nus {
		inner[i] = orAny(m.(*NotUndefType).Type)
	}
	return append(others, &NotUndefType{Type: normalizeType(maybeVariant(inner))})
}

func mergeEnums(types []Type) []Type {
	enums, others := partitionTypes(types, func(m Type) bool {
		switch m := m.(type) {
		case *EnumType:
			return len(m.Values) > 0 && !m.CaseInsensitive
		case *StringType:
			return m.Value != nil
		}
		return false
	})
	if len(enums) < 2 {
		return types
	}
	var values []string
	for _, m := range enums {
		if s, ok := m.(*StringType); ok {
			values = append(values, *s.Value)
		} else {
			values = append(values, m.(*EnumType).Values...)
		}
	}
	return append(others, newEnum(values, false))
}

func mergeCaseInsensitiveEnums(types []Type) []Type {
	enums, others := partitionTypes(types, func(m Type) bool {
		e, ok := m.(*EnumType)
		return ok && len(e.Values) > 0 && e.CaseInsensitive
	})
	if len(enums) < 2 {
		return types
	}
	var values []string
	for _, m := range enums {
		for _, v := range m.(*EnumType).Values {
			values = append(values, strings.ToLower(v))
		}
	}
	return append(others, newEnum(values, true))
}

// newEnum sorts and de-duplicates values, as PEnumType's constructor does.
func newEnum(values []string, ci bool) *EnumType {
	sorted := append([]string(nil), values...)
	sort.Strings(sorted)
	out := sorted[:0]
	for i, v := range sorted {
		if i == 0 || v != sorted[i-1] {
			out = append(out, v)
		}
	}
	return &EnumType{Values: out, CaseInsensitive: ci}
}

func mergePatterns(types []Type) []Type {
	pats, others := partitionTypes(types, func(m Type) bool { _, ok := m.(*PatternType); return ok })
	if len(pats) < 2 {
		return types
	}
	var all []*Regexp
	for _, m := range pats {
		for _, r := range m.(*PatternType).Patterns {
			if !containsRegexp(all, r) {
				all = append(all, r)
			}
		}
	}
	return append(others, &PatternType{Patterns: all})
}

func containsRegexp(rs []*Regexp, r *Regexp) bool {
	for _, x := range rs {
		if regexpEqual(x, r) {
			return true
		}
	}
	return false
}

func isIntegerType(t Type) bool { _, ok := t.(*IntegerType); return ok }
func isFloatType(t Type) bool   { _, ok := t.(*FloatType); return ok }

// mergeRanges is PVariantType#merge_ranges: repeatedly take the last range
// and fold every remaining range that touches it into it; the merged ranges
// come first.
func mergeRanges(types []Type, pick func(Type) bool) []Type {
	ranges, others := partitionTypes(types, pick)
	if len(ranges) < 2 {
		return types
	}
	var result []Type
	for len(ranges) > 0 {
		memo := ranges[len(ranges)-1]
		ranges = ranges[:len(ranges)-1]
		var unmerged []Type
		for _, y := range ranges {
			if m := mergeRange(memo, y); m != nil {
				memo = m
			} else {
				unmerged = append(unmerged, y)
			}
		}
		result = append(result, memo)
		ranges = unmerged
	}
	return append(result, others...)
}

// mergeRange joins two Integer ranges that overlap or are adjacent, or two
// Float ranges that overlap; nil when they are apart.
func mergeRange(a, b Type) Type {
	switch x := a.(type) {
	case *IntegerType:
		y := b.(*IntegerType)
		touch := !(x.Max < y.Min || y.Max < x.Min) ||
			(x.Max != MaxInt && y.Min != MinInt && x.Max+1 == y.Min) ||
			(y.Max != MaxInt && x.Min != MinInt && y.Max+1 == x.Min)
		if touch {
			return joinRange(x, y)
		}
	case *FloatType:
		y := b.(*FloatType)
		if !(x.Max < y.Min || y.Max < x.Min) {
			return &FloatType{min(x.Min, y.Min), max(x.Max, y.Max)}
		}
	}
	return nil
}
