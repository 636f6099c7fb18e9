package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// catc doc --builtin prints the reference of the built-in types, with no
// catalog; -o DIR writes one page per type and the index.
func TestDocBuiltin(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "doc", "--builtin")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	assertGolden(t, "doc_builtin.md", out)

	dir := filepath.Join(t.TempDir(), "ref")
	if code, _, errOut := runCatc(t, "doc", "--builtin", "-o", dir); code != 0 {
		t.Fatalf("-o: exit %d: %s", code, errOut)
	}
	for _, name := range []string{"README.md", "file.md", "ssh_authorized_key.md", "zpool.md"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, "file.md"))
	if !strings.Contains(string(page), "Declared at `<builtin>/file.hcl:2`") {
		t.Errorf("file.md does not say where the type is declared:\n%.400s", page)
	}

	code, _, errOut = runCatc(t, "doc", "--builtin", "site")
	if code != 1 || !strings.Contains(errOut, "catc doc --builtin takes no PATH") {
		t.Errorf("--builtin with a path: exit %d: %s", code, errOut)
	}
}
