package testutil

import (
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

// Update is the -update flag: golden files are rewritten instead of
// compared. It is defined here once, so every test binary that imports
// this package accepts it and `go test ./... -update` runs across the
// module.
var Update = flag.Bool("update", false, "rewrite golden files under testdata/ (and fixtures' expected outputs)")

// root is found when the test binary starts, in its package's directory,
// before any test changes the working directory.
var root = findRoot()

// Root is the repository root (the directory holding go.mod) as a path
// relative to the package directory a test binary starts in: "../.." from
// a package two levels down. It is relative on purpose: paths built from
// it appear in diagnostics that golden files record. A test that changes
// its working directory builds its paths before the change.
func Root() string { return root }

// findRoot walks up from the working directory to go.mod.
func findRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	rel := "."
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return rel
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			panic("testutil: no go.mod above the working directory")
		}
		dir = parent
		rel = filepath.Join(rel, "..")
	}
}

// Fixture is the path of elem under the repository's fixtures/ directory.
func Fixture(elem ...string) string {
	return filepath.Join(append([]string{Root(), "fixtures"}, elem...)...)
}

// Golden compares got with the golden file at path, or rewrites the file
// under -update.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

// WriteFiles writes files (name with "/" → content) below dir, creating
// directories as needed. A content "-> TARGET" makes a symbolic link to
// TARGET instead.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		if target, ok := strings.CutPrefix(content, "-> "); ok {
			err = os.Symlink(filepath.FromSlash(target), p)
		} else {
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TempFiles writes files into a new temporary directory and returns it.
func TempFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	WriteFiles(t, dir, files)
	return dir
}

// Payload writes an executable script that creates the file marker and
// exits 1, and returns its path: what an attack would make catc (or a
// program it runs) execute; a test asserts that marker never appears.
func Payload(t testing.TB, marker string) string {
	t.Helper()
	script := filepath.Join(t.TempDir(), "payload.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\ntouch '"+marker+"'\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// MustTxtar reads the txtar archive at path, the form of a test case made
// of several files: its files, name → content. It is for package-level
// variables, where no test is running yet, and panics on an unreadable
// archive or one naming a file twice.
func MustTxtar(path string) map[string]string {
	_, files, err := parseTxtar(path)
	if err != nil {
		panic(err)
	}
	return files
}

func parseTxtar(path string) (string, map[string]string, error) {
	a, err := txtar.ParseFile(path)
	if err != nil {
		return "", nil, err
	}
	files := make(map[string]string, len(a.Files))
	for _, f := range a.Files {
		if _, dup := files[f.Name]; dup {
			return "", nil, fmt.Errorf("%s: file %s twice", path, f.Name)
		}
		files[f.Name] = string(f.Data)
	}
	return string(a.Comment), files, nil
}

// Allocated is the bytes fn allocates (the whole process's, so a test
// that measures with it must not run in parallel with others).
func Allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// AsFastAs tells whether run takes at most factor times as long as
// baseline, a linear pass over the same data: the least of three runs
// of each, taken in turn (a loaded machine slows single runs, seldom
// all three, and both alike). A test of "linear time" asks this rather
// than a bound in seconds, which a shared machine's load breaks. It
// returns the two times for the message.
func AsFastAs(factor int, baseline, run func()) (base, took time.Duration, ok bool) {
	base, took = time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for range 3 {
		start := time.Now()
		baseline()
		base = min(base, time.Since(start))
		start = time.Now()
		run()
		took = min(took, time.Since(start))
	}
	return base, took, took <= time.Duration(factor)*base
}

// LongOnly skips t under -short: a test that drives a browser or an
// editor, checks a big bound, a corpus or a CI example, and takes
// seconds. `go test -short ./...` is the quick local loop; CI runs every
// test without -short.
func LongOnly(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("long test: runs without -short, as CI does")
	}
}

// Tool returns the path of the program name, which the test needs (git,
// dot, nvim, zsh...). Without it the test is skipped, except under CI
// ($CI set), where .ci/run installs every program a test needs and a
// missing one fails the test: a test of a real component never skips in
// CI. install says how a user gets it (its Debian package).
func Tool(t testing.TB, name, install string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed, and CI must run this test: .ci/run installs it (apt-get install %s)", name, install)
	}
	t.Skipf("%s is not installed (apt-get install %s); CI runs this test", name, install)
	return ""
}
