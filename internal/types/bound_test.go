package types

import (
	"strings"
	"testing"
	"time"
)

// A check whose pattern match could take minutes (rubyregexp's bound)
// fails at once, saying so; when another part of the type accepts the
// value, the value is accepted, as Puppet would. Before, the first check
// took 50 s.
func TestCheckPatternBound(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 100000) + "1"
	for _, c := range []struct {
		typ  string
		ok   bool
		want string
	}{
		{`Pattern[/\p{L}{1000}\d/]`, false, "catc's bound"},
		{`Struct[{a => Pattern[/(\p{L}|\p{N}|x|y)*(\p{L}|\p{N}){300}q/]}]`, false, "catc's bound"},
		{`Variant[Pattern[/\p{L}{1000}\d/], String]`, true, ""},
		{`Pattern[/\A\p{L}{1000}\d/]`, false, "expects a match for"}, // anchored: checked, at a thread per byte
	} {
		typ, err := ParseData(c.typ)
		if err != nil {
			t.Fatal(err)
		}
		v := Value(long)
		if strings.HasPrefix(c.typ, "Struct") {
			h := &Hash{}
			h.Set("a", long)
			v = h
		}
		start := time.Now()
		msg, ok := Check("x", typ, v)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", c.typ, d)
		}
		bounded := strings.Contains(c.want, "bound")
		if ok != c.ok || !strings.Contains(msg, c.want) || bounded != strings.Contains(msg, "Ruby would run the match") {
			t.Errorf("%s: %v, %.300q; want %v and a message with %q", c.typ, ok, msg, c.ok, c.want)
		}
	}
}
