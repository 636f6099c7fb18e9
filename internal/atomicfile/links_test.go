package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputLinksStayInWorkTree: in the working directory's tree (a
// checkout, whose links are not trusted) an output is written through a
// symbolic link only to an existing place inside the tree: a link to a
// missing file elsewhere, to an existing file elsewhere, a linked parent
// directory, -o DIR a link, a link among DIR's files and a dangling link
// inside are refused, nothing written outside; a link to a file inside
// is written through, and a path outside named directly is written.
func TestOutputLinksStayInWorkTree(t *testing.T) {
	work, elsewhere := t.TempDir(), t.TempDir()
	t.Chdir(work)
	theirs := filepath.Join(elsewhere, "bashrc")
	if err := os.WriteFile(theirs, []byte("theirs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"missing.dot":    filepath.Join(elsewhere, "new.dot"),
		"existing.dot":   theirs,
		"out":            elsewhere,
		"docs":           elsewhere,
		"inside.dot":     filepath.Join("sub", "real.dot"),
		"dangling.dot":   filepath.Join("sub", "none.dot"),
		"pages/page.md":  theirs,
		"pages/other.md": filepath.Join("..", "sub", "real.dot"),
	}
	if err := os.MkdirAll(filepath.Join(work, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(work, "pages"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "sub", "real.dot"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(work, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	r := NewRegistry()
	guard := NewGuard(nil, true)
	const outside = "outside the working directory"
	for _, tc := range []struct{ path, want string }{
		{"missing.dot", "cannot write missing.dot: it is a symbolic link to " + filepath.Join(elsewhere, "new.dot")},
		{"existing.dot", "cannot write existing.dot: it is a symbolic link to " + theirs + ", " + outside},
		{filepath.Join("out", "graph.dot"), "its directory " + filepath.Join(work, "out") + " is a symbolic link to " + elsewhere + ", " + outside},
		{"dangling.dot", "cannot write dangling.dot: it is a symbolic link to " + filepath.Join("sub", "none.dot") + ", which does not exist"},
		{"inside.dot", ""},
		{filepath.Join(elsewhere, "named.dot"), ""},
	} {
		err := r.WriteFile(tc.path, false, guard, writeString("// catc graph\n"))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("WriteFile(%s) = %v, want %q", tc.path, err, tc.want)
		}
	}
	if _, err := r.StageDir("docs", guard); err == nil || !strings.Contains(err.Error(), "cannot create docs: it is a symbolic link to "+elsewhere+", "+outside) {
		t.Errorf("StageDir(a link out of the tree) = %v", err)
	}
	s, err := r.StageDir("pages", guard) // a link among its files: written in place
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Add("page.md", writeString("# catc\n")); err == nil || !strings.Contains(err.Error(), outside) {
		t.Errorf("Add(a link out of the tree) = %v", err)
	}
	if err := s.Add("other.md", writeString("# catc\n")); err != nil {
		t.Errorf("Add(a link inside) = %v", err)
	}
	s.Discard()

	if got := read(t, theirs); got != "theirs\n" {
		t.Errorf("a file outside was written: %q", got)
	}
	entries, _ := os.ReadDir(elsewhere)
	if len(entries) != 2 { // bashrc, named.dot
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files created outside the working directory: %v", names)
	}
	if got := read(t, filepath.Join(work, "sub", "real.dot")); got != "// catc graph\n" {
		t.Errorf("the link inside was not written through: %q", got)
	}
	if st, err := os.Lstat(filepath.Join(work, "inside.dot")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link inside was replaced")
	}
}
