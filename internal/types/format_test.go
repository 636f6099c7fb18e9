package types

import (
	"math"
	"testing"
)

func TestFormatRubyFloat(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   float64
		want string
	}{
		{0, "0.0"}, {math.Copysign(0, -1), "-0.0"}, {1, "1.0"}, {0.0001, "0.0001"}, {-123.456, "-123.456"},
		{100000000000000, "100000000000000.0"}, {999999999999999.9, "999999999999999.9"},
		{1e15, "1.0e+15"}, {1.5e15, "1.5e+15"}, {1.234567890123456e15, "1.234567890123456e+15"},
		{1e20, "1.0e+20"}, {1e-5, "1.0e-05"}, {9.9e-5, "9.9e-05"}, {5e-324, "5.0e-324"}, {1e100, "1.0e+100"},
		{math.Inf(1), "Infinity"}, {math.Inf(-1), "-Infinity"},
	}
	for _, c := range cases {
		if got := rubyFloat(c.in); got != c.want {
			t.Errorf("rubyFloat(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestFormatPuppetQuote(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"abc", "'abc'"},
		{"it's", `'it\'s'`},
		{`a\b`, `'a\b'`},
		// Puppet prints these two as 'a\' and 'a\'b', which read back
		// as other strings (or not at all): catc escapes the backslash.
		{`a\`, `'a\\'`},
		{`a\'b`, `'a\\\'b'`},
		{`\\0`, `'\\\0'`},
		{"é", "'é'"},
		{"a\nb", `"a\nb"`},
		{"t\t\"$\\\x01", `"t\t\"\$\\\u{1}"`},
		{"", "''"},
	}
	for _, c := range cases {
		if got := puppetQuote(c.in); got != c.want {
			t.Errorf("puppetQuote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestFormatRegexpInspect(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{`a/b`, `/a\/b/`},
		{`a\/b`, `/a\/b/`},
		{`a\\`, `/a\\/`},
		{`\A[a-z]+\z`, `/\A[a-z]+\z/`},
		{"a\x01", `/a\x01/`},
		{"a\nb", "/a\nb/"},
		{"é", "/(?-mix:é)/"},
		{"(?-mix:é)", "/(?-mix:é)/"},
		{"(?i:é)", "/(?i-mx:é)/"},
		{"(?i:é)(x)", "/(?-mix:(?i:é)(x))/"},
	}
	for _, c := range cases {
		if got := rubyRegexpInspect(c.in); got != c.want {
			t.Errorf("rubyRegexpInspect(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestFormatStructures formats types built directly, as other packages
// build them, including the forms Parse never produces.
func TestFormatStructures(t *testing.T) {
	t.Parallel()
	str := func(s string) *StringType { return &StringType{Value: &s} }
	yes := true
	port := &AliasType{Name: "Mymod::Port", Resolved: &IntegerType{Min: 0, Max: 65535}}
	tree := &AliasType{Name: "Mymod::Tree"}
	tree.Resolved = &ArrayType{Elem: &VariantType{Types: []Type{&StringType{}, tree}}}
	cases := []struct {
		name     string
		t        Type
		want     string
		expanded string
	}{
		{"integer from", &IntegerType{Min: 1, Max: MaxInt}, "Integer[1]", ""},
		{"integer to", &IntegerType{Min: MinInt, Max: 0}, "Integer[default, 0]", ""},
		{"float", &FloatType{math.Inf(-1), 1.5}, "Float[default, 1.5]", ""},
		{"string value prints as String", str("x"), "String", ""},
		{"optional literal", &OptionalType{Type: str("x")}, "Optional['x']", ""},
		{"notundef literal", &NotUndefType{Type: str("it's")}, `NotUndef['it\'s']`, ""},
		{"boolean value", &BooleanType{Value: &yes}, "Boolean[true]", ""},
		{"empty enum", &EnumType{}, "Enum", ""},
		{"ci enum", &EnumType{Values: []string{"a"}, CaseInsensitive: true}, "Enum['a', true]", ""},
		{"array empty range", &ArrayType{Elem: &StringType{}, Size: &IntegerType{Min: 0, Max: 0}}, "Array[0, 0]", ""},
		{"array nil elem", &ArrayType{}, "Array", ""},
		{"hash size", &HashType{Key: &AnyType{}, Value: &AnyType{}, Size: &IntegerType{Min: 1, Max: MaxInt}}, "Hash[Any, Any, 1]", ""},
		{"tuple without types", &TupleType{Size: &IntegerType{Min: 1, Max: 2}}, "Tuple", ""},
		{"struct keys", &StructType{Elements: []StructElement{
			{Key: str("a"), Name: "a", Value: &StringType{}},
			{Key: &OptionalType{Type: str("b")}, Name: "b", Value: &IntegerType{Min: MinInt, Max: MaxInt}},
			{Key: str("c"), Name: "c", Value: &OptionalType{Type: &StringType{}}},
			{Key: &OptionalType{Type: str("d")}, Name: "d", Value: &AnyType{}},
		}}, "Struct[{'a' => String, Optional['b'] => Integer, NotUndef['c'] => Optional[String], 'd' => Any}]", ""},
		{"collection", &CollectionType{Size: &IntegerType{Min: 1, Max: 2}}, "Collection[1, 2]", ""},
		{"sensitive", &SensitiveType{}, "Sensitive", ""},
		{"iterable", &IterableType{Type: &StringType{}}, "Iterable[String]", ""},
		{"reference", &TypeReferenceType{Name: "Foo"}, "TypeReference['Foo']", ""},
		{"opaque", &OpaqueType{Name: "Type", Canonical: "Type[String]"}, "Type[String]", ""},
		{"builtin alias", dataAlias, "Data", "Data"},
		{"module alias", &OptionalType{Type: port}, "Optional[Mymod::Port]", "Optional[Mymod::Port = Integer[0, 65535]]"},
		{"recursive alias", tree, "Mymod::Tree", "Mymod::Tree = Array[Variant[String, Mymod::Tree]]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Format(c.t); got != c.want {
				t.Errorf("Format = %s, want %s", got, c.want)
			}
			if c.t.String() != c.want {
				t.Errorf("String() = %s, want %s", c.t.String(), c.want)
			}
			want := c.expanded
			if want == "" {
				want = c.want
			}
			if got := formatExpanded(c.t); got != want {
				t.Errorf("formatExpanded = %s, want %s", got, want)
			}
		})
	}
}

// TestFormatRoundTrip checks that the canonical form of every accepted
// parse.jsonl type is a fixed point of Parse and Format.
func TestFormatRoundTrip(t *testing.T) {
	t.Parallel()
	for _, r := range readParseRows(t) {
		if !r.OK || r.ToS == "" || unparseableCanonical(r.ToS) {
			continue
		}
		got, err := Parse(r.ToS)
		if err != nil {
			t.Errorf("Parse(%q) (Puppet's to_s of %q): %v", r.ToS, r.Type, err)
			continue
		}
		if f := Format(got); f != r.ToS {
			t.Errorf("Format(Parse(%q)) = %s", r.ToS, f)
		}
	}
}
