package words

import "testing"

func TestAndOr(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		names   []string
		and, or string
	}{
		{nil, "", ""},
		{[]string{"a"}, "a", "a"},
		{[]string{"a", "b"}, "a and b", "a or b"},
		{[]string{"a", "b", "c"}, "a, b and c", "a, b or c"},
	} {
		if got := And(c.names); got != c.and {
			t.Errorf("And(%q) = %q, want %q", c.names, got, c.and)
		}
		if got := Or(c.names); got != c.or {
			t.Errorf("Or(%q) = %q, want %q", c.names, got, c.or)
		}
	}
}
