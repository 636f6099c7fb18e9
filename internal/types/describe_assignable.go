package types

import "unicode/utf8"

// assignable is Puppet's Type#assignable?(other): whether every value of
// type a is also a value of type e. The describer relies on it (Puppet
// compares the expected type with the value's inferred type, not with the
// value), as do Iterable[T] and Struct key optionality.
func assignable(e, a Type) bool {
	var g assignGuard
	return g.assignable(e, a)
}

// assignGuard stops alias self-recursion: a pair (expected, actual) that is
// already being checked is assumed assignable when both sides recursed
// through an alias (Puppet's SELF_RECURSION_IN_BOTH), and not assignable
// when only the expected side did.
//
// Pairs are compared by structure (typesEqual, which compares aliases by
// name), not by pointer: the actual side is often built afresh on each
// step (the element type of an Integer or a String, for Iterable[T]), so
// `type_alias "My::A" { type = "Iterable[My::A]" }` against 5 met a new
// pair forever. maxAssignDepth is a backstop for shapes that keep
// building new types: beyond it the answer is "not assignable".
type assignGuard struct {
	active []assignPair
}

type assignPair struct{ e, a Type }

const maxAssignDepth = 256

func (g *assignGuard) enter(e, a Type) (done, result bool) {
	if len(g.active) >= maxAssignDepth {
		return true, false
	}
	for _, q := range g.active {
		if (q.e == e || typesEqual(q.e, e)) && (q.a == a || typesEqual(q.a, a)) {
			_, bothAlias := a.(*AliasType)
			return true, bothAlias
		}
	}
	g.active = append(g.active, assignPair{e, a})
	return false, false
}

func (g *assignGuard) leave() { g.active = g.active[:len(g.active)-1] }

func (g *assignGuard) assignable(e, a Type) bool {
	if e == nil {
		e = anyT
	}
	if a == nil {
		a = anyT
	}
	if e == unitT {
		return true
	}
	_, eAlias := e.(*AliasType)
	_, aAlias := a.(*AliasType)
	if eAlias || aAlias {
		if done, r := g.enter(e, a); done {
			return r
		}
		defer g.leave()
	}
	if ev, ok := e.(*VariantType); ok {
		return g.variantAssignable(ev, a)
	}
	return g.dispatch(e, a)
}

// variantAssignable is PVariantType#assignable?: an empty variant accepts
// every variant but not undef.
func (g *assignGuard) variantAssignable(e *VariantType, a Type) bool {
	if _, ok := a.(*UndefType); ok && len(e.Types) == 0 {
		return false
	}
	av, ok := a.(*VariantType)
	if !ok {
		return g.dispatch(e, a)
	}
	if len(e.Types) == 0 {
		return true
	}
	if len(av.Types) == 0 {
		return false
	}
	for _, t := range av.Types {
		if !g.dispatch(e, t) {
			return false
		}
	}
	return true
}

// dispatch is PAnyType#assignable?: the actual type's wrappers (Unit, alias,
// variant, Optional, NotUndef) are unwrapped before the per-class rule.
func (g *assignGuard) dispatch(e, a Type) bool {
	switch at := a.(type) {
	case *AliasType:
		return g.assignable(e, at.Resolved)
	case *VariantType:
		if _, exact := e.(*AnyType); exact {
			return true
		}
		if _, nu := e.(*NotUndefType); nu && len(at.Types) == 0 {
			return g.classAssignable(e, a)
		}
		if len(at.Types) == 0 {
			return false
		}
		for _, t := range at.Types {
			if !g.assignable(e, t) {
				return false
			}
		}
		return true
	case *OptionalType:
		return g.assignable(e, undefT) && (at.Type == nil || g.assignable(e, at.Type))
	case *NotUndefType:
		if at.Type != nil && !g.assignable(at.Type, undefT) {
			return g.assignable(e, at.Type)
		}
		return g.classAssignable(e, a)
	}
	if a == unitT {
		return true
	}
	return g.classAssignable(e, a)
}

// classAssignable is the per-class _assignable? rule.
func (g *assignGuard) classAssignable(e, a Type) bool {
	switch et := e.(type) {
	case *AnyType:
		return true
	case *AliasType:
		return g.assignable(et.Resolved, a)
	case *VariantType:
		for _, t := range et.Types {
			if g.assignable(t, a) {
				return true
			}
		}
		return false
	case *UndefType:
		return isUndef(a)
	case *DefaultType:
		_, ok := a.(*DefaultType)
		return ok
	case *OptionalType:
		return g.optionalAssignable(et, a)
	case *NotUndefType:
		return !g.assignable(a, undefT) && (et.Type == nil || g.assignable(et.Type, a))
	case *SensitiveType:
		at, ok := a.(*SensitiveType)
		return ok && (et.Type == nil || g.assignable(et.Type, orAny(at.Type)))
	}
	return g.scalarAssignable(e, a)
}

