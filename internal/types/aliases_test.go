package types

import (
	"encoding/json"
	"strings"
	"testing"
)

func mustAliases(t *testing.T, defs ...string) *Aliases {
	t.Helper()
	a := &Aliases{}
	for _, d := range defs {
		name, text, _ := strings.Cut(d, " = ")
		if err := a.Define(name, text); err != nil {
			t.Fatalf("Define(%q): %v", d, err)
		}
	}
	return a
}

func jsonValue(t *testing.T, s string) Value {
	t.Helper()
	v, err := DecodeJSON(json.RawMessage(s))
	if err != nil {
		t.Fatalf("value %s: %v", s, err)
	}
	return v
}

// The messages are Puppet 7.23's, from assert_type on the same aliases
// (puppet apply, manifests defining `type X = ...`).
func TestAliasMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		defs       []string
		typ, value string
		want       string
	}{
		{[]string{"Mymod::Tree = Array[Variant[Integer, Mymod::Tree]]"}, "Mymod::Tree", `[1, [2, [3]]]`, ""},
		{[]string{"Mymod::Tree = Array[Variant[Integer, Mymod::Tree]]"}, "Mymod::Tree", `[1, [2, "x"]]`,
			// catc's layout of a multi-line message (as for every type); the lines are Puppet's.
			"  index 1 variant 0 expects an Integer value, got Tuple\n   index 1 variant 1 index 1 expects a value of type Integer or Mymod::Tree = Array[Variant[Integer, Mymod::Tree]], got String"},
		{[]string{"Mymod::Port = Integer[0, 65535]", "Mymod::Ports = Array[Mymod::Port]"}, "Mymod::Ports", `[70000]`,
			"index 0 expects a Mymod::Port = Integer[0, 65535] value, got Integer[70000, 70000]"},
		{[]string{"Mymod::Opt = Optional[Mymod::Port]", "Mymod::Port = Integer[0, 65535]"}, "Mymod::Opt", `"x"`,
			"expects a Mymod::Port = Integer[0, 65535] value, got String"},
		{[]string{"Mymod::V = Variant[Mymod::V, Integer]"}, "Mymod::V", `"x"`,
			"expects a Mymod::V = Integer value, got String"},
		{[]string{"Mymod::P = Foo::Bar"}, "Mymod::P", `1`, "references an unresolved type 'Foo::Bar'"},
	}
	for _, tt := range tests {
		a := mustAliases(t, tt.defs...)
		typ, err := ParseWith(tt.typ, a)
		if err != nil {
			t.Fatalf("ParseWith(%q): %v", tt.typ, err)
		}
		got := describeMismatch("", typ, jsonValue(t, tt.value))
		if got != tt.want {
			t.Errorf("%v: %s against %s:\n got %q\nwant %q", tt.defs, tt.typ, tt.value, got, tt.want)
		}
	}
}

func TestAliasErrors(t *testing.T) {
	t.Parallel()
	a := &Aliases{}
	for _, tt := range []struct{ name, want string }{
		{"mymod::port", `"mymod::port" is not a valid type alias name`},
		{"Integer", "Integer is a built-in type and cannot be redefined"},
		{"Data", "Data is a built-in type and cannot be redefined"},
	} {
		if err := a.Define(tt.name, "String"); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Define(%q): %v, want %q", tt.name, err, tt.want)
		}
	}
	if err := a.Define("Mymod::Port", "Integer"); err != nil {
		t.Fatal(err)
	}
	if err := a.Define("MyMod::Port", "String"); err == nil || !strings.Contains(err.Error(), "already defined (as Mymod::Port)") {
		t.Errorf("redefinition: %v", err)
	}
	// Puppet: "Type alias 'Mymod::A' cannot be resolved to a real type".
	for _, defs := range [][]string{{"Mymod::A = Mymod::A"}, {"Mymod::A = Mymod::B", "Mymod::B = Mymod::A"}, {"Mymod::A = Variant[Mymod::A]"}} {
		al := mustAliases(t, defs...)
		if _, err := al.Resolve("Mymod::A"); err == nil || err.Error() != "Type alias 'Mymod::A' cannot be resolved to a real type" {
			t.Errorf("%v: %v", defs, err)
		}
	}
	al := mustAliases(t, "Mymod::Port = Integer[0, 65535]")
	if _, err := ParseWith("Mymod::Port[1]", al); err == nil || err.Error() != "Not a parameterized type <Mymod::Port>" {
		t.Errorf("parameterized alias: %v", err)
	}
	if _, err := ParseWith("Mymod::Bad", mustAliases(t, "Mymod::Bad = Integer[")); err != nil {
		t.Errorf("a broken alias body is reported by Resolve, not by every use: %v", err)
	}
	if _, err := mustAliases(t, "Mymod::Bad = Integer[").Resolve("Mymod::Bad"); err == nil {
		t.Error("Resolve of a broken alias: no error")
	}
}

func TestParseDataWithAliases(t *testing.T) {
	t.Parallel()
	a := mustAliases(t, "Mymod::Port = Integer[0, 65535]", "Mymod::When = Timestamp",
		"Mymod::Tree = Array[Variant[Integer, Mymod::Tree]]", "Mymod::Bad = Mymod::Bad")
	for _, ok := range []string{"Mymod::Port", "Optional[Mymod::Port]", "Mymod::Tree"} {
		if _, err := ParseDataWith(ok, a); err != nil {
			t.Errorf("ParseDataWith(%q): %v", ok, err)
		}
	}
	for _, tt := range []struct{ typ, want string }{
		{"Array[Mymod::When]", "Timestamp cannot match any value of an HCL attribute"},
		{"Array[Mymod::When]", "(in the type alias Mymod::When)"},
		{"Mymod::Bad", "the type alias Mymod::Bad is not usable: Type alias 'Mymod::Bad' cannot be resolved to a real type"},
		{"Mymod::Nope", "Mymod::Nope is not a type catc knows"},
	} {
		_, err := ParseDataWith(tt.typ, a)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseDataWith(%q): %v, want %q", tt.typ, err, tt.want)
		}
	}
}
