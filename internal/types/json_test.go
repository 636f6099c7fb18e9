package types

import (
	"reflect"
	"strings"
	"testing"
)

func TestJSONDecode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Value
	}{
		{`1`, int64(1)},
		{`-0`, int64(0)},
		{`1.0`, 1.0},
		{`1e2`, 100.0},
		{`1E2`, 100.0},
		{`65535.0`, 65535.0},
		{`9223372036854775807`, int64(MaxInt)},
		{`-9223372036854775808`, int64(MinInt)},
		{`"é\n"`, "é\n"},
		{`null`, nil},
		{`true`, true},
		{`[]`, []Value{}},
		{`[1,"a",null]`, []Value{int64(1), "a", nil}},
		{`{}`, &Hash{}},
		{`{"b":1,"a":2}`, &Hash{Keys: []string{"b", "a"}, Values: []Value{int64(1), int64(2)}}},
		{`{"a":1,"b":2,"a":3}`, &Hash{Keys: []string{"a", "b"}, Values: []Value{int64(3), int64(2)}}},
		{` {"a":{"b":[1.5]}} `, &Hash{Keys: []string{"a"}, Values: []Value{
			&Hash{Keys: []string{"b"}, Values: []Value{[]Value{1.5}}}}}},
	}
	for _, tc := range tests {
		got, err := DecodeJSON([]byte(tc.in))
		if err != nil {
			t.Errorf("DecodeJSON(%s): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("DecodeJSON(%s) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}

func TestJSONDecodeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`9223372036854775808`, "integer is outside the supported range -9223372036854775808..9223372036854775807 (the number ends at byte offset 19)"},
		{`-99999999999999999999`, "outside the supported range"},
		{`1e400`, "number is outside the range of a 64-bit float"},
		{`[1,`, "unexpected"},
		{`1 2`, "unexpected data after the top-level value"},
		{``, "unexpected end of input"},
		{`{"a" 1}`, "invalid character"},
		{strings.Repeat("[", maxJSONDepth+2), "nesting deeper than"},
	}
	for _, tc := range tests {
		_, err := DecodeJSON([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeJSON(%q) error = %v, want it to contain %q", tc.in, err, tc.want)
		}
	}
}

func TestJSONEncodeRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{"b":[1,1.0,1e20,1e-05,0.1,-0.0],"a":null,"<&>":"é\n\u0001\"\\"}`,
			`{"b":[1,1.0,1e+20,1e-05,0.1,-0.0],"a":null,"<&>":"é\n\u0001\"\\"}`},
		{`[true,false,"",{}]`, `[true,false,"",{}]`},
		{`65535.0`, `65535.0`},
	}
	for _, tc := range tests {
		v := dtJSON(t, tc.in)
		got := string(EncodeJSON(v))
		if got != tc.want {
			t.Errorf("EncodeJSON(%s) = %s, want %s", tc.in, got, tc.want)
		}
		back := dtJSON(t, got)
		if !reflect.DeepEqual(back, v) {
			t.Errorf("round trip of %s: %#v != %#v", tc.in, back, v)
		}
	}
	if got := string(EncodeJSON(Sensitive{"secret"})); got != `"Sensitive [value redacted]"` {
		t.Errorf("EncodeJSON(Sensitive) = %s", got)
	}
}

func TestJSONFormatValue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   Value
		want string
	}{
		{dtJSON(t, `{"a":[1,2.5,null,true],"it's":"a\nb"}`), `{'a' => [1, 2.5, undef, true], 'it\'s' => "a\nb"}`},
		{1e20, "1.0e+20"},
		{1e15, "1.0e+15"},
		{999999999999999.9, "999999999999999.9"},
		{1e-5, "1.0e-05"},
		{0.0001, "0.0001"},
		{1.0, "1.0"},
		{`a\b`, `'a\b'`},
		{Sensitive{"x"}, "Sensitive [value redacted]"},
	}
	for _, tc := range tests {
		if got := FormatValue(tc.in); got != tc.want {
			t.Errorf("FormatValue(%#v) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
