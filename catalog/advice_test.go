package catalog

import (
	"testing"

	"github.com/catc-dev/catc/types"
)

func TestValueAdvice(t *testing.T) {
	tests := []struct {
		typ       string
		value     types.Value
		sensitive bool
		want      string
	}{
		{"Enum[absent, present]", "presnt", false, `Use one of 'absent', 'present'. Did you mean "present"?`},
		{"Optional[Enum[absent, present]]", "installed", false, "Use one of 'absent', 'present'."},
		{"Enum[absent, present]", "presnt", true, "Use one of 'absent', 'present'."},
		{"Integer", "123", false, "Write 123 without quotes."},
		{"Integer", "123", true, "Use a value of type Integer."},
		{"Boolean", "true", false, "Write true without quotes."},
		{"Optional[Integer]", 1.0, false, "Write 1 (an Integer)."},
		{"Float", int64(2), false, "Write 2.0 (a Float)."},
		{"Integer[0, 10]", "99", false, "Use a value of type Integer[0, 10]."},
		{"Variant[Pattern[/a/], Pattern[/b/]]", "c", false, "Use a string that one of the patterns matches."},
		{"String", int64(5), false, "Use a value of type String."},
	}
	for _, tt := range tests {
		typ, err := types.ParseData(tt.typ)
		if err != nil {
			t.Fatalf("%s: %v", tt.typ, err)
		}
		if got := valueAdvice(typ, tt.value, tt.sensitive); got != tt.want {
			t.Errorf("valueAdvice(%s, %#v, %v) = %q, want %q", tt.typ, tt.value, tt.sensitive, got, tt.want)
		}
	}
}

func TestTagAdvice(t *testing.T) {
	tests := []struct{ tag, want string }{
		{"not a tag", `Write it with only those characters, e.g. "not_a_tag".`},
		{":web", `Write it with only those characters, e.g. "_web".`},
		{"", "Remove the empty tag."},
	}
	for _, tt := range tests {
		if got := tagAdvice(tt.tag); got != tt.want {
			t.Errorf("tagAdvice(%q) = %q, want %q", tt.tag, got, tt.want)
		}
	}
}
