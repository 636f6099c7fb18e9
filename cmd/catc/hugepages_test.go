package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLargeInput: a run asks for huge pages when the paths it names hold
// 256 KiB or more, counting flag values, skipping hidden directories,
// never following a link inside a directory.
func TestLargeInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat("#", n)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	small := write("small/a.hcl", 1000)
	big := write("big.json", largeInputBytes)
	write("site/a.hcl", largeInputBytes/2)
	write("site/modules/m/b.hcl", largeInputBytes/2)
	write("hidden/.git/pack", 4*largeInputBytes)
	write("hidden/a.hcl", 10)
	if err := os.MkdirAll(filepath.Join(dir, "linked"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(big, filepath.Join(dir, "linked", "big.json")); err != nil {
		t.Fatal(err)
	}
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		name string
		args []string
		want bool
	}{
		{"a small file", []string{"catc", "plan", small}, false},
		{"a large file", []string{"catc", "plan", big}, true},
		{"two small ones that add up", []string{"catc", "plan", small, at("site/a.hcl"), at("site/modules/m/b.hcl")}, true},
		{"a directory's tree", []string{"catc", "plan", at("site")}, true},
		{"a hidden directory is not counted", []string{"catc", "plan", at("hidden")}, false},
		{"a link inside a directory is not followed", []string{"catc", "plan", at("linked")}, false},
		{"a flag's value after =", []string{"catc", "plan", "--facts=" + big, small}, true},
		{"a flag's value after the flag", []string{"catc", "plan", "--nodes", at("site"), small}, true},
		{"missing paths", []string{"catc", "plan", at("nothing"), "main..HEAD"}, false},
		{"no arguments", []string{"catc"}, false},
	} {
		if got := largeInput(c.args); got != c.want {
			t.Errorf("%s: largeInput(%q) = %v; want %v", c.name, c.args[1:], got, c.want)
		}
	}
}

// TestLargeInputManyFiles: a tree of more files than the walk looks at
// is large, however small they are, and the walk stops there.
func TestLargeInputManyFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 10,000 files")
	}
	t.Parallel()
	dir := t.TempDir()
	for i := 0; i < largeInputEntries; i++ {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !largeInput([]string{"catc", "plan", dir}) {
		t.Errorf("%d empty files: not large", largeInputEntries)
	}
}
