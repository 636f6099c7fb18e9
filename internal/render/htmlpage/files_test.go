package htmlpage

import (
	"reflect"
	"testing"
)

// TestFileTableShortens: a file name is written once; an origin refers
// to the files (the longest name where one holds another) and the
// edge's refs it names; any other text stays as is.
func TestFileTableShortens(t *testing.T) {
	f := newFileTable()
	if f.index("a.hcl") != 0 || f.index("dir/a.hcl") != 1 || f.index("a.hcl") != 0 {
		t.Fatalf("indexes: %v", f.names)
	}
	for _, tc := range []struct {
		in   string
		want any
	}{
		{"require on File[x] at dir/a.hcl:3", []any{"require on ", -2, " at ", 1, ":3"}},
		{"before on File[w] at a.hcl:9", []any{"before on ", -1, " at ", 0, ":9"}},
		{"before on File[y] at a.hcl:9", []any{"before on File[y] at ", 0, ":9"}},
		{"autorequire (file's parent)", "autorequire (file's parent)"},
	} {
		if got := f.shorten(tc.in, "File[w]", "File[x]"); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("shorten(%q) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}
