package types

import (
	"github.com/catc-dev/catc/internal/rubyregexp"
	"math"
	"testing"
)

// Builders for hand-made types, so that the describer is tested
// independently of the parser.
func dtInt(lo, hi int64) *IntegerType { return &IntegerType{Min: lo, Max: hi} }
func dtIntT() *IntegerType            { return &IntegerType{Min: MinInt, Max: MaxInt} }
func dtFloatT() *FloatType            { return &FloatType{math.Inf(-1), math.Inf(1)} }
func dtStr() *StringType              { return &StringType{} }
func dtStrSize(lo, hi int64) *StringType {
	return &StringType{Size: &IntegerType{Min: lo, Max: hi}}
}
func dtLit(s string) *StringType      { return &StringType{Value: &s} }
func dtEnum(vs ...string) *EnumType   { return &EnumType{Values: vs} }
func dtOpt(t Type) *OptionalType      { return &OptionalType{Type: t} }
func dtNotUndef(t Type) *NotUndefType { return &NotUndefType{Type: t} }
func dtVariant(ts ...Type) *VariantType {
	return &VariantType{Types: ts}
}
func dtArray(t Type, size *IntegerType) *ArrayType { return &ArrayType{Elem: t, Size: size} }
func dtHash(k, v Type, size *IntegerType) *HashType {
	return &HashType{Key: k, Value: v, Size: size}
}
func dtTuple(size *IntegerType, ts ...Type) *TupleType {
	return &TupleType{Types: ts, Size: size}
}
func dtPattern(srcs ...string) *PatternType {
	p := &PatternType{}
	for _, s := range srcs {
		re, _ := rubyregexp.Compile(s, "") // nil when RE2 cannot read it: matches nothing
		p.Patterns = append(p.Patterns, &Regexp{Source: s, Go: re})
	}
	return p
}

// dtStruct builds a Struct from (key, value) pairs; a key is a *StringType
// literal, or an Optional/NotUndef of one.
func dtStruct(kv ...Type) *StructType {
	s := &StructType{}
	for i := 0; i+1 < len(kv); i += 2 {
		k := kv[i]
		var name string
		switch kt := k.(type) {
		case *StringType:
			name = *kt.Value
		case *OptionalType:
			name = *kt.Type.(*StringType).Value
		case *NotUndefType:
			name = *kt.Type.(*StringType).Value
		}
		s.Elements = append(s.Elements, StructElement{Key: k, Name: name, Value: kv[i+1]})
	}
	return s
}

func dtJSON(t *testing.T, s string) Value {
	t.Helper()
	v, err := DecodeJSON([]byte(s))
	if err != nil {
		t.Fatalf("DecodeJSON(%s): %v", s, err)
	}
	return v
}

// dtPort is a module alias, Mymod::Port = Integer[0, 65535].
var dtPort = &AliasType{Name: "Mymod::Port", Resolved: &IntegerType{Min: 0, Max: 65535}}

