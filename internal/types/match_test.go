package types

import (
	"math"
	"testing"
)

// TestMatchScalars covers the instance rules of reference §3 on hand-built
// types.
func TestMatchScalars(t *testing.T) {
	t.Parallel()
	tru := true
	tests := []struct {
		name  string
		typ   Type
		value Value
		want  bool
	}{
		{"int", dtIntT(), int64(1), true},
		{"int not float", dtIntT(), 1.0, false},
		{"int not string", dtIntT(), "1", false},
		{"range low", dtInt(0, 65535), int64(-1), false},
		{"range high", dtInt(0, 65535), int64(65535), true},
		{"float not int", dtFloatT(), int64(1), false},
		{"float NaN", dtFloatT(), math.NaN(), false},
		{"numeric", &NumericType{}, 1.5, true},
		{"numeric bool", &NumericType{}, true, false},
		{"bool", &BooleanType{}, false, true},
		{"bool literal", &BooleanType{Value: &tru}, false, false},
		{"bool string", &BooleanType{}, "true", false},
		{"string code points", dtStrSize(2, 2), "👍🏽", true},
		{"string code points short", dtStrSize(1, 1), "👍🏽", false},
		{"string literal", dtLit("present"), "present", true},
		{"string literal other", dtLit("present"), "Present", false},
		{"enum", dtEnum("absent", "present"), "present", true},
		{"enum case", dtEnum("absent", "present"), "Present", false},
		{"enum ci ascii", &EnumType{Values: []string{"absent", "present"}, CaseInsensitive: true}, "PRESENT", true},
		{"enum ci not unicode", &EnumType{Values: []string{"é"}, CaseInsensitive: true}, "É", false},
		{"enum empty accepts nothing", &EnumType{}, "a", false},
		{"pattern unanchored", dtPattern(`[a-z]+`), "123abc456", true},
		{"pattern none", &PatternType{}, "x", true},
		{"pattern untranslatable", &PatternType{Patterns: []*Regexp{{Source: `(?=a)`}}}, "a", false},
		{"pattern non-string", dtPattern(`x`), int64(5), false},
		{"scalar", &ScalarType{}, 1.5, true},
		{"scalar undef", &ScalarType{}, nil, false},
		{"scalardata hash", &ScalarDataType{}, &Hash{}, false},
		{"any undef", &AnyType{}, nil, true},
		{"undef", &UndefType{}, "x", false},
		{"notundef", &NotUndefType{}, nil, false},
		{"notundef empty", &NotUndefType{}, "", true},
		{"optional undef", dtOpt(dtIntT()), nil, true},
		{"optional other", dtOpt(dtIntT()), "1", false},
		{"notundef optional", dtNotUndef(dtOpt(dtStr())), nil, false},
		{"variant", dtVariant(dtStr(), dtIntT()), true, false},
		{"default", &DefaultType{}, "default", false},
		{"opaque", &OpaqueType{Name: "Timestamp", Canonical: "Timestamp"}, "2020-01-01", false},
		{"reference", &TypeReferenceType{Name: "Foo"}, int64(1), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsInstance(tc.typ, tc.value); got != tc.want {
				t.Errorf("IsInstance(%s, %#v) = %v, want %v", tc.typ, tc.value, got, tc.want)
			}
		})
	}
}

