package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTemp fails when dir holds a temporary file left behind.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".catc-") {
			t.Errorf("temporary file %s left in %s", e.Name(), dir)
		}
	}
}

// TestWriteFile: a new file is written, a file catc wrote is replaced
// keeping its mode, a failed render leaves the old bytes and no temporary
// file, and the guard refuses an input and a file catc did not write.
func TestWriteFile(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	dir := t.TempDir()
	out, input, theirs := filepath.Join(dir, "plan.txt"), filepath.Join(dir, "site.hcl"), filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(input, []byte("// catc input\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(theirs, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	guard := NewGuard(func() []string { return []string{input} }, false)
	if err := r.WriteFile(out, false, guard, writeString("Apply order: 1\n")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(out, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteFile(out, false, guard, writeString("Apply order: 2\n")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(out); read(t, out) != "Apply order: 2\n" || st.Mode().Perm() != 0o640 {
		t.Errorf("replaced: %q, mode %v; want the new bytes, mode 0640", read(t, out), st.Mode().Perm())
	}
	err := r.WriteFile(out, false, guard, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("render failed")
	})
	if err == nil || err.Error() != "cannot write "+out+": render failed" || read(t, out) != "Apply order: 2\n" {
		t.Errorf("failed render: err %v, file %q", err, read(t, out))
	}
	if err := r.WriteFile(out, true, guard, writeString("Apply order: 3\n")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != privateFilePerm {
		t.Errorf("private output: mode %v, want 0600", st.Mode().Perm())
	}
	for path, want := range map[string]string{
		input:  "will not replace " + input + ": it is one of this command's inputs",
		theirs: "will not replace " + theirs + ": it exists and catc did not write it",
	} {
		if err := r.WriteFile(path, false, guard, writeString("x")); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
	if err := r.WriteFile(theirs, false, NewGuard(nil, true), writeString("Apply order: 4\n")); err != nil || read(t, theirs) != "Apply order: 4\n" {
		t.Errorf("--overwrite: %v, %q", err, read(t, theirs))
	}
	noTemp(t, dir)
}

// TestStageDir: a directory output replaces a directory of catc's files
// as a whole, and nothing changes when it is discarded uncommitted.
func TestStageDir(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	write := func(files map[string]string, commit bool) {
		t.Helper()
		s, err := r.StageDir(dir, NewGuard(nil, false))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Discard()
		for name, content := range files {
			if err := s.Add(name, writeString(content)); err != nil {
				t.Fatal(err)
			}
		}
		if commit {
			if err := s.Commit(); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(map[string]string{"a.json": `{"format": "catc.catalog/1"}`, "b.json": `{"format": "catc.catalog/1"}`}, true)
	write(map[string]string{"c.json": `{"format": "catc.catalog/1", "c": 1}`}, false)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("after a discarded stage: %d files, want the 2 committed", len(entries))
	}
	write(map[string]string{"c.json": `{"format": "catc.catalog/1", "c": 2}`}, true)
	entries, _ = os.ReadDir(dir)
	if len(entries) != 1 || read(t, filepath.Join(dir, "c.json")) != `{"format": "catc.catalog/1", "c": 2}` {
		t.Errorf("after a second commit: %v, want only c.json", entries)
	}
	noTemp(t, parent)
}

// TestCatcWrote: catc's outputs are known by their first bytes; an empty
// file has nothing to lose; anything else is the user's.
func TestCatcWrote(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for content, want := range map[string]bool{
		"":                            true,
		`{"format": "catc.diff/2"}`:   true,
		DocMarker + "# software\n":    true,
		"// catc graph\ndigraph {}\n": true,
		"Apply order: 3 resources\n":  true,
		"# my notes\n":                false,
		`{"format": "terraform"}`:     false,
	} {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := CatcWrote(p); got != want {
			t.Errorf("CatcWrote(%q) = %v, want %v", content, got, want)
		}
	}
}

// TestErrorsWrap: an output that cannot be written says so naming the
// path the user gave, and its cause stays an error a caller can test
// (errors.Is), not only text.
func TestErrorsWrap(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	r := NewRegistry()
	out := filepath.Join(dir, "missing", "out.txt")
	err := r.WriteFile(out, false, NewGuard(nil, false), writeString("x"))
	if err == nil || err.Error() != "cannot write "+out+": no such file or directory" || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteFile under a missing directory: %v (errors.Is ErrNotExist: %v)", err, errors.Is(err, os.ErrNotExist))
	}
	_, err = r.StageDir(filepath.Join(file, "sub"), NewGuard(nil, false))
	if err == nil || !strings.HasPrefix(err.Error(), "cannot create "+filepath.Join(file, "sub")+": ") || errors.Unwrap(err) == nil {
		t.Errorf("StageDir under a file: %v, want the cause wrapped", err)
	}
}

// TestStageDirNamesStayInside: a name that is not a base name of the
// directory is refused, and nothing is written, in the directory or
// where the name points.
func TestStageDirNamesStayInside(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"class-../../../pwned.md", "class-ok/x.md", "..", ".", ""} {
		parent := t.TempDir()
		dir := filepath.Join(parent, "out")
		s, err := NewRegistry().StageDir(dir, NewGuard(nil, false))
		if err != nil {
			t.Fatal(err)
		}
		err = s.Add(name, writeString("x"))
		s.Discard()
		if err == nil || !strings.Contains(err.Error(), "not a file name of the directory") {
			t.Errorf("Add(%q) = %v, want it refused", name, err)
		}
		if entries, _ := os.ReadDir(parent); len(entries) != 0 {
			t.Errorf("Add(%q) left %d entries beside the directory", name, len(entries))
		}
	}
}
