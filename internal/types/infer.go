package types

import (
	"math"
	"unicode/utf8"
)

// Shared type values used by inference and the describer. They are never
// modified.
var (
	anyT   Type = &AnyType{}
	undefT Type = &UndefType{}
	// unitT is Puppet's private Unit type ("I am what you are"): the
	// element type of the empty array and the key and value type of the
	// empty hash. It is assignable to every type and accepts every type.
	// It is an OpaqueType so that Format prints it as "Unit"; it is
	// recognised by identity, never by name.
	unitT Type = &OpaqueType{Name: "Unit", Canonical: "Unit"}
	// emptyArrayT and emptyHashT are the inferred types of [] and {}.
	emptyArrayT Type = &ArrayType{Elem: unitT, Size: &IntegerType{Min: 0, Max: 0}}
	emptyHashT  Type = &HashType{Key: unitT, Value: unitT, Size: &IntegerType{Min: 0, Max: 0}}
	// defaultSizeT is the 0..∞ size of an unconstrained collection.
	defaultSizeT = &IntegerType{Min: 0, Max: MaxInt}
)

// inferSet is Puppet's TypeCalculator#infer_set: the most specific type of
// a value, keeping each element's own type (Tuple and Struct rather than a
// common element type).
func inferSet(v Value) Type {
	switch v := v.(type) {
	case []Value:
		if len(v) == 0 {
			return emptyArrayT
		}
		ts := make([]Type, len(v))
		for i, e := range v {
			ts[i] = inferSet(e)
		}
		return &TupleType{Types: ts}
	case *Hash:
		return inferSetHash(v)
	}
	return inferValue(v)
}

// inferSetHash infers a Struct when every key is a non-empty string, else
// a sized Hash of the variants of the key and value types.
func inferSetHash(h *Hash) Type {
	if h.Len() == 0 {
		return emptyHashT
	}
	elems := make([]StructElement, 0, h.Len())
	for i, k := range h.Keys {
		if k == "" {
			return inferSetHashWithEmptyKey(h)
		}
		vt := inferSet(h.Values[i])
		elems = append(elems, StructElement{Key: inferredStructKey(k, vt), Name: k, Value: vt})
	}
	return &StructType{Elements: elems}
}

// inferredStructKey keeps an inferred key required even when its value is
// undef: the model reads a plain key with an undef-accepting value as
// optional, so such a key is written NotUndef['k'] (which is also how
// Puppet prints it).
func inferredStructKey(k string, vt Type) Type {
	key := &StringType{Value: &k}
	if assignable(vt, undefT) {
		return &NotUndefType{Type: key}
	}
	return key
}

func inferSetHashWithEmptyKey(h *Hash) Type {
	ks := make([]Type, len(h.Keys))
	vs := make([]Type, len(h.Values))
	for i, k := range h.Keys {
		ks[i] = inferValue(k)
		vs[i] = inferSet(h.Values[i])
	}
	n := int64(h.Len())
	return &HashType{Key: maybeVariant(ks), Value: maybeVariant(vs), Size: &IntegerType{Min: n, Max: n}}
}

// inferValue is Puppet's TypeCalculator#infer: like inferSet for scalars,
// but arrays and hashes get one common element type and a size.
func inferValue(v Value) Type {
	switch v := v.(type) {
	case nil:
		return undefT
	case string:
		return &StringType{Value: &v}
	case int64:
		return exactRange(v, v)
	case float64:
		return &FloatType{v, v}
	case bool:
		return &BooleanType{Value: &v}
	case Sensitive:
		return &SensitiveType{Type: generalizeType(inferValue(v.Value))}
	case []Value:
		if len(v) == 0 {
			return emptyArrayT
		}
		n := int64(len(v))
		return &ArrayType{Elem: reduceCommon(len(v), func(i int) Type { return inferValue(v[i]) }), Size: &IntegerType{Min: n, Max: n}}
	case *Hash:
		if v.Len() == 0 {
			return emptyHashT
		}
		n := int64(v.Len())
		return &HashType{
			Key:   reduceCommon(v.Len(), func(i int) Type { return inferValue(v.Keys[i]) }),
			Value: reduceCommon(v.Len(), func(i int) Type { return inferValue(v.Values[i]) }),
			Size:  &IntegerType{Min: n, Max: n},
		}
	}
	return anyT
}

func reduceCommon(n int, at func(int) Type) Type {
	t := at(0)
	for i := 1; i < n; i++ {
		t = commonType(t, at(i))
	}
	return t
}

// commonType is TypeCalculator#common_type restricted to the types that
// inference produces: the narrowest type both t1 and t2 are assignable to.
func commonType(t1, t2 Type) Type {
	switch {
	case isUndef(t1) || t1 == unitT:
		return t2
	case isUndef(t2) || t2 == unitT:
		return t1
	case assignable(t1, t2):
		return t1
	case assignable(t2, t1):
		return t2
	}
	if r := commonSameKind(t1, t2); r != nil {
		return r
	}
	switch {
	case assignable(&NumericType{}, t1) && assignable(&NumericType{}, t2):
		return &NumericType{}
	case assignable(&ScalarType{}, t1) && assignable(&ScalarType{}, t2):
		return &ScalarType{}
	case assignable(dataAlias, t1) && assignable(dataAlias, t2):
		return dataAlias
	}
	return anyT
}

