package types

import "testing"

// The answers are Ruby 3.1's #inspect (ruby -e 'p …').
func TestRubyInspect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		v    Value
		want string
	}{
		{"\x7f", `"\u007F"`},
		{"\x01", `"\u0001"`},
		{"a\x1b#{x}#y", `"a\e\#{x}#y"`},
		{"\a\b\v\f\n\t\r", `"\a\b\v\f\n\t\r"`},
		{`q"b\`, `"q\"b\\"`},
		{1.0, "1.0"},
		{1e20, "1.0e+20"},
		{&Hash{Keys: []string{"a"}, Values: []Value{[]Value{int64(1), nil}}}, `{"a"=>[1, nil]}`},
		{true, "true"},
		{Sensitive{Value: "hunter2"}, "#<Sensitive [value redacted]>"},
	}
	for _, tt := range tests {
		if got := RubyInspect(tt.v); got != tt.want {
			t.Errorf("RubyInspect(%#v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}
