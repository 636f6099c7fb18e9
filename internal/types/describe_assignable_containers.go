package types

// containerAssignable covers the collection types, Iterable and the types
// no plain value belongs to.
func (g *assignGuard) containerAssignable(e, a Type) bool {
	switch et := e.(type) {
	case *ArrayType:
		return g.arrayAssignable(et, a)
	case *HashType:
		return g.hashAssignable(et, a)
	case *TupleType:
		return g.tupleAssignable(et, a)
	case *StructType:
		return g.structAssignable(et, a)
	case *CollectionType:
		return collectionAssignable(et.Size, a)
	case *IterableType:
		return g.iterableAssignable(et, a)
	case *TypeReferenceType:
		at, ok := a.(*TypeReferenceType)
		return ok && at.Name == et.Name
	case *OpaqueType:
		at, ok := a.(*OpaqueType)
		return ok && at.Canonical == et.Canonical
	}
	return false
}

// sizeOf is the size range of a collection-like type, or nil.
func sizeOf(t Type) *IntegerType {
	switch t := t.(type) {
	case *ArrayType:
		return orDefaultSize(t.Size)
	case *HashType:
		return orDefaultSize(t.Size)
	case *CollectionType:
		return orDefaultSize(t.Size)
	case *TupleType:
		return tupleSize(t)
	case *StructType:
		n := int64(len(t.Elements))
		return &IntegerType{Min: n, Max: n}
	}
	return nil
}

func orDefaultSize(r *IntegerType) *IntegerType {
	if r == nil {
		return defaultSizeT
	}
	return r
}

// tupleSize is the size a tuple accepts: its size, else exactly its number
// of types (any size when it has none).
func tupleSize(t *TupleType) *IntegerType {
	if t.Size != nil {
		return t.Size
	}
	if len(t.Types) == 0 {
		return defaultSizeT
	}
	n := int64(len(t.Types))
	return &IntegerType{Min: n, Max: n}
}

func collectionAssignable(size *IntegerType, a Type) bool {
	as := sizeOf(a)
	return as != nil && rangeAssignable(orDefaultSize(size), as)
}

func (g *assignGuard) arrayAssignable(e *ArrayType, a Type) bool {
	elem := arrayElem(e)
	switch at := a.(type) {
	case *TupleType:
		if !rangeAssignable(orDefaultSize(e.Size), tupleSize(at)) {
			return false
		}
		for _, t := range at.Types {
			if !g.assignable(elem, t) {
				return false
			}
		}
		return true
	case *ArrayType:
		return rangeAssignable(orDefaultSize(e.Size), orDefaultSize(at.Size)) && g.assignable(elem, arrayElem(at))
	}
	return false
}

func (g *assignGuard) hashAssignable(e *HashType, a Type) bool {
	k, v := hashKV(e)
	switch at := a.(type) {
	case *HashType:
		if (e.Size == nil || e.Size.Min == 0) && isEmptySize(at.Size) {
			return true
		}
		ak, av := hashKV(at)
		return g.assignable(k, ak) && g.assignable(v, av) && rangeAssignable(orDefaultSize(e.Size), orDefaultSize(at.Size))
	case *StructType:
		if !sizeContains(orDefaultSize(e.Size), int64(len(at.Elements))) {
			return false
		}
		for _, el := range at.Elements {
			if !new(matcher).matchKey(k, el.Name) || !g.assignable(v, el.Value) {
				return false
			}
		}
		return true
	}
	return false
}

func (g *assignGuard) tupleAssignable(e *TupleType, a Type) bool {
	if typesEqual(e, a) {
		return true
	}
	sizeS := tupleSize(e)
	switch at := a.(type) {
	case *TupleType:
		if !rangeAssignable(sizeS, tupleSize(at)) {
			return false
		}
		if len(e.Types) == 0 {
			return true
		}
		if len(at.Types) == 0 {
			return sizeS.Min == 0
		}
		for i, t := range at.Types {
			if !g.assignable(e.Types[min(i, len(e.Types)-1)], t) {
				return false
			}
		}
		return true
	case *ArrayType:
		sizeO := orDefaultSize(at.Size)
		if !rangeAssignable(sizeS, sizeO) {
			return false
		}
		elem := arrayElem(at)
		for i := 0; i < len(e.Types) && int64(i) < sizeO.Max; i++ {
			if !g.assignable(e.Types[i], elem) {
				return false
			}
		}
		return true
	}
	return false
}

