package types

import "testing"

// FuzzCheck feeds arbitrary type strings and JSON values through the whole
// value pipeline: nothing may panic, an accepted value has no message and a
// rejected one always has one.
func FuzzCheck(f *testing.F) {
	for _, r := range []struct{ typ, value string }{
		{"Enum[present, absent]", `"x"`},
		{"Optional[Variant[Array[Integer], Array[String]]]", `[1,"a"]`},
		{"Struct[{name => String, Optional[port] => Integer}]", `{"name":1,"x":2}`},
		{"Tuple[String, Integer, 1, default]", `["a",1,2,"x","y"]`},
		{"Collection[1, 2]", `[]`},
		{"Hash[String[1], Integer]", `{"":1,"a":2.5}`},
		{"Iterable[Integer]", `{"a":1}`},
		{"Variant[Integer[1,5], Integer[6,20], Float[0.5, 1.5]]", `100`},
		{"Data", `{"a":[null,{"b":1e20}]}`},
		{"RichData", `[[[]]]`},
	} {
		f.Add(r.typ, r.value)
	}
	f.Fuzz(func(t *testing.T, typ, value string) {
		ty, err := Parse(typ)
		if err != nil {
			return
		}
		v, err := DecodeJSON([]byte(value))
		if err != nil {
			return
		}
		for _, val := range []Value{v, Sensitive{Value: v}} {
			msg, ok := Check("s", ty, val)
			if ok != IsInstance(ty, val) || (ok && msg != "") || (!ok && msg == "") {
				t.Fatalf("Check(%q, %s) = %q, %v", typ, value, msg, ok)
			}
			if !ok {
				_ = describeMismatch("", ty, val)
			}
		}
		_ = EncodeJSON(v)
		_ = FormatValue(v)
	})
}
