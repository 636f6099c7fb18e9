package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeFile creates path (and its directories) holding content.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestInputsMustBeRegularFiles: every input a command reads (HCL, facts,
// var file, digest key file, catalog JSON for diff, fleet JSON for
// --merge, fmt's files, import's sources) is refused when it is /dev/zero
// behind a link, or a named pipe, with an error naming it and saying why,
// and at once (no hang, no memory exhausted).
func TestInputsMustBeRegularFiles(t *testing.T) {
	dir := t.TempDir()
	zero := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink("/dev/zero", p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "x.hcl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	writeFile(t, filepath.Join(site, "types.hcl"), readFile(t, filepath.Join(seed, "types.hcl")))
	if err := os.Symlink("/dev/zero", filepath.Join(site, "evil.hcl")); err != nil {
		t.Fatal(err)
	}
	device := "not a regular file but a character device"
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"HCL file", []string{"validate", zero("a.hcl")}, device},
		{"a link committed in a directory", []string{"validate", site}, filepath.Join(site, "evil.hcl") + ": " + device},
		{"named pipe", []string{"validate", seed, fifo}, fifo + ": not a regular file but a named pipe"},
		{"facts", []string{"validate", seed, "--facts", zero("facts.json")}, device},
		{"var file", []string{"validate", seed, "--var-file", zero("vars.hcl")}, device},
		{"digest key file", []string{"compile", seed, "--digest-key-file", zero("key")}, device},
		{"diff input", []string{"diff", zero("old.json"), seed}, device},
		{"merge input", []string{"diff", "--merge", zero("shard.json")}, device},
		{"fmt", []string{"fmt", "--check", zero("f.hcl")}, device},
		{"import", []string{"import", zero("t.rb")}, device},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type result struct {
				code   int
				stderr string
			}
			done := make(chan result, 1)
			go func() {
				code, _, stderr := runCatc(t, tc.args...)
				done <- result{code, stderr}
			}()
			select {
			case r := <-done:
				if r.code != 1 || !strings.Contains(r.stderr, tc.want) {
					t.Errorf("exit %d, stderr:\n%s\nwant 1 and %q", r.code, r.stderr, tc.want)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("catc hung")
			}
		})
	}
}

// TestValidateSymlinkedTypesDir: `catc validate types m.hcl` with types a
// link to a directory reads it (it said "No input").
func TestValidateSymlinkedTypesDir(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "vendor", "seed", "types.hcl"), readFile(t, filepath.Join(seed, "types.hcl")))
	writeFile(t, filepath.Join(dir, "m.hcl"), readFile(t, filepath.Join(seed, "resources.hcl")))
	if err := os.Symlink(filepath.Join("vendor", "seed"), filepath.Join(dir, "types")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if code, _, stderr := runCatc(t, "validate", "types", "m.hcl"); code != 0 {
		t.Errorf("validate types m.hcl: exit %d:\n%s", code, stderr)
	}
	if code, stdout, stderr := runCatc(t, "plan", "types"); code != 0 || !strings.Contains(stdout, "Apply order: 0 resources") {
		t.Errorf("plan types: exit %d, stdout %q:\n%s", code, stdout, stderr)
	}
}
