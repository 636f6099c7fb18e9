package types

import (
	"math"
	"testing"

	"github.com/catc-dev/catc/internal/jsonw"
)

// TestOneJSONEncoder holds the cases where EncodeJSON and the catalog
// JSON's writer (jsonw's Writer.Value) used to disagree: both now write
// through WriteJSON, so a value has one JSON form, and only a Sensitive
// value differs, by what each output may say of it.
func TestOneJSONEncoder(t *testing.T) {
	t.Parallel()
	marker := func(Value) string { return "sha256:digest" }
	for _, c := range []struct {
		name string
		v    Value
		// encoded is EncodeJSON's bytes, written the catalog JSON's bytes
		// (WriteJSON, compact).
		encoded, written string
	}{
		// NaN and ±Inf: no JSON number, and null would read back as undef,
		// so a diff would not see undef become NaN (EncodeJSON wrote null).
		{"NaN", math.NaN(), `"NaN"`, `"NaN"`},
		{"+Inf", math.Inf(1), `"+Inf"`, `"+Inf"`},
		{"-Inf in an array", []Value{math.Inf(-1), 1.5}, `["-Inf",1.5]`, `["-Inf",1.5]`},
		// A sensitive value: a person sees Puppet's words; a file keeps the
		// marker it is compared by; neither the content.
		{"sensitive", Sensitive{"hunter2"}, `"Sensitive [value redacted]"`, `{"sensitive":"sha256:digest"}`},
		{"sensitive in a hash", &Hash{Keys: []string{"pw"}, Values: []Value{Sensitive{"hunter2"}}},
			`{"pw":"Sensitive [value redacted]"}`, `{"pw":{"sensitive":"sha256:digest"}}`},
		// Control characters as encoding/json and Ruby's JSON write them
		// (EncodeJSON wrote \u0008 and \u000c).
		{"backspace and form feed", "a\bb\fc", `"a\bb\fc"`, `"a\bb\fc"`},
		// DEL, C1, bidirectional and separator characters escaped, never
		// raw (EncodeJSON wrote all but U+2028 and U+2029 raw, and catc
		// lookup printed them to the terminal).
		{"DEL, C1, bidi", "x\x7f\u0085\u202e\u2066\u2028y", `"x\u007f\u0085\u202e\u2066\u2028y"`, `"x\u007f\u0085\u202e\u2066\u2028y"`},
		// An invalid byte as the escape of U+FFFD (EncodeJSON wrote the
		// character itself); both read back as U+FFFD.
		{"invalid UTF-8", "a\xffb", `"a\ufffdb"`, `"a\ufffdb"`},
		// A nil hash is {} (EncodeJSON panicked).
		{"nil hash", (*Hash)(nil), `{}`, `{}`},
		// Where they agreed, nothing changes.
		{"floats", []Value{1.0, 1e20, math.Copysign(0, -1), 0.1}, `[1.0,1e+20,-0.0,0.1]`, `[1.0,1e+20,-0.0,0.1]`},
		{"html characters", "<a & b>", `"<a & b>"`, `"<a & b>"`},
		{"undef", nil, `null`, `null`},
	} {
		if got := string(EncodeJSON(c.v)); got != c.encoded {
			t.Errorf("%s: EncodeJSON = %s, want %s", c.name, got, c.encoded)
		}
		w := jsonw.Compact()
		WriteJSON(w, c.v, marker)
		if got := string(w.Bytes()); got != c.written {
			t.Errorf("%s: WriteJSON = %s, want %s", c.name, got, c.written)
		}
	}
}
