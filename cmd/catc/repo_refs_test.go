package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// teamOnlyRE matches references to the team's design notes and reference
// material, which live outside the repository: no user has them.
var teamOnlyRE = regexp.MustCompile(`\.\./shared\b|/work/shared\b|\bDESIGN\.md\b|\bDESIGN §`)

// devNote reports whether a mention of teamOnlyRE in file is a
// development note: the oracle's tooling and notes under fixtures/oracle/
// (they drive Puppet, which only a maintainer runs) and this check's own
// test file. Everything else — README.md, docs/, the other fixtures, Go
// code and its comments, tests included — is read by users or by the
// next engineer, who has only the repository.
func devNote(file string) bool {
	return strings.HasPrefix(file, "fixtures/oracle/") || file == "cmd/catc/repo_refs_test.go"
}

// trackedFiles lists the repository's files, from git when the tree is a
// checkout, else by walking it (a module download has no .git).
func trackedFiles(t *testing.T, root string) []string {
	t.Helper()
	if out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output(); err == nil && len(out) > 0 {
		var files []string
		for _, f := range bytes.Split(bytes.TrimRight(out, "\x00"), []byte{0}) {
			files = append(files, string(f))
		}
		return files
	}
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestNoTeamOnlyReferences: no file, Go comments included, points at
// DESIGN.md or ../shared; what a reader needs is in README.md and docs/.
func TestNoTeamOnlyReferences(t *testing.T) {
	testutil.LongOnly(t)
	t.Parallel()
	root := testutil.Root()
	files := trackedFiles(t, root)
	if len(files) < 50 {
		t.Fatalf("only %d files found under %s", len(files), root)
	}
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet committed
			}
			t.Fatal(err)
		}
		if bytes.IndexByte(src, 0) >= 0 {
			continue // binary (pictures)
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, m := range teamOnlyRE.FindAllStringIndex(line, -1) {
				if !devNote(f) {
					t.Errorf("%s:%d: %q refers to material users do not have; say it here or in docs/", f, i+1, line[m[0]:m[1]])
				}
			}
		}
	}
}

func TestDevNote(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file string
		want bool
	}{
		{"README.md", false},
		{"docs/language.md", false},
		{"fixtures/invalid/README.md", false},
		{"catalog/json.go", false},    // a Go comment too
		{"graph/seed_test.go", false}, // and a test
		{"cmd/catc/run.go", false},
		{"fixtures/oracle/regen.sh", true},
		{"cmd/catc/repo_refs_test.go", true},
	}
	for _, tc := range tests {
		if got := devNote(tc.file); got != tc.want {
			t.Errorf("devNote(%s) = %v, want %v", tc.file, got, tc.want)
		}
	}
}
