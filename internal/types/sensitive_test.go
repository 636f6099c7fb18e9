package types

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSealSensitive(t *testing.T) {
	t.Parallel()
	s := func(v Value) Value { return Sensitive{Value: v} }
	tests := []struct {
		typ    string
		v      Value
		want   Value
		inside bool // within the bounds written inside Sensitive[...]
	}{
		{"Sensitive[Integer[0, 10]]", int64(7), s(int64(7)), true},
		{"Sensitive[Integer[0, 10]]", int64(424242), s(int64(424242)), false},
		{"Sensitive[String[20, 30]]", "fourteen chars", s("fourteen chars"), false},
		{"Optional[Sensitive[String]]", nil, nil, true},
		{"Sensitive[String]", s("x"), s("x"), true},
		{"Array[Sensitive[String]]", []Value{"a", "b"}, []Value{s("a"), s("b")}, true},
		{"Array[Sensitive[String[2]]]", []Value{"ab", "b"}, []Value{s("ab"), s("b")}, false},
		{"Variant[String, Array[Sensitive[String]]]", "x", "x", true},
		{"Variant[String, Array[Sensitive[String]]]", []Value{"x"}, []Value{s("x")}, true},
		{"Variant[Sensitive[String[1, 2]], Sensitive[Integer[0, 5]]]", int64(3), s(int64(3)), true},
		{"Variant[Sensitive[String[1, 2]], Sensitive[Integer[0, 5]]]", int64(12), s(int64(12)), false},
		{"Hash[String, Sensitive[Integer]]", &Hash{Keys: []string{"a"}, Values: []Value{int64(1)}}, &Hash{Keys: []string{"a"}, Values: []Value{s(int64(1))}}, true},
		{"Struct[{a => Sensitive[String], b => Integer}]", &Hash{Keys: []string{"a", "b"}, Values: []Value{"x", int64(1)}}, &Hash{Keys: []string{"a", "b"}, Values: []Value{s("x"), int64(1)}}, true},
		{"Tuple[Integer, Sensitive[String]]", []Value{int64(1), "x"}, []Value{int64(1), s("x")}, true},
		{"Array[String]", []Value{"x"}, []Value{"x"}, true},
	}
	for _, tt := range tests {
		typ, err := ParseData(tt.typ)
		if err != nil {
			t.Fatalf("%s: %v", tt.typ, err)
		}
		got, inside := SealSensitive(typ, tt.v)
		if diff := cmp.Diff(tt.want, got); diff != "" || inside != tt.inside {
			t.Errorf("SealSensitive(%s, %#v) = %#v, %v; want %#v, %v", tt.typ, tt.v, got, inside, tt.want, tt.inside)
		}
	}
}

// TestSealedMismatchNamesSensitive: a plain value of the wrong type at a
// Sensitive position is reported as the Resource API reports the
// Sensitive it would be, "got Sensitive[Integer]".
func TestSealedMismatchNamesSensitive(t *testing.T) {
	t.Parallel()
	typ, err := ParseData("Array[Sensitive[String]]")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := SealSensitive(typ, []Value{int64(5)})
	msg, ok := Check("x.tokens", typ, v)
	if want := "x.tokens index 0 expects a Sensitive[String] value, got Sensitive[Integer]"; ok || msg != want {
		t.Errorf("Check = %q, %v; want %q", msg, ok, want)
	}
}

func TestContainsSensitive(t *testing.T) {
	t.Parallel()
	for typ, want := range map[string]bool{
		"String": false, "Sensitive": true, "Optional[Sensitive[String]]": true,
		"Variant[String, Array[Sensitive[String]]]": true, "Hash[String, Sensitive]": true,
		"Struct[{a => Optional[Sensitive[String]]}]": true, "Data": false, "Array[Hash[String, String]]": false,
	} {
		ty, err := ParseData(typ)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if got := ContainsSensitive(ty); got != want {
			t.Errorf("ContainsSensitive(%s) = %v, want %v", typ, got, want)
		}
	}
}
