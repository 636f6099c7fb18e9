package words

import "testing"

func TestCounts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ got, want string }{
		{GroupDigits(0), "0"},
		{GroupDigits(999), "999"},
		{GroupDigits(152000), "152,000"},
		{GroupDigits(-1234567), "-1,234,567"},
		{Noun(1, "node", "nodes"), "1 node"},
		{Noun(1200, "node", "nodes"), "1,200 nodes"},
		{Noun(0, "node", "nodes"), "0 nodes"},
		{Pick(1, "is", "are"), "is"},
		{Pick(2, "is", "are"), "are"},
		{ListMore([]string{"a", "b"}, 2), "a, b"},
		{ListMore([]string{"a", "b", "c", "d"}, 2), "a, b and 2 more"},
		{AndMore(0), ""},
		{AndMore(1500), " and 1,500 more"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