// TestMatchContainers covers arrays, hashes, tuples, structs, collections,
// iterables, Sensitive and aliases.
func TestMatchContainers(t *testing.T) {
	t.Parallel()
	nameStruct := dtStruct(dtLit("name"), dtStr(), dtOpt(dtLit("port")), dtIntT())
	tests := []struct {
		name  string
		typ   Type
		value string
		want  bool
	}{
		{"array", dtArray(dtStr(), nil), `["a","b"]`, true},
		{"array empty", dtArray(dtStr(), nil), `[]`, true},
		{"array element", dtArray(dtStr(), nil), `["a",1]`, false},
		{"array size", dtArray(dtStr(), dtInt(1, 2)), `["a","b","c"]`, false},
		{"array undef element", dtArray(dtStr(), nil), `[null]`, false},
		{"array 0 0", dtArray(nil, dtInt(0, 0)), `[]`, true},
		{"hash", dtHash(dtStr(), dtIntT(), nil), `{"a":1}`, true},
		{"hash value", dtHash(dtStr(), dtIntT(), nil), `{"a":"b","1":2}`, false},
		{"hash size", dtHash(dtStr(), dtIntT(), dtInt(1, 2)), `{"a":1,"b":2,"c":3}`, false},
		{"hash optional value", dtHash(dtStr(), dtOpt(dtIntT()), nil), `{"a":null}`, true},
		{"hash not array", &HashType{}, `[]`, false},
		{"tuple exact", dtTuple(nil, dtStr(), dtIntT()), `["a",1]`, true},
		{"tuple short", dtTuple(nil, dtStr(), dtIntT()), `["a"]`, false},
		{"tuple repeat last", dtTuple(dtInt(1, MaxInt), dtStr(), dtIntT()), `["a",1,2,3]`, true},
		{"tuple min", dtTuple(dtInt(1, MaxInt), dtStr(), dtIntT()), `["a"]`, true},
		{"tuple empty sized", dtTuple(dtInt(0, 2), dtIntT(), dtStr()), `[]`, true},
		{"tuple bare", &TupleType{}, `[1,"a"]`, true},
		{"struct required", nameStruct, `{"name":"x"}`, true},
		{"struct optional present", nameStruct, `{"name":"x","port":80}`, true},
		{"struct missing", nameStruct, `{"port":80}`, false},
		{"struct extra", nameStruct, `{"name":"x","extra":1}`, false},
		{"struct optional null", nameStruct, `{"name":"x","port":null}`, false},
		{"struct auto optional", dtStruct(dtLit("name"), dtOpt(dtStr())), `{}`, true},
		{"struct notundef key", dtStruct(dtNotUndef(dtLit("name")), dtOpt(dtStr())), `{}`, false},
		{"struct notundef key null", dtStruct(dtNotUndef(dtLit("name")), dtOpt(dtStr())), `{"name":null}`, true},
		{"struct bare", &StructType{}, `{"a":1}`, false},
		{"struct bare empty", &StructType{}, `{}`, true},
		{"collection", &CollectionType{Size: dtInt(1, 2)}, `{"a":1}`, true},
		{"collection size", &CollectionType{Size: dtInt(2, MaxInt)}, `[1]`, false},
		{"collection string", &CollectionType{}, `"abc"`, false},
		{"iterable string", &IterableType{}, `"abc"`, true},
		{"iterable negative", &IterableType{}, `-1`, false},
		{"iterable float", &IterableType{}, `1.5`, false},
		{"iterable typed string", &IterableType{Type: dtStr()}, `"abc"`, true},
		{"iterable typed int", &IterableType{Type: dtIntT()}, `"abc"`, false},
		{"iterable typed array", &IterableType{Type: dtIntT()}, `["a"]`, false},
		{"iterable typed array ok", &IterableType{Type: dtIntT()}, `[1,2]`, true},
		{"data", dataAlias, `{"a":{"b":[1,2.5,true,null,"x"]}}`, true},
		{"array of data", dtArray(dataAlias, nil), `[[{"a":null}]]`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := dtJSON(t, tc.value)
			if got := IsInstance(tc.typ, v); got != tc.want {
				t.Errorf("IsInstance(%s, %s) = %v, want %v", tc.typ, tc.value, got, tc.want)
			}
		})
	}
}

// TestMatchSensitive: only Sensitive types (and Any, NotUndef) accept a
// Sensitive value.
func TestMatchSensitive(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		typ   Type
		value Value
		want  bool
	}{
		{"sensitive string", &SensitiveType{Type: dtStr()}, Sensitive{"secret"}, true},
		{"sensitive wrong content", &SensitiveType{Type: dtStr()}, Sensitive{int64(1)}, false},
		{"sensitive plain value", &SensitiveType{Type: dtStr()}, "secret", false},
		{"sensitive bare", &SensitiveType{}, Sensitive{int64(1)}, true},
		// The parser stores Sensitive[T] with T generalized (quirk Q6):
		// Sensitive[Enum[a, b]] is Sensitive[String[1, 1]].
		{"Q6 enum generalized", &SensitiveType{Type: dtStrSize(1, 1)}, Sensitive{"z"}, true},
		{"Q6 enum length", &SensitiveType{Type: dtStrSize(1, 1)}, Sensitive{"zz"}, false},
		{"string", dtStr(), Sensitive{"secret"}, false},
		{"any", &AnyType{}, Sensitive{"x"}, true},
		{"notundef", &NotUndefType{}, Sensitive{"x"}, true},
		{"data", dataAlias, Sensitive{"x"}, false},
		{"variant", dtVariant(&SensitiveType{Type: dtStr()}, dtStr()), Sensitive{"x"}, true},
		{"optional undef", dtOpt(&SensitiveType{Type: dtStr()}), nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsInstance(tc.typ, tc.value); got != tc.want {
				t.Errorf("IsInstance = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestMatchRecursiveAlias: a self-recursive alias terminates.
func TestMatchRecursiveAlias(t *testing.T) {
	t.Parallel()
	a := &AliasType{Name: "Loop"}
	a.Resolved = dtVariant(a, dtIntT())
	if IsInstance(a, "x") {
		t.Error("Loop accepts a string")
	}
	if msg, ok := Check("", a, "x"); ok || msg == "" {
		t.Errorf("Check(Loop, \"x\") = %q, %v", msg, ok)
	}
	if !IsInstance(a, int64(1)) {
		t.Error("Loop rejects an integer")
	}
	tree := &AliasType{Name: "Tree"}
	tree.Resolved = dtVariant(dtIntT(), dtArray(tree, nil))
	if !IsInstance(tree, dtJSON(t, `[1,[2,[3]]]`)) {
		t.Error("Tree rejects a nested array")
	}
	if msg := describeMismatch("", tree, dtJSON(t, `[1,["x"]]`)); msg == "" {
		t.Error("Tree: empty description")
	}
}