// structKeyType is the key type Puppet keeps for a Struct element:
// Optional['k'] when the key may be absent, else 'k'.
func structKeyType(e StructElement) Type {
	name := e.Name
	key := &StringType{Value: &name}
	if structKeyOptional(e) {
		return &OptionalType{Type: key}
	}
	return key
}

func (g *assignGuard) structAssignable(e *StructType, a Type) bool {
	switch at := a.(type) {
	case *StructType:
		return g.structFromStruct(e, at)
	case *HashType:
		return g.structFromHash(e, at)
	}
	return false
}

func (g *assignGuard) structFromStruct(e, a *StructType) bool {
	matched := 0
	for _, e1 := range e.Elements {
		e2, ok := structElement(a, e1.Name)
		if !ok {
			if !structKeyOptional(e1) {
				return false
			}
			continue
		}
		matched++
		if !g.assignable(structKeyType(e1), structKeyType(e2)) || !g.assignable(e1.Value, e2.Value) {
			return false
		}
	}
	return matched == len(a.Elements)
}

func structElement(s *StructType, name string) (StructElement, bool) {
	for _, el := range s.Elements {
		if el.Name == name {
			return el, true
		}
	}
	return StructElement{}, false
}

func (g *assignGuard) structFromHash(e *StructType, a *HashType) bool {
	ak, av := hashKV(a)
	required := int64(0)
	for _, el := range e.Elements {
		if structKeyOptional(el) {
			continue
		}
		required++
		if !g.assignable(el.Value, av) || !g.assignable(generalizeType(structKeyType(el)), ak) {
			return false
		}
	}
	return rangeAssignable(&IntegerType{Min: required, Max: int64(len(e.Elements))}, orDefaultSize(a.Size))
}

func (g *assignGuard) iterableAssignable(e *IterableType, a Type) bool {
	if e.Type == nil || g.assignable(e.Type, anyT) {
		return isIterableType(a)
	}
	elem := iterableElem(a)
	return elem != nil && g.assignable(e.Type, elem)
}

// isIterableType is Type#iterable?.
func isIterableType(t Type) bool {
	switch t := t.(type) {
	case *StringType, *EnumType, *IntegerType, *ArrayType, *HashType, *CollectionType,
		*TupleType, *StructType, *IterableType:
		return true
	case *AliasType:
		return isIterableType(t.Resolved)
	}
	return false
}

// iterableElem is the element type of Type#iterable_type, or nil.
func iterableElem(t Type) Type {
	switch t := t.(type) {
	case *StringType, *EnumType:
		one := &IntegerType{Min: 1, Max: 1}
		return &StringType{Size: one}
	case *IntegerType:
		return &IntegerType{Min: MinInt, Max: MaxInt}
	case *ArrayType:
		if t.Elem == nil || isAny(t.Elem) {
			return nil
		}
		return arrayElem(t)
	case *HashType:
		k, v := hashKV(t)
		if isAny(k) && isAny(v) {
			k, v = unitT, unitT
		}
		return &TupleType{Types: []Type{k, v}, Size: &IntegerType{Min: 2, Max: 2}}
	case *TupleType:
		return maybeVariant(t.Types)
	case *StructType:
		return structIterableElem(t)
	case *IterableType:
		return t.Type
	case *AliasType:
		return iterableElem(t.Resolved)
	}
	return nil
}

func structIterableElem(t *StructType) Type {
	if len(t.Elements) == 0 {
		return &TupleType{Types: []Type{unitT, unitT}, Size: &IntegerType{Min: 2, Max: 2}}
	}
	ks := make([]Type, len(t.Elements))
	vs := make([]Type, len(t.Elements))
	for i, e := range t.Elements {
		ks[i], vs[i] = structKeyType(e), e.Value
	}
	return &TupleType{Types: []Type{maybeVariant(ks), maybeVariant(vs)}, Size: &IntegerType{Min: 2, Max: 2}}
}
