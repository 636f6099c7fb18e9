package catalog

import (
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// Advice after a mismatch is the shortest fix, with the value when
// Puppet's message does not show it, and never repeats the expected type
// (the message names it).
func TestValueAdvice(t *testing.T) {
	t.Parallel()
	hash := &types.Hash{}
	hash.Set("port", "80")
	hash.Set("two words", true)
	fixable := &types.Hash{}
	fixable.Set("port", "443")
	fixable.Set("host", "db")
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
		{"Integer", "123", true, ""},
		{"Boolean", "true", false, "Write true without quotes."},
		{"Optional[Integer]", 1.0, false, "Write 1 (an Integer)."},
		{"Float", int64(2), false, "Write 2.0 (a Float)."},
		{"Integer[0, 10]", "99", false, "Write 99 without quotes; 99 is above the maximum, 10."},
		{"Integer[0, 10]", int64(-1), false, "-1 is below the minimum, 0."},
		{"Optional[Float[0.5, 1]]", 2.5, false, "2.5 is above the maximum, 1."},
		{"String[2, 4]", "abcdef", false, "It has 6 characters; the maximum is 4."},
		{"Variant[Pattern[/a/], Pattern[/b/]]", "c", false, "Use a string that one of the patterns matches."},
		{"String", int64(5), false, `Write "5" (a String).`},
		{"Optional[String]", true, false, `Write "true" (a String).`},
		{"String", []types.Value{"a"}, false, `Write "a" alone, not in a list.`},
		{"Array[String]", "a", false, `Write ["a"] (a list).`},
		{"Array[String]", int64(5), false, "The value is 5."},
		{"Struct[{port => Integer, name => String}]", int64(5), false, "The value is 5."},
		{"Hash[String, Integer]", hash, false, `The value is { port = "80", "two words" = true }.`},
		{"Struct[{port => Integer}]", int64(5), true, ""},
		{"Struct[{port => Integer, host => String}]", fixable, false, "At entry 'port', write 443 without quotes."},
		{"Array[Integer]", []types.Value{int64(1), "2", "3"}, false, "Write [1, 2, 3]."},
		{"Array[Integer[0, 10]]", []types.Value{"1", int64(99)}, false, `The value is ["1", 99].`},
		{"Array[Float]", []types.Value{int64(1)}, false, "At index 0, write 1.0 (a Float)."},
		{"Integer", []types.Value{"a long list of words to cut", "after sixty characters", "x"}, false,
			`The value is ["a long list of words to cut", "after sixty characters", "x….`},
	}
	for _, tt := range tests {
		typ, err := types.ParseData(tt.typ)
		if err != nil {
			t.Fatalf("%s: %v", tt.typ, err)
		}
		msg, _ := types.Check("x.y", typ, tt.value)
		if got := ValueAdvice(typ, tt.value, tt.sensitive, msg); got != tt.want {
			t.Errorf("valueAdvice(%s, %#v, %v) = %q, want %q", tt.typ, tt.value, tt.sensitive, got, tt.want)
		}
	}
}

func TestTagAdvice(t *testing.T) {
	t.Parallel()
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