func commonSameKind(t1, t2 Type) Type {
	switch a := t1.(type) {
	case *ArrayType:
		if b, ok := t2.(*ArrayType); ok {
			return &ArrayType{Elem: commonType(arrayElem(a), arrayElem(b))}
		}
	case *HashType:
		if b, ok := t2.(*HashType); ok {
			k1, v1 := hashKV(a)
			k2, v2 := hashKV(b)
			return &HashType{Key: commonType(k1, k2), Value: commonType(v1, v2)}
		}
	case *IntegerType:
		if b, ok := t2.(*IntegerType); ok {
			return joinRange(a, b)
		}
	case *FloatType:
		if b, ok := t2.(*FloatType); ok {
			return &FloatType{min(a.Min, b.Min), max(a.Max, b.Max)}
		}
	case *StringType:
		if _, ok := t2.(*StringType); ok {
			return &StringType{}
		}
	}
	return nil
}

func isUndef(t Type) bool {
	_, ok := t.(*UndefType)
	return ok
}

// arrayElem is the element type Puppet sees: Unit for a 0..0 array, Any
// when none is given.
func arrayElem(t *ArrayType) Type {
	if isEmptySize(t.Size) {
		return unitT
	}
	if t.Elem == nil {
		return anyT
	}
	return t.Elem
}

// hashKV is the key and value type Puppet sees (Unit for a 0..0 hash).
func hashKV(t *HashType) (Type, Type) {
	if isEmptySize(t.Size) {
		return unitT, unitT
	}
	k, v := t.Key, t.Value
	if k == nil {
		k = anyT
	}
	if v == nil {
		v = anyT
	}
	return k, v
}

// maybeVariant is PVariantType.maybe_create: nested variants flattened,
// duplicates dropped, a single type returned as is.
func maybeVariant(ts []Type) Type {
	flat := make([]Type, 0, len(ts))
	for _, t := range ts {
		if v, ok := t.(*VariantType); ok {
			flat = append(flat, v.Types...)
		} else {
			flat = append(flat, t)
		}
	}
	flat = uniqueTypes(flat)
	if len(flat) == 1 {
		return flat[0]
	}
	return &VariantType{Types: flat}
}

func uniqueTypes(ts []Type) []Type {
	out := ts[:0:0]
	for _, t := range ts {
		dup := false
		for _, u := range out {
			if typesEqual(t, u) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

// generalizeType is Puppet's generalize: value-specific information (ranges,
// sizes, literal values) removed, recursively.
func generalizeType(t Type) Type {
	switch t := t.(type) {
	case *IntegerType:
		return &IntegerType{Min: MinInt, Max: MaxInt}
	case *FloatType:
		return &FloatType{math.Inf(-1), math.Inf(1)}
	case *StringType:
		if t.Size == nil && t.Value == nil {
			return t
		}
		return &StringType{}
	case *BooleanType:
		if t.Value == nil {
			return t
		}
		return &BooleanType{}
	case *EnumType:
		return generalizeEnum(t)
	case *CollectionType:
		if t.Size == nil {
			return t
		}
		return &CollectionType{}
	}
	return generalizeContainer(t)
}

func generalizeEnum(t *EnumType) Type {
	if len(t.Values) == 0 {
		return &StringType{}
	}
	lo, hi := int64(MaxInt), int64(0)
	for _, s := range t.Values {
		n := int64(utf8.RuneCountInString(s))
		lo, hi = min(lo, n), max(hi, n)
	}
	return &StringType{Size: &IntegerType{Min: lo, Max: hi}}
}

func generalizeContainer(t Type) Type {
	switch t := t.(type) {
	case *ArrayType:
		elem := arrayElem(t)
		if isAny(elem) {
			if t.Size == nil && t.Elem == nil {
				return t
			}
			return &ArrayType{}
		}
		return &ArrayType{Elem: generalizeType(elem)}
	case *HashType:
		if isEmptySize(t.Size) || (t.Size == nil && isAnyOrNil(t.Key) && isAnyOrNil(t.Value)) {
			return t
		}
		k, v := hashKV(t)
		return &HashType{Key: generalizeType(k), Value: generalizeType(v)}
	case *TupleType:
		return &TupleType{Types: mapTypes(t.Types, generalizeType), Size: t.Size}
	case *StructType:
		return generalizeStruct(t)
	case *VariantType:
		return maybeVariant(mapTypes(t.Types, generalizeType))
	}
	return generalizeWrapper(t)
}

func generalizeStruct(t *StructType) Type {
	elems := make([]StructElement, len(t.Elements))
	for i, e := range t.Elements {
		elems[i] = StructElement{Key: e.Key, Name: e.Name, Value: generalizeType(e.Value)}
	}
	return &StructType{Elements: elems}
}

func generalizeWrapper(t Type) Type {
	switch t := t.(type) {
	case *OptionalType:
		if t.Type != nil {
			return &OptionalType{Type: generalizeType(t.Type)}
		}
	case *NotUndefType:
		if t.Type != nil {
			return &NotUndefType{Type: generalizeType(t.Type)}
		}
	case *SensitiveType:
		if t.Type != nil {
			return &SensitiveType{Type: generalizeType(t.Type)}
		}
	case *IterableType:
		if t.Type != nil {
			return &IterableType{Type: generalizeType(t.Type)}
		}
	}
	return t
}

func mapTypes(ts []Type, f func(Type) Type) []Type {
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = f(t)
	}
	return out
}

func isAny(t Type) bool {
	_, ok := t.(*AnyType)
	return ok
}

func isAnyOrNil(t Type) bool { return t == nil || isAny(t) }
