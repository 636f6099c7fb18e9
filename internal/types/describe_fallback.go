package types

// fallbackMessage is catc's text for a value that IsInstance rejects but
// Puppet's describer has nothing to say about (quirk Q1: normalization drops
// the size of Collection[...] and Array[Any, ...], and Integer is assignable
// to Iterable although negative integers are not iterable). The real size
// check is reported when the size is what failed; otherwise the expected
// type and the value's inferred type are printed in full.
func fallbackMessage(subject string, t Type, v Value, a Type) string {
	path := []descPathElem{{kind: pathSubject, key: subject}}
	if size, got, ok := failedSize(t, v); ok {
		return rubyStrip(newSizeMismatch(path, size, got).format())
	}
	pos := " " + subject
	return rubyStrip(pos + " expects " + aAn(formatExpanded(t)) + " value, got " + formatExpanded(normalizeType(a)))
}

// failedSize finds the size constraint the value's length violates, looking
// through aliases, Optional and NotUndef.
func failedSize(t Type, v Value) (size, got *IntegerType, ok bool) {
	for i := 0; i < 100; i++ {
		switch tt := t.(type) {
		case *AliasType:
			t = tt.Resolved
			continue
		case *OptionalType:
			t = tt.Type
			continue
		case *NotUndefType:
			t = tt.Type
			continue
		}
		break
	}
	n, isCollection := valueLen(v)
	if !isCollection {
		return nil, nil, false
	}
	var r *IntegerType
	switch tt := t.(type) {
	case *CollectionType:
		r = tt.Size
	case *ArrayType:
		r = tt.Size
	case *HashType:
		r = tt.Size
	case *TupleType:
		r = tupleSize(tt)
	}
	if r == nil || sizeContains(r, n) {
		return nil, nil, false
	}
	return r, &IntegerType{Min: n, Max: n}, true
}

func valueLen(v Value) (int64, bool) {
	switch c := v.(type) {
	case []Value:
		return int64(len(c)), true
	case *Hash:
		return int64(c.Len()), true
	}
	return 0, false
}
