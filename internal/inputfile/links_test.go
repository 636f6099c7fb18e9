package inputfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadResolvedRefusesALink: ReadResolved is given a path its caller
// resolved and checked; a link found there (one swapped in after the
// check, to a file outside what the caller allowed) is refused, not
// followed, where Read of the same link follows it after its checks.
func TestReadResolvedRefusesALink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "target.yaml")
	if err := os.WriteFile(target, []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "data.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if got, err := ReadResolved(target); err != nil || string(got) != "a: 1\n" {
		t.Fatalf("ReadResolved of the file: %q, %v", got, err)
	}
	if got, err := ReadResolved(link); err == nil {
		t.Errorf("ReadResolved followed a link: %q", got)
	}
}
