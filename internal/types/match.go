package types

import (
	"math"
	"unicode/utf8"
)

// IsInstance reports whether v is an instance of t, exactly as Puppet's
// instance? decides it for plain data: integers and floats never mix,
// strings are never coerced, string lengths count code points, Enum case
// folding is ASCII-only, Pattern is an unanchored search (a pattern whose
// translation failed matches nothing) and only a Sensitive type accepts a
// Sensitive value (besides Any, NotUndef and aliases that contain them).
func IsInstance(t Type, v Value) bool {
	var m matcher
	return m.matchValue(t, v, nil)
}

// Meter is charged what each pattern match may cost, in steps of Go's
// regexp engine (rubyregexp.Regexp.Steps), before the match; an error
// stops the check, which fails with it.
type Meter interface {
	ChargeMatch(steps int64) error
}

// matcher is one instance check: the meter it charges, and the first
// error that kept a pattern from being matched (a match beyond
// rubyregexp.MaxMatchSteps, or the meter's), which makes a check that
// fails say why.
type matcher struct {
	meter   Meter
	err     error
	stopped bool // the meter refused: no more matches
}

// matchValue is IsInstance with a guard against alias self-recursion:
// seen holds the aliases entered for this very value; re-entering one means
// the alias recursed without consuming the value, which Puppet reports as
// "not an instance".
func (m *matcher) matchValue(t Type, v Value, seen []*AliasType) bool {
	switch t := t.(type) {
	case nil, *AnyType:
		return true
	case *AliasType:
		for _, a := range seen {
			if a == t {
				return false
			}
		}
		return m.matchValue(t.Resolved, v, append(seen, t))
	case *OptionalType:
		return v == nil || (t.Type != nil && m.matchValue(t.Type, v, seen))
	case *NotUndefType:
		return v != nil && (t.Type == nil || m.matchValue(t.Type, v, seen))
	case *VariantType:
		for _, e := range t.Types {
			if m.matchValue(e, v, seen) {
				return true
			}
		}
		return false
	case *UndefType:
		return v == nil
	}
	return m.matchScalar(t, v)
}

// matchScalar handles the types that do not contain types, plus the
// container types (whose elements start a fresh recursion guard).
func (m *matcher) matchScalar(t Type, v Value) bool {
	switch t := t.(type) {
	case *ScalarType, *ScalarDataType:
		switch v.(type) {
		case string, int64, float64, bool:
			return true
		}
		return false
	case *NumericType:
		switch n := v.(type) {
		case int64:
			return true
		case float64:
			return !math.IsNaN(n)
		}
		return false
	case *IntegerType:
		n, ok := v.(int64)
		return ok && n >= t.Min && n <= t.Max
	case *FloatType:
		f, ok := v.(float64)
		return ok && f >= t.Min && f <= t.Max
	case *StringType:
		s, ok := v.(string)
		return ok && matchString(t, s)
	case *BooleanType:
		b, ok := v.(bool)
		return ok && (t.Value == nil || *t.Value == b)
	case *EnumType:
		s, ok := v.(string)
		return ok && matchEnum(t, s)
	case *PatternType:
		s, ok := v.(string)
		return ok && m.matchPattern(t, s)
	case *SensitiveType:
		s, ok := v.(Sensitive)
		return ok && (t.Type == nil || m.matchValue(t.Type, s.Value, nil))
	}
	return m.matchContainer(t, v)
}

func matchString(t *StringType, s string) bool {
	if t.Value != nil {
		return s == *t.Value
	}
	if t.Size == nil {
		return true
	}
	return sizeContains(t.Size, int64(utf8.RuneCountInString(s)))
}

func matchEnum(t *EnumType, s string) bool {
	for _, e := range t.Values {
		if e == s || (t.CaseInsensitive && asciiEqualFold(e, s)) {
			return true
		}
	}
	return false
}

func (m *matcher) matchPattern(t *PatternType, s string) bool {
	if len(t.Patterns) == 0 {
		return true
	}
	for _, p := range t.Patterns {
		if p == nil || p.Go == nil || m.stopped {
			continue
		}
		if m.meter != nil {
			if err := m.meter.ChargeMatch(p.Go.Steps(len(s))); err != nil {
				m.err, m.stopped = err, true
				return false
			}
		}
		ok, err := p.Go.MatchWithin(s)
		if err != nil && m.err == nil {
			m.err = err
		}
		if ok {
			return true
		}
	}
	return false
}

// asciiEqualFold is Ruby's String#casecmp == 0: only A-Z/a-z fold.
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