func orAny(t Type) Type {
	if t == nil {
		return anyT
	}
	return t
}

func (g *assignGuard) optionalAssignable(e *OptionalType, a Type) bool {
	if isUndef(a) || e.Type == nil {
		return true
	}
	if ao, ok := a.(*OptionalType); ok {
		return g.assignable(e.Type, orAny(ao.Type))
	}
	return g.assignable(e.Type, a)
}

// isScalarDataKind reports the classes that derive from Puppet's
// PScalarDataType.
func isScalarDataKind(t Type) bool {
	switch t.(type) {
	case *ScalarDataType, *EnumType, *NumericType, *IntegerType, *FloatType,
		*StringType, *PatternType, *BooleanType:
		return true
	}
	return false
}

func isScalarKind(t Type) bool {
	switch t := t.(type) {
	case *ScalarType, *RegexpType:
		return true
	case *OpaqueType:
		switch t.Name {
		case "SemVer", "SemVerRange", "Timespan", "Timestamp":
			return true
		}
	}
	return isScalarDataKind(t)
}

func (g *assignGuard) scalarAssignable(e, a Type) bool {
	switch et := e.(type) {
	case *ScalarType:
		return isScalarKind(a)
	case *ScalarDataType:
		return isScalarDataKind(a)
	case *NumericType:
		switch at := a.(type) {
		case *NumericType:
			return true
		case *IntegerType:
			return true
		case *FloatType:
			return at.Min == at.Min && at.Max == at.Max // NaN bounds fail
		}
		return false
	case *IntegerType:
		at, ok := a.(*IntegerType)
		return ok && et.covers(at)
	case *FloatType:
		at, ok := a.(*FloatType)
		return ok && et.Min <= at.Min && et.Max >= at.Max
	case *StringType:
		return stringAssignable(et, a)
	case *BooleanType:
		at, ok := a.(*BooleanType)
		return ok && (et.Value == nil || (at.Value != nil && *at.Value == *et.Value))
	case *EnumType:
		return enumAssignable(et, a)
	case *PatternType:
		return patternAssignable(et, a)
	case *RegexpType:
		at, ok := a.(*RegexpType)
		return ok && (et.Pattern == nil || (at.Pattern != nil && at.Pattern.Source == et.Pattern.Source))
	}
	return g.containerAssignable(e, a)
}

// stringSize is PStringType#derived_size_type.
func stringSize(t *StringType) *IntegerType {
	switch {
	case t.Size != nil:
		return t.Size
	case t.Value != nil:
		n := int64(utf8.RuneCountInString(*t.Value))
		return &IntegerType{Min: n, Max: n}
	}
	return defaultSizeT
}

func rangeAssignable(e, a *IntegerType) bool { return e.covers(a) }

func stringAssignable(e *StringType, a Type) bool {
	if e.Size != nil {
		switch at := a.(type) {
		case *StringType:
			return rangeAssignable(e.Size, stringSize(at))
		case *EnumType:
			if len(at.Values) == 0 {
				return rangeAssignable(e.Size, defaultSizeT)
			}
			s, ok := generalizeEnum(at).(*StringType)
			return ok && rangeAssignable(e.Size, s.Size)
		case *PatternType:
			return rangeAssignable(e.Size, defaultSizeT)
		}
		return false
	}
	switch at := a.(type) {
	case *StringType:
		return e.Value == nil || (at.Value != nil && at.Size == nil && *at.Value == *e.Value)
	case *EnumType:
		// Puppet answers with the enum's only value here, whatever e's
		// value is: any single case-sensitive value is "assignable".
		return e.Value == nil || (len(at.Values) == 1 && !at.CaseInsensitive)
	case *PatternType:
		return e.Value == nil
	}
	return false
}

func enumAssignable(e *EnumType, a Type) bool {
	if typesEqual(e, a) {
		return true
	}
	if len(e.Values) == 0 {
		switch a.(type) {
		case *StringType, *EnumType, *PatternType:
			return true
		}
	}
	switch at := a.(type) {
	case *StringType:
		return at.Value != nil && matchEnum(e, *at.Value)
	case *EnumType:
		if len(at.Values) == 0 || (at.CaseInsensitive && !e.CaseInsensitive) {
			return false
		}
		for _, s := range at.Values {
			if !matchEnum(e, s) {
				return false
			}
		}
		return true
	}
	return false
}

func patternAssignable(e *PatternType, a Type) bool {
	if typesEqual(e, a) {
		return true
	}
	switch at := a.(type) {
	case *StringType:
		if at.Value == nil {
			return len(e.Patterns) == 0
		}
		return new(matcher).matchPattern(e, *at.Value)
	case *EnumType:
		if len(at.Values) == 0 {
			return len(e.Patterns) == 0
		}
		for _, s := range at.Values {
			if !new(matcher).matchPattern(e, s) {
				return false
			}
		}
		return true
	case *PatternType:
		return len(e.Patterns) == 0
	}
	return false
}