// TestDescribeCorners checks describer corners with hand-built types; the
// expected texts are Puppet 7.23 output (reference §4, §6).
func TestDescribeCorners(t *testing.T) {
	t.Parallel()
	unbounded := &IntegerType{Min: 1, Max: MaxInt}
	tests := []struct {
		name  string
		typ   Type
		value string
		want  string
	}{
		{"scalar", dtIntT(), `"1"`, "expects an Integer value, got String"},
		{"range", dtInt(0, 65535), `70000`, "expects an Integer[0, 65535] value, got Integer[70000, 70000]"},
		{"float bounds hidden", &FloatType{0, 1}, `1`, "expects a Float value, got Integer"},
		{"string size", dtStrSize(1, MaxInt), `""`, "expects a String[1] value, got String"},
		{"optional array", dtOpt(dtArray(dtStrSize(1, MaxInt), unbounded)), `"a"`, "expects a value of type Undef or Array, got String"},
		{"variant 3", dtVariant(dtStr(), dtIntT(), &BooleanType{}), `null`, "expects a value of type String, Integer, or Boolean, got Undef"},
		{"variant ranges", dtVariant(dtInt(1, 5), dtInt(10, 20)), `7`, "expects a value of type Integer[1, 5] or Integer[10, 20], got Integer[7, 7]"},
		{"variant adjacent ranges merge", dtVariant(dtInt(1, 5), dtInt(6, 20)), `70`, "expects an Integer[1, 20] value, got Integer[70, 70]"},
		{"variant enum", dtVariant(dtIntT(), dtEnum("a")), `"b"`, "expects a value of type Integer or Enum['a'], got String"},
		{"undef enum", dtVariant(&UndefType{}, dtEnum("absent", "present")), `"x"`, "expects an undef value or a match for Enum['absent', 'present'], got 'x'"},
		{"enum got is raw", dtEnum("a"), `"it's\n"`, "expects a match for Enum['a'], got 'it's\n'"},
		{"enum non-string", dtEnum("a", "b"), `1`, "expects a match for Enum['a', 'b'], got Integer"},
		{"nested index", dtArray(dtArray(dtIntT(), nil), nil), `[[1],["a"]]`, "index 1 index 0 expects an Integer value, got String"},
		{"two errors", dtHash(dtStr(), dtIntT(), nil), `{"a":"x","b":1,"c":null}`,
			"  entry 'a' expects an Integer value, got String\n   entry 'c' expects an Integer value, got Undef"},
		{"hash key", dtHash(dtStrSize(2, MaxInt), dtIntT(), nil), `{"a":1}`, "key of entry 'a' expects a String[2] value, got String"},
		{"hash empty key", dtHash(dtStrSize(1, MaxInt), dtIntT(), nil), `{"":1}`, "expects a Hash[String[1], Integer] value, got Hash[String, Integer[1, 1]]"},
		{"hash any sized", dtHash(&AnyType{}, &AnyType{}, unbounded), `{}`, "expects size to be at least 1, got 0"},
		{"array any sized Q1", dtArray(&AnyType{}, dtInt(2, MaxInt)), `[1]`, ""},
		{"array unit", dtArray(&AnyType{}, unbounded), `[]`, "expects an Array value, got Array[Unit]"},
		{"array data sized", dtArray(dataAlias, unbounded), `[]`, "expects size to be at least 1, got 0"},
		{"collection Q1", &CollectionType{Size: dtInt(1, 2)}, `[]`, ""},
		{"iterable Q1", &IterableType{}, `-1`, ""},
		{"struct missing and extra", dtStruct(dtLit("name"), dtStr(), dtOpt(dtLit("port")), dtIntT()), `{"name":1,"port":"80","x":1,"y":2}`,
			"  entry 'name' expects a String value, got Integer\n   entry 'port' expects an Integer value, got String\n   unrecognized key 'x'\n   unrecognized key 'y'"},
		{"struct empty map", dtStruct(dtLit("name"), dtStr(), dtOpt(dtLit("port")), dtIntT()), `{}`, "expects size to be between 1 and 2, got 0"},
		{"struct empty key", dtStruct(dtLit("a"), dtIntT(), dtOpt(dtLit("b")), dtStr()), `{"":1}`,
			"expects a Struct[{'a' => Integer, Optional['b'] => String}] value, got Hash[String, Integer[1, 1]]"},
		{"struct notundef", dtStruct(dtLit("a"), &NotUndefType{}), `{}`, "expects size to be 1, got 0"},
		{"struct variant", dtVariant(dtStruct(dtLit("a"), dtIntT()), dtStruct(dtLit("b"), dtIntT())), `{"c":1}`,
			"  variant 0 expects a value for key 'a'\n   variant 0 unrecognized key 'c'\n   variant 1 expects a value for key 'b'\n   variant 1 unrecognized key 'c'"},
		{"Q3 enum element", dtTuple(nil, dtEnum("a"), dtIntT()), `["a","x"]`,
			"  index 0 expects a match for Enum['a'], got 'a'\n   index 1 expects an Integer value, got String"},
		{"Q3 variant element", dtTuple(nil, dtVariant(dtEnum("a"), dtIntT()), dtIntT()), `["a","x"]`,
			"  index 0 expects a match for Variant[Enum['a'], Integer], got 'a'\n   index 1 expects an Integer value, got String"},
		{"Q4 capped index", dtTuple(&IntegerType{Min: 1, Max: MaxInt}, dtStr(), dtIntT()), `["a",1,2,"x","y"]`,
			"  index 1 expects an Integer value, got String\n   index 1 expects an Integer value, got String"},
		{"Q5 optional variant", dtOpt(dtVariant(dtArray(dtIntT(), nil), dtArray(dtStr(), nil))), `[1,"a"]`,
			"  variant 0 expects an Undef value, got Tuple\n   variant 1 index 1 expects an Integer value, got String\n   variant 2 index 0 expects a String value, got Integer"},
		{"variant sizes", dtVariant(dtArray(dtStr(), dtInt(2, MaxInt)), dtArray(dtIntT(), dtInt(3, MaxInt))), `[]`, "expects size to be at least 2, got 0"},
		{"tuple size", dtTuple(nil, dtStr(), dtIntT()), `["a"]`, "expects size to be 2, got 1"},
		{"tuple of hash", dtTuple(nil, dtHash(dtStr(), dtIntT(), nil), dtIntT()), `[{},"x"]`,
			"  index 0 expects a Hash[String, Integer] value, got Hash[Unit, Unit]\n   index 1 expects an Integer value, got String"},
		{"sensitive", &SensitiveType{Type: dtStr()}, "", "expects a Sensitive[String] value, got Sensitive[Integer]"},
		{"data vs sensitive", dataAlias, "", "expects a Data value, got Sensitive"},
		{"unresolved", dtArray(&TypeReferenceType{Name: "Stdlib::Port"}, nil), `[1]`, "references an unresolved type 'Stdlib::Port'"},
		{"opaque", &OpaqueType{Name: "Timestamp", Canonical: "Timestamp"}, `"2020"`, "expects a Timestamp value, got String"},
		{"opaque type param", &OpaqueType{Name: "Type", Canonical: "Type[Enum['a']]"}, `"a"`, "expects a Type[Enum] value, got String"},
		{"resource", &OpaqueType{Name: "Resource", Canonical: "File"}, `"/tmp"`, "expects a Resource value, got String"},
		{"optional literal", dtOpt(dtLit("present")), `"absent"`, "expects a value of type Undef or String, got String"},
		{"pattern merge", dtVariant(dtPattern(`\A(0x)?[0-9a-fA-F]{8}\Z`), dtPattern(`\A(0x)?[0-9a-fA-F]{16}\Z`)), `"0x1234"`,
			`expects a match for Pattern[/\A(0x)?[0-9a-fA-F]{8}\Z/, /\A(0x)?[0-9a-fA-F]{16}\Z/], got '0x1234'`},
		{"float format", &FloatType{0, 1}, `1e20`, "expects a Float[0.0, 1.0] value, got Float[1.0e+20, 1.0e+20]"},
		{"alias", dtPort, `70000`, "expects a Mymod::Port = Integer[0, 65535] value, got Integer[70000, 70000]"},
		{"Q2 optional alias", dtOpt(dtPort), `"x"`, "expects a Mymod::Port = Integer[0, 65535] value, got String"},
		{"alias variant", &AliasType{Name: "Mymod::Mode", Resolved: dtVariant(dtEnum("a"), dtIntT())}, `1.5`,
			"expects a Mymod::Mode = Variant[Enum['a'], Integer] value, got Float"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v Value
			switch tc.name {
			case "sensitive":
				v = Sensitive{Value: int64(1)}
			case "data vs sensitive":
				v = Sensitive{Value: "x"}
			default:
				v = dtJSON(t, tc.value)
			}
			if IsInstance(tc.typ, v) {
				t.Fatalf("IsInstance(%s, %s) = true, want false", tc.typ, tc.value)
			}
			if got := describeMismatch("", tc.typ, v); got != tc.want {
				t.Errorf("describeMismatch = %q\nwant       %q", got, tc.want)
			}
		})
	}
}

// TestDescribeSubject checks the subject's place in one- and multi-line
// messages.
func TestDescribeSubject(t *testing.T) {
	t.Parallel()
	typ := dtArray(dtStr(), nil)
	if got, want := describeMismatch("test.attr", typ, dtJSON(t, `[1]`)), "test.attr index 0 expects a String value, got Integer"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := describeMismatch("test.attr", typ, dtJSON(t, `[1,2]`)),
		" test.attr index 0 expects a String value, got Integer\n  test.attr index 1 expects a String value, got Integer"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
