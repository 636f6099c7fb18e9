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
)

// teamOnlyRE matches references to the team's design notes and reference
// material, which live outside the repository: no user has them.
var teamOnlyRE = regexp.MustCompile(`\.\./shared\b|/work/shared\b|\bDESIGN\.md\b|\bDESIGN §`)

// devNote reports whether a mention of teamOnlyRE at line of file is a
// development note: a test file, a Go comment, or the oracle's tooling and
// notes under fixtures/oracle/ (they drive Puppet, which only a
// maintainer runs). Everything else — README.md, docs/, the other
// fixtures, strings in Go code — is for users.
func devNote(file, line string, at int) bool {
	if strings.HasPrefix(file, "fixtures/oracle/") || strings.HasSuffix(file, "_test.go") {
		return true
	}
	if strings.HasSuffix(file, ".go") {
		c := strings.Index(line, "//")
		return c >= 0 && c < at
	}
	return false
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

// TestNoTeamOnlyReferences: no file a user reads points at DESIGN.md or
// ../shared; what a user needs is in README.md and docs/.
func TestNoTeamOnlyReferences(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
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
				if !devNote(f, line, m[0]) {
					t.Errorf("%s:%d: %q refers to material users do not have; say it here or in docs/", f, i+1, line[m[0]:m[1]])
				}
			}
		}
	}
}

func TestDevNote(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, line string
		want       bool
	}{
		{"README.md", "as DESIGN.md §1.1 says", false},
		{"docs/language.md", "see ../shared/reference", false},
		{"fixtures/invalid/README.md", "DESIGN §1.3", false},
		{"catalog/json.go", "// the catalog JSON of DESIGN.md §4", true},
		{"graph/seed_test.go", `want := "DESIGN.md"`, true},
		{"cmd/catc/run.go", `msg := "see DESIGN.md" // a user sees this`, false},
		{"fixtures/oracle/regen.sh", "# the oracle of ../../../shared/oracle", true},
	}
	for _, tc := range tests {
		at := teamOnlyRE.FindStringIndex(tc.line)
		if at == nil {
			t.Fatalf("%q: no match", tc.line)
		}
		if got := devNote(tc.file, tc.line, at[0]); got != tc.want {
			t.Errorf("devNote(%s, %q) = %v, want %v", tc.file, tc.line, got, tc.want)
		}
	}
}
