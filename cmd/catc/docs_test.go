package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/atomicfile"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/google/go-cmp/cmp"
)

func runDocCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runCatc(t, append([]string{"doc"}, args...)...)
}

// TestDocGolden runs `catc doc` from the render package's directory, so
// that its output is byte for byte the Markdown goldens of render's own
// tests (which name the fixtures as ../../fixtures/…).
func TestDocGolden(t *testing.T) {
	t.Chdir(filepath.Join(testutil.Root(), "internal", "render"))
	tests := []struct {
		args   []string
		golden string
	}{
		{args: []string{"../../fixtures/seed"}, golden: "doc_seed.md"},
		{args: []string{"../../fixtures/graph/web", "--diagnostics", "json"}, golden: "doc_web.md"},
		// a site with classes and nodes: documented as written, no --facts
		{args: []string{"../../docs/walkthrough/shop"}, golden: "doc_shop.md"},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			code, out, errOut := runDocCmd(t, tt.args...)
			if code != 0 {
				t.Fatalf("catc doc = %d, stderr %q", code, errOut)
			}
			want, err := os.ReadFile(filepath.Join("testdata", tt.golden))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), out); diff != "" {
				t.Errorf("catc doc %v (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

func TestDocOutputDir(t *testing.T) {
	t.Chdir(filepath.Join(testutil.Root(), "internal", "render"))
	dir := filepath.Join(t.TempDir(), "docs", "types")
	// -o after the path; the directory does not exist yet.
	code, out, errOut := runDocCmd(t, "../../fixtures/seed", "-o", dir)
	if code != 0 || out != "" {
		t.Fatalf("catc doc -o = %d, stdout %q, stderr %q", code, out, errOut)
	}
	names := dirNames(t, dir)
	if diff := cmp.Diff([]string{"README.md", "apt_key.md", "package.md", "software.md"}, names); diff != "" {
		t.Errorf("files in %s (-want +got):\n%s", dir, diff)
	}
	for file, golden := range map[string]string{"README.md": "doc_seed_index.md", "apt_key.md": "doc_seed_apt_key.md"} {
		want, _ := os.ReadFile(filepath.Join("testdata", golden))
		got, ok := strings.CutPrefix(readFile(t, filepath.Join(dir, file)), atomicfile.DocMarker)
		if !ok {
			t.Errorf("%s does not start with the marker %q", file, atomicfile.DocMarker)
		}
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", file, diff)
		}
	}
	if got := readFile(t, filepath.Join(dir, "software.md")); !strings.HasPrefix(got, atomicfile.DocMarker+"# software\n") {
		t.Errorf("software.md starts %q", got[:min(len(got), 40)])
	}
}

// TestDocOutputDirClasses: -o writes a page per class and define beside
// the types' pages, and the index links them.
func TestDocOutputDirClasses(t *testing.T) {
	t.Chdir(filepath.Join(testutil.Root(), "internal", "render"))
	dir := filepath.Join(t.TempDir(), "ref")
	if code, out, errOut := runDocCmd(t, "../../docs/walkthrough/shop", "-o", dir); code != 0 || out != "" {
		t.Fatalf("catc doc -o = %d, stdout %q, stderr %q", code, out, errOut)
	}
	names := dirNames(t, dir)
	want := []string{"README.md", "class-profile--web.md", "define-shop--vhost.md", "file.md", "package.md", "service.md"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("files in %s (-want +got):\n%s", dir, diff)
	}
	goldens := map[string]string{"README.md": "doc_shop_index.md",
		"class-profile--web.md": "doc_shop_class-profile--web.md", "define-shop--vhost.md": "doc_shop_define-shop--vhost.md"}
	for file, golden := range goldens {
		want, _ := os.ReadFile(filepath.Join("testdata", golden))
		got, _ := strings.CutPrefix(readFile(t, filepath.Join(dir, file)), atomicfile.DocMarker)
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", file, diff)
		}
	}
}

func TestDocErrors(t *testing.T) {
	t.Parallel()
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		inStderr string
	}{
		{name: "no path", args: nil, inStderr: "doc needs at least one PATH"},
		{name: "load errors", args: []string{testutil.Fixture("invalid/type_no_namevar.hcl")}, inStderr: "Error: "},
		{name: "class site errors", args: []string{writeSite(t, "class \"a\" {\n  variable \"p\" { type = \"Strin\" }\n}\n")}, inStderr: "Error: "},
		{name: "output is a file", args: []string{testutil.Fixture("seed"), "-o", notDir}, inStderr: "cannot create " + notDir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runDocCmd(t, tt.args...)
			if code != 1 {
				t.Errorf("exit code = %d, want 1", code)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			if !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.inStderr)
			}
		})
	}
}

// TestDocLoadErrorWritesNothing checks that a catalog with errors leaves
// the output directory uncreated.
func TestDocLoadErrorWritesNothing(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	code, _, _ := runDocCmd(t, testutil.Fixture("invalid/type_no_namevar.hcl"), "-o", dir)
	if code != 1 {
		t.Errorf("exit code = %d, want 1", code)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s was created for an invalid catalog (%v)", dir, err)
	}
}

// writeSite writes src as main.hcl in a new directory and returns its path.
func writeSite(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "main.hcl")
	writeFile(t, path, src)
	return path
}

// dirNames are the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// TestDocOutputDirStaysInside: a class whose label would make a page
// name that is not a file of -o DIR ("../" in it) fails the run at the
// compile, with Puppet's verdict on the name at its label (the stage's
// own refusal of such a page name is atomicfile's test), and no page is
// written, neither beside DIR nor in it.
func TestDocOutputDirStaysInside(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	site := filepath.Join(root, "site", "main.hcl")
	writeFile(t, site, "class \"../../../pwned\" {\n}\n")
	dir := filepath.Join(root, "out")
	code, _, errOut := runDocCmd(t, site, "-o", dir)
	if code != 1 || !strings.Contains(errOut, "Invalid name") || !strings.Contains(errOut, "main.hcl line 1") ||
		!strings.Contains(errOut, "Syntax error at '.'") {
		t.Errorf("catc doc -o = %d, stderr %q; want 1 and the class name refused at its label", code, errOut)
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path != site {
			t.Errorf("written: %s", path)
		}
		return nil
	})
}
