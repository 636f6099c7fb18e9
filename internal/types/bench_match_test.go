package types

import "testing"

// benchCases are realistic attribute types with a passing and a failing
// value each.
var benchCases = []struct {
	name, typ, ok, bad string
}{
	{"ensure", "Enum[present, absent]", `"present"`, `"installed"`},
	{"port", "Optional[Integer[0, 65535]]", `8080`, `70000`},
	{"name", "Pattern[/\\A[a-z][a-z0-9_-]*\\z/]", `"web-01"`, `"Web 01"`},
	{"tags", "Array[String[1]]", `["a","b","c","d"]`, `["a",""]`},
	{"options", "Struct[{name => String[1], Optional[port] => Integer[1, 65535], Optional[tags] => Array[String]}]",
		`{"name":"x","port":80,"tags":["a"]}`, `{"name":"x","port":"80"}`},
	{"env", "Hash[String[1], Variant[String, Integer, Boolean]]", `{"A":"1","B":2,"C":true}`, `{"A":1.5}`},
}

func benchParse(b *testing.B, typ, value string) (Type, Value) {
	b.Helper()
	t, err := Parse(typ)
	if err != nil {
		b.Fatalf("Parse(%q): %v", typ, err)
	}
	v, err := DecodeJSON([]byte(value))
	if err != nil {
		b.Fatal(err)
	}
	return t, v
}

// BenchmarkIsInstance measures the acceptance check alone.
func BenchmarkIsInstance(b *testing.B) {
	for _, c := range benchCases {
		t, v := benchParse(b, c.typ, c.ok)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !IsInstance(t, v) {
					b.Fatal("rejected")
				}
			}
		})
	}
}

// BenchmarkCheck measures Check on passing and failing values (a failure
// infers the value's type and describes the mismatch).
func BenchmarkCheck(b *testing.B) {
	for _, c := range benchCases {
		for _, kind := range []string{"ok", "bad"} {
			value := c.ok
			if kind == "bad" {
				value = c.bad
			}
			t, v := benchParse(b, c.typ, value)
			subject := "software." + c.name
			b.Run(c.name+"/"+kind, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, ok := Check(subject, t, v); ok != (kind == "ok") {
						b.Fatal("unexpected result")
					}
				}
			})
		}
	}
}
