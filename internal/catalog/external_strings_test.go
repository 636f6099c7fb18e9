package catalog

import (
	"strings"
	"testing"
)

// TestIsTypeName: the name in any ASCII case, and nothing strings.ToLower
// would not lower to it.
func TestIsTypeName(t *testing.T) {
	t.Parallel()
	for _, typ := range []string{"class", "Class", "CLASS", "claſſ", "clas", "classes", "file", "File", "ﬁle", "F\u0130le", "K", "\u212a"} {
		for _, name := range []string{"class", "file", "k"} {
			if got, want := isTypeName(typ, name), strings.ToLower(typ) == name; got != want {
				t.Errorf("isTypeName(%q, %q) = %v, want %v", typ, name, got, want)
			}
		}
	}
}

// TestStringRoom: strings cut from the room keep their text while later
// ones fill its block and the next, and a nil room makes new strings.
func TestStringRoom(t *testing.T) {
	t.Parallel()
	s := &stringRoom{}
	var got, want []string
	for i := 0; len(want) < 3*stringBlock/10; i++ {
		title := strings.Repeat("x", i%40)
		got = append(got, s.join("Type[", title, "]"), s.bytes([]byte(title+"\x00k")))
		want = append(want, "Type["+title+"]", title+"\x00k")
	}
	got = append(got, s.join(strings.Repeat("y", 2*stringBlock)), (*stringRoom)(nil).join("a", "b"), (*stringRoom)(nil).bytes([]byte("c")))
	want = append(want, strings.Repeat("y", 2*stringBlock), "ab", "c")
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("string %d is %q, want %q", i, got[i], want[i])
		}
	}
}