func sizeContains(r *IntegerType, n int64) bool {
	return r == nil || (n >= r.Min && n <= r.Max)
}

func (m *matcher) matchContainer(t Type, v Value) bool {
	switch t := t.(type) {
	case *ArrayType:
		a, ok := v.([]Value)
		return ok && m.matchArray(t, a)
	case *TupleType:
		a, ok := v.([]Value)
		return ok && m.matchTuple(t, a)
	case *HashType:
		h, ok := v.(*Hash)
		return ok && m.matchHash(t, h)
	case *StructType:
		h, ok := v.(*Hash)
		return ok && m.matchStruct(t, h)
	case *CollectionType:
		switch c := v.(type) {
		case []Value:
			return sizeContains(t.Size, int64(len(c)))
		case *Hash:
			return sizeContains(t.Size, int64(c.Len()))
		}
		return false
	case *IterableType:
		return matchIterable(t, v)
	}
	// Default, Regexp, TypeReference, Opaque and unknown types: no plain
	// value is an instance.
	return false
}

func (m *matcher) matchArray(t *ArrayType, a []Value) bool {
	if !sizeContains(t.Size, int64(len(a))) {
		return false
	}
	if isEmptySize(t.Size) {
		return true
	}
	for _, e := range a {
		if !m.matchValue(t.Elem, e, nil) {
			return false
		}
	}
	return true
}

func (m *matcher) matchTuple(t *TupleType, a []Value) bool {
	n := len(t.Types)
	if t.Size != nil {
		if !sizeContains(t.Size, int64(len(a))) {
			return false
		}
	} else if n != 0 && n != len(a) {
		return false
	}
	if n == 0 {
		return true
	}
	for i, e := range a {
		if !m.matchValue(t.Types[min(i, n-1)], e, nil) {
			return false
		}
	}
	return true
}

func (m *matcher) matchHash(t *HashType, h *Hash) bool {
	if isEmptySize(t.Size) {
		return h.Len() == 0
	}
	for i, k := range h.Keys {
		if !m.matchKey(t.Key, k) || !m.matchValue(t.Value, h.Values[i], nil) {
			return false
		}
	}
	return sizeContains(t.Size, int64(h.Len()))
}

// matchKey is matchValue for a hash key, without boxing the string.
func (m *matcher) matchKey(t Type, k string) bool {
	switch t := t.(type) {
	case nil, *AnyType, *ScalarType, *ScalarDataType:
		return true
	case *StringType:
		return matchString(t, k)
	case *EnumType:
		return matchEnum(t, k)
	case *PatternType:
		return m.matchPattern(t, k)
	case *NotUndefType:
		return t.Type == nil || m.matchKey(t.Type, k)
	case *OptionalType:
		return t.Type != nil && m.matchKey(t.Type, k)
	}
	return m.matchValue(t, k, nil)
}

func (m *matcher) matchStruct(t *StructType, h *Hash) bool {
	matched := 0
	for _, e := range t.Elements {
		v, present := h.Get(e.Name)
		if !present {
			if !structKeyOptional(e) {
				return false
			}
			continue
		}
		matched++
		if !m.matchValue(e.Value, v, nil) {
			return false
		}
	}
	return matched == h.Len()
}

// matchIterable follows PIterableType#instance?: without an element type
// (or with one that accepts Any) anything iterable will do; otherwise the
// iterable element type of the value's inferred type must be assignable.
func matchIterable(t *IterableType, v Value) bool {
	if t.Type == nil || assignable(t.Type, anyT) {
		switch n := v.(type) {
		case string, []Value, *Hash:
			return true
		case int64:
			return n >= 0
		}
		return false
	}
	return assignable(t, inferValue(v))
}

// isEmptySize reports a 0..0 size, for which Puppet replaces the element
// types by Unit (anything goes, as there are no elements).
func isEmptySize(r *IntegerType) bool {
	return r != nil && r.Min == 0 && r.Max == 0
}

// structKeyOptional reports whether a Struct element may be absent. Keys
// are kept as written: Optional['k'] is optional, NotUndef['k'] is
// required, and a plain 'k' is optional exactly when its value type
// accepts undef (Puppet's TypeFactory.struct rule).
func structKeyOptional(e StructElement) bool {
	switch e.Key.(type) {
	case *OptionalType:
		return true
	case *StringType, *EnumType:
		return e.Value != nil && assignable(e.Value, undefT)
	}
	return false // NotUndef['k']
}
