package types

// describeArray: a tuple (non-empty array) is checked for size, then each
// element that the element type does not accept is described; the empty
// array can only fail on size.
func (d describer) describeArray(e *ArrayType, orig, a Type, path []descPathElem) []descMismatch {
	elem := arrayElem(e)
	switch at := a.(type) {
	case *TupleType:
		expSize, actSize := orDefaultSize(e.Size), tupleSize(at)
		if !rangeAssignable(expSize, actSize) {
			return []descMismatch{newSizeMismatch(path, expSize, actSize)}
		}
		var out []descMismatch
		for i, t := range at.Types {
			if !assignable(elem, t) {
				out = append(out, d.describe(elem, t, withPath(path, descPathElem{kind: pathIndex, index: i}))...)
			}
		}
		return out
	case *ArrayType:
		actSize := orDefaultSize(at.Size)
		if e.Size == nil || rangeAssignable(e.Size, actSize) {
			return []descMismatch{newTypeMismatch(mismatchType, path, orig, &ArrayType{Elem: arrayElem(at)})}
		}
		return []descMismatch{newSizeMismatch(path, e.Size, actSize)}
	}
	return []descMismatch{newTypeMismatch(mismatchType, path, orig, a)}
}

// describeHash: a struct (map with non-empty keys) is checked for size, then
// each key and value the hash type does not accept is described.
func (d describer) describeHash(e *HashType, orig, a Type, path []descPathElem) []descMismatch {
	key, value := hashKV(e)
	switch at := a.(type) {
	case *StructType:
		expSize := orDefaultSize(e.Size)
		actSize := &IntegerType{Min: requiredCount(at), Max: int64(len(at.Elements))}
		if !rangeAssignable(expSize, actSize) {
			return []descMismatch{newSizeMismatch(path, expSize, actSize)}
		}
		var out []descMismatch
		for _, el := range at.Elements {
			if k := structKeyType(el); !assignable(key, k) {
				out = append(out, d.describe(key, k, withPath(path, descPathElem{kind: pathEntryKey, key: el.Name}))...)
			}
			if !assignable(value, el.Value) {
				out = append(out, d.describe(value, el.Value, withPath(path, descPathElem{kind: pathEntryValue, key: el.Name}))...)
			}
		}
		return out
	case *HashType:
		actSize := orDefaultSize(at.Size)
		if e.Size == nil || rangeAssignable(e.Size, actSize) {
			k, v := hashKV(at)
			return []descMismatch{newTypeMismatch(mismatchType, path, orig, &HashType{Key: k, Value: v})}
		}
		return []descMismatch{newSizeMismatch(path, e.Size, actSize)}
	}
	return []descMismatch{newTypeMismatch(mismatchType, path, orig, a)}
}

// requiredCount is the number of struct elements whose key must be present.
func requiredCount(s *StructType) int64 {
	n := int64(0)
	for _, el := range s.Elements {
		if !structKeyOptional(el) {
			n++
		}
	}
	return n
}

// describeStruct reports, in declaration order, missing required keys and
// mismatching entries, then every unrecognized key in the value's order.
func (d describer) describeStruct(e *StructType, orig, a Type, path []descPathElem) []descMismatch {
	switch at := a.(type) {
	case *StructType:
		return d.describeStructEntries(e, at, path)
	case *HashType:
		actSize := orDefaultSize(at.Size)
		expSize := &IntegerType{Min: requiredCount(e), Max: int64(len(e.Elements))}
		if rangeAssignable(expSize, actSize) {
			k, v := hashKV(at)
			return []descMismatch{newTypeMismatch(mismatchType, path, orig, &HashType{Key: k, Value: v})}
		}
		return []descMismatch{newSizeMismatch(path, expSize, actSize)}
	}
	return []descMismatch{newTypeMismatch(mismatchType, path, orig, a)}
}

func (d describer) describeStructEntries(e, a *StructType, path []descPathElem) []descMismatch {
	remaining := append([]StructElement(nil), a.Elements...)
	var out []descMismatch
	for _, e1 := range e.Elements {
		i := structIndex(remaining, e1.Name)
		if i < 0 {
			if !structKeyOptional(e1) {
				out = append(out, descMismatch{kind: mismatchMissingKey, path: path, key: e1.Name})
			}
			continue
		}
		e2 := remaining[i]
		remaining = append(remaining[:i], remaining[i+1:]...)
		k1, k2 := structKeyType(e1), structKeyType(e2)
		if !assignable(k1, k2) {
			out = append(out, d.describe(k1, k2, withPath(path, descPathElem{kind: pathEntryKey, key: e1.Name}))...)
		}
		if !assignable(e1.Value, e2.Value) {
			out = append(out, d.describe(e1.Value, e2.Value, withPath(path, descPathElem{kind: pathEntryValue, key: e1.Name}))...)
		}
	}
	for _, el := range remaining {
		out = append(out, descMismatch{kind: mismatchExtraneousKey, path: path, key: el.Name})
	}
	return out
}

func structIndex(elems []StructElement, name string) int {
	for i, el := range elems {
		if el.Name == name {
			return i
		}
	}
	return -1
}

// describeTuple checks the size, then describes the elements. Puppet
// describes every element without checking it first, so an Enum or Pattern
// element that matches is still reported (quirk Q3), and elements past the
// declared types are reported at the last declared index (quirk Q4); the
// non-faithful describer fixes both.
func (d describer) describeTuple(e *TupleType, orig, a Type, path []descPathElem) []descMismatch {
	if _, isArray := a.(*ArrayType); typesEqual(e, a) || (len(e.Types) == 0 && isArray) {
		return nil
	}
	expSize := tupleSize(e)
	switch at := a.(type) {
	case *TupleType:
		actSize := tupleSize(at)
		if !rangeAssignable(expSize, actSize) {
			return []descMismatch{newSizeMismatch(path, expSize, actSize)}
		}
		var out []descMismatch
		if len(e.Types) == 0 {
			return nil
		}
		for i, t := range at.Types {
			adx := min(i, len(e.Types)-1)
			et := e.Types[adx]
			if !d.faithful {
				if assignable(et, t) {
					continue
				}
				adx = i
			}
			out = append(out, d.describe(et, t, withPath(path, descPathElem{kind: pathIndex, index: adx}))...)
		}
		return out
	case *ArrayType:
		actSize := orDefaultSize(at.Size)
		if !rangeAssignable(expSize, actSize) {
			return []descMismatch{newSizeMismatch(path, expSize, actSize)}
		}
		var out []descMismatch
		elem := arrayElem(at)
		for i, et := range e.Types {
			if !d.faithful && assignable(et, elem) {
				continue
			}
			out = append(out, d.describe(et, elem, withPath(path, descPathElem{kind: pathIndex, index: i}))...)
		}
		return out
	}
	return []descMismatch{newTypeMismatch(mismatchType, path, orig, a)}
}
