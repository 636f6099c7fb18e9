package types

import "slices"

// typesEqual is Puppet's Type#eql?: structural equality, with Variant
// members and Pattern regexps compared as sets and aliases by name.
func typesEqual(a, b Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	switch x := a.(type) {
	case *AnyType, *UndefType, *DefaultType, *ScalarType, *ScalarDataType, *NumericType:
		return sameKind(a, b)
	case *IntegerType:
		y, ok := b.(*IntegerType)
		return ok && *x == *y
	case *FloatType:
		y, ok := b.(*FloatType)
		return ok && x.Min == y.Min && x.Max == y.Max
	case *StringType:
		y, ok := b.(*StringType)
		return ok && rangesEqual(x.Size, y.Size) && stringPtrEqual(x.Value, y.Value)
	case *BooleanType:
		y, ok := b.(*BooleanType)
		return ok && ((x.Value == nil) == (y.Value == nil)) && (x.Value == nil || *x.Value == *y.Value)
	case *EnumType:
		y, ok := b.(*EnumType)
		return ok && x.CaseInsensitive == y.CaseInsensitive && slices.Equal(x.Values, y.Values)
	case *PatternType:
		y, ok := b.(*PatternType)
		return ok && len(x.Patterns) == len(y.Patterns) && patternsSubset(x.Patterns, y.Patterns)
	case *RegexpType:
		y, ok := b.(*RegexpType)
		return ok && regexpEqual(x.Pattern, y.Pattern)
	}
	return wrappersEqual(a, b)
}

func sameKind(a, b Type) bool {
	switch a.(type) {
	case *AnyType:
		_, ok := b.(*AnyType)
		return ok
	case *UndefType:
		_, ok := b.(*UndefType)
		return ok
	case *DefaultType:
		_, ok := b.(*DefaultType)
		return ok
	case *ScalarType:
		_, ok := b.(*ScalarType)
		return ok
	case *ScalarDataType:
		_, ok := b.(*ScalarDataType)
		return ok
	case *NumericType:
		_, ok := b.(*NumericType)
		return ok
	}
	return false
}

func rangesEqual(a, b *IntegerType) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func stringPtrEqual(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func regexpEqual(a, b *Regexp) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Source == b.Source
}

func patternsSubset(a, b []*Regexp) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			if regexpEqual(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func wrappersEqual(a, b Type) bool {
	switch x := a.(type) {
	case *OptionalType:
		y, ok := b.(*OptionalType)
		return ok && typesEqual(x.Type, y.Type)
	case *NotUndefType:
		y, ok := b.(*NotUndefType)
		return ok && typesEqual(x.Type, y.Type)
	case *SensitiveType:
		y, ok := b.(*SensitiveType)
		return ok && typesEqual(x.Type, y.Type)
	case *IterableType:
		y, ok := b.(*IterableType)
		return ok && typesEqual(x.Type, y.Type)
	case *VariantType:
		y, ok := b.(*VariantType)
		return ok && len(x.Types) == len(y.Types) && typesSubset(x.Types, y.Types)
	case *AliasType:
		y, ok := b.(*AliasType)
		return ok && x.Name == y.Name
	case *TypeReferenceType:
		y, ok := b.(*TypeReferenceType)
		return ok && x.Name == y.Name
	case *OpaqueType:
		y, ok := b.(*OpaqueType)
		return ok && x.Canonical == y.Canonical
	}
	return containersEqual(a, b)
}

func typesSubset(a, b []Type) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			if typesEqual(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func typeListsEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !typesEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

func containersEqual(a, b Type) bool {
	switch x := a.(type) {
	case *ArrayType:
		y, ok := b.(*ArrayType)
		return ok && rangesEqual(x.Size, y.Size) && typesEqual(arrayElem(x), arrayElem(y))
	case *HashType:
		y, ok := b.(*HashType)
		if !ok || !rangesEqual(x.Size, y.Size) {
			return false
		}
		xk, xv := hashKV(x)
		yk, yv := hashKV(y)
		return typesEqual(xk, yk) && typesEqual(xv, yv)
	case *TupleType:
		y, ok := b.(*TupleType)
		return ok && rangesEqual(x.Size, y.Size) && typeListsEqual(x.Types, y.Types)
	case *StructType:
		y, ok := b.(*StructType)
		return ok && structElementsEqual(x.Elements, y.Elements)
	case *CollectionType:
		y, ok := b.(*CollectionType)
		return ok && rangesEqual(x.Size, y.Size)
	}
	return false
}

func structElementsEqual(a, b []StructElement) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || !typesEqual(a[i].Value, b[i].Value) ||
			structKeyOptional(a[i]) != structKeyOptional(b[i]) {
			return false
		}
	}
	return true
}
