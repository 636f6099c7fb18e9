package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRootFindsGoMod: Root is relative and holds go.mod, and Fixture
// builds paths below it.
func TestRootFindsGoMod(t *testing.T) {
	t.Parallel()
	if filepath.IsAbs(Root()) {
		t.Errorf("Root() = %q, want a relative path", Root())
	}
	if want := filepath.Join("..", ".."); Root() != want {
		t.Errorf("Root() = %q from internal/testutil, want %q", Root(), want)
	}
	if _, err := os.Stat(filepath.Join(Root(), "go.mod")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(Fixture("seed", "types.hcl")); err != nil {
		t.Error(err)
	}
}

// TestTxtar: a txtar case comes back as its comment and its files; a
// file named twice is refused.
func TestTxtar(t *testing.T) {
	t.Parallel()
	dir := TempFiles(t, map[string]string{"case.txtar": "what it checks\n-- a.hcl --\nx = 1\n-- sub/b.hcl --\ny = 2\n"})
	comment, files, err := parseTxtar(filepath.Join(dir, "case.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if comment != "what it checks\n" {
		t.Errorf("comment = %q", comment)
	}
	if files["a.hcl"] != "x = 1\n" || files["sub/b.hcl"] != "y = 2\n" || len(files) != 2 {
		t.Errorf("files = %q", files)
	}
	twice := TempFiles(t, map[string]string{"twice.txtar": "-- a --\n1\n-- a --\n2\n"})
	if _, _, err := parseTxtar(filepath.Join(twice, "twice.txtar")); err == nil {
		t.Error("a file named twice was accepted")
	}
}

// TestGoldenCompares: an equal golden file passes silently.
func TestGoldenCompares(t *testing.T) {
	t.Parallel()
	dir := TempFiles(t, map[string]string{"want.txt": "same\n"})
	Golden(t, filepath.Join(dir, "want.txt"), []byte("same\n"))
}
