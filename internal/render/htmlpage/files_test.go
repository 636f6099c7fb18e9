package htmlpage

import (
	"reflect"
	"testing"
)

// TestFileTableShortens: a file name is written once; an origin naming
// one (the longest it holds) refers to it; any other text stays as is.
func TestFileTableShortens(t *testing.T) {
	f := newFileTable()
	if f.index("a.hcl") != 0 || f.index("dir/a.hcl") != 1 || f.index("a.hcl") != 0 {
		t.Fatalf("indexes: %v", f.names)
	}
	for _, tc := range []struct {
		in   string
		want any
	}{
		{"require on File[x] at dir/a.hcl:3", []any{"require on File[x] at ", 1, ":3"}},
		{"before on File[y] at a.hcl:9", []any{"before on File[y] at ", 0, ":9"}},
		{"autorequire (file's parent)", "autorequire (file's parent)"},
	} {
		if got := f.shorten(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("shorten(%q) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}
