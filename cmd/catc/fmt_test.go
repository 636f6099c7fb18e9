package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/testutil"
)

func runFmtCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runCatc(t, append([]string{"fmt"}, args...)...)
}

const (
	messy     = "resource \"software\" \"php\" {\nensure=\"present\"\n    manager = \"gem\" # why\n}\n"
	formatted = "resource \"software\" \"php\" {\n  ensure  = \"present\"\n  manager = \"gem\" # why\n}\n"
	// syntaxBad has a syntax error at line 2, column 10.
	syntaxBad = "resource \"software\" \"php\" {\n  ensure = \n}\n"
)

// writeTree creates files (relative name → content) with their modes
// under a new temporary directory and returns it.
func writeTree(t *testing.T, files map[string]string, modes map[string]os.FileMode) string {
	t.Helper()
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := modes[name]
		if mode == 0 {
			mode = 0o644
		}
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil { // despite the umask
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestFmtRewritesInPlace(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{
		"a.hcl":       messy,
		"b.hcl":       formatted,
		"sub/c.hcl":   messy,
		"sub/notes.x": messy,
	}, map[string]os.FileMode{"a.hcl": 0o600, "sub/c.hcl": 0o640})
	before, _ := os.Stat(filepath.Join(dir, "b.hcl"))

	code, out, errOut := runFmtCmd(t, dir)
	if code != 0 {
		t.Fatalf("catc fmt = %d, stderr %q", code, errOut)
	}
	a, c := filepath.Join(dir, "a.hcl"), filepath.Join(dir, "sub", "c.hcl")
	if want := a + "\n" + c + "\n"; out != want {
		t.Errorf("stdout = %q, want the rewritten files %q", out, want)
	}
	for path, mode := range map[string]os.FileMode{a: 0o600, c: 0o640} {
		if got := readFile(t, path); got != formatted {
			t.Errorf("%s =\n%s\nwant\n%s", path, got, formatted)
		}
		if st, _ := os.Stat(path); st.Mode().Perm() != mode {
			t.Errorf("%s mode = %v, want %v", path, st.Mode().Perm(), mode)
		}
	}
	if got := readFile(t, filepath.Join(dir, "sub", "notes.x")); got != messy {
		t.Errorf("a file that is not *.hcl was rewritten: %q", got)
	}
	if after, _ := os.Stat(filepath.Join(dir, "b.hcl")); !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("a formatted file was written again")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestFmtFollowsSymlinks(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{"real.hcl": messy}, nil)
	link := filepath.Join(dir, "link.hcl")
	if err := os.Symlink("real.hcl", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code, _, errOut := runFmtCmd(t, link); code != 0 {
		t.Fatalf("catc fmt = %d, stderr %q", code, errOut)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file")
	}
	if got := readFile(t, filepath.Join(dir, "real.hcl")); got != formatted {
		t.Errorf("the link's target was not formatted: %q", got)
	}
}

func TestFmtCheckAndDiff(t *testing.T) {
	t.Parallel()
	wantDiff := func(name string) string {
		p := filepath.ToSlash(name)
		return "--- a/" + p + "\n+++ b/" + p + "\n@@ -1,4 +1,4 @@\n resource \"software\" \"php\" {\n" +
			"-ensure=\"present\"\n-    manager = \"gem\" # why\n+  ensure  = \"present\"\n+  manager = \"gem\" # why\n }\n"
	}
	tests := []struct {
		name   string
		files  map[string]string
		flags  []string
		code   int
		stdout func(dir string) string
	}{
		{
			name:   "check lists unformatted files and fails",
			files:  map[string]string{"a.hcl": messy, "b.hcl": formatted},
			flags:  []string{"--check"},
			code:   1,
			stdout: func(dir string) string { return filepath.Join(dir, "a.hcl") + "\n" },
		},
		{
			name:   "check passes when everything is formatted",
			files:  map[string]string{"b.hcl": formatted},
			flags:  []string{"--check"},
			code:   0,
			stdout: func(string) string { return "" },
		},
		{
			name:   "diff prints a unified diff and succeeds",
			files:  map[string]string{"a.hcl": messy, "b.hcl": formatted},
			flags:  []string{"--diff"},
			code:   0,
			stdout: func(dir string) string { return wantDiff(filepath.Join(dir, "a.hcl")) },
		},
		{
			name:  "check with diff lists, prints the diff and fails",
			files: map[string]string{"a.hcl": messy},
			flags: []string{"--check", "--diff"},
			code:  1,
			stdout: func(dir string) string {
				a := filepath.Join(dir, "a.hcl")
				return a + "\n" + wantDiff(a)
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, tt.files, nil)
			// Flags after the path, as users write them.
			code, out, errOut := runFmtCmd(t, append([]string{dir}, tt.flags...)...)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if want := tt.stdout(dir); out != want {
				t.Errorf("stdout =\n%s\nwant\n%s", out, want)
			}
			for name, content := range tt.files {
				if got := readFile(t, filepath.Join(dir, name)); got != content {
					t.Errorf("%s was written: %q", name, got)
				}
			}
		})
	}
}

func TestFmtSyntaxErrorLeavesFileAlone(t *testing.T) {
	t.Parallel()
	tests := []struct {
		format   string
		inStderr string
	}{
		{format: "text", inStderr: "bad.hcl line 2:"},
		{format: "github", inStderr: "bad.hcl,line=2,col=12,"},
		{format: "json", inStderr: "\"line\": 2,\n        \"column\": 12"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"a.hcl": messy, "bad.hcl": syntaxBad, "c.hcl": messy}, nil)
			code, out, errOut := runFmtCmd(t, "--diagnostics", tt.format, dir)
			if code != 1 {
				t.Errorf("exit code = %d, want 1", code)
			}
			if !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.inStderr)
			}
			if got := readFile(t, filepath.Join(dir, "bad.hcl")); got != syntaxBad {
				t.Errorf("the file with a syntax error was written: %q", got)
			}
			for _, name := range []string{"a.hcl", "c.hcl"} {
				if got := readFile(t, filepath.Join(dir, name)); got != formatted {
					t.Errorf("%s, next to a bad file, was not formatted: %q", name, got)
				}
			}
			if strings.Contains(out, "bad.hcl") {
				t.Errorf("stdout lists the bad file as rewritten: %q", out)
			}
		})
	}
}

func TestFmtErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		inStderr string
	}{
		{name: "no path", args: nil, inStderr: "fmt needs at least one PATH"},
		{name: "missing path", args: []string{"does/not/exist.hcl"}, inStderr: "Cannot read input"},
		{name: "bad diagnostics format", args: []string{"--diagnostics", "xml", "."}, inStderr: `--diagnostics "xml" is not a format`},
		{name: "unknown flag", args: []string{"--write", "."}, inStderr: "flag provided but not defined: -write"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runFmtCmd(t, tt.args...)
			if code != 1 {
				t.Errorf("exit code = %d, want 1", code)
			}
			if !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.inStderr)
			}
		})
	}
}

// TestFmtFixtures checks that the shared fixtures are formatted, except
// fixtures/invalid (its column markers must not move, and some files do
// not parse on purpose), fixtures/oracle (generated) and fixtures/seed
// (the Resource API's examples, byte for byte, comment alignment
// included).
func TestFmtFixtures(t *testing.T) {
	t.Parallel()
	entries, err := os.ReadDir(testutil.Fixture())
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "invalid" && e.Name() != "oracle" && e.Name() != "seed" {
			dirs = append(dirs, filepath.Join(testutil.Fixture(), e.Name()))
		}
	}
	code, out, errOut := runFmtCmd(t, append([]string{"--check"}, dirs...)...)
	if code != 0 {
		t.Errorf("catc fmt --check fixtures = %d; not formatted:\n%s%s", code, out, errOut)
	}
}

// TestFmtDiffMasksSecrets: `catc fmt --diff` prints no secret's text on
// either side of a changed line: not a sensitive attribute's value, not
// a sensitive variable's default in one file, nor the value it feeds in
// another, nor a secret inside a class body. The diff still shows that
// the line changed, and the files stay as they were.
func TestFmtDiffMasksSecrets(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"types.hcl": secretTypes,
		"vars.hcl":  "variable \"pw\" {\n  sensitive = true\n  default =   \"hunter2-var\"\n}\n",
		"site.hcl": "resource \"account\" \"a\" {\n  password   =   \"hunter2-attr\"\n}\n" +
			"resource \"account\" \"b\" {\n  password = var.pw\n  shell =   var.pw\n}\n" +
			"class \"app\" {\n  resource \"account\" \"c\" {\n    password =    \"hunter2-class\"\n  }\n}\n",
	}
	dir := writeTree(t, files, nil)
	for _, flags := range [][]string{{"--diff"}, {"--check", "--diff"}} {
		code, out, errOut := runFmtCmd(t, append([]string{dir}, flags...)...)
		if want := map[bool]int{false: 0, true: 1}[len(flags) == 2]; code != want {
			t.Errorf("%v: exit %d, want %d:\n%s", flags, code, want, errOut)
		}
		noSecret(t, "fmt "+strings.Join(flags, " "), out+errOut)
		for _, changed := range []string{"-  password   =   *", "+  password = *", "-  default =   *", "+  default   = *", "-    password =    *", "+    password = *"} {
			if !strings.Contains(out, changed) {
				t.Errorf("%v: the diff lacks the changed line %q:\n%s", flags, changed, out)
			}
		}
	}
	for name, content := range files {
		if got := readFile(t, filepath.Join(dir, name)); got != content {
			t.Errorf("%s was rewritten", name)
		}
	}
}
