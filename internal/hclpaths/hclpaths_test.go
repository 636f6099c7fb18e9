//go:build unix

package hclpaths

import (
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
)

func diagLines(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		out = append(out, sev+": "+d.Summary+": "+d.Detail)
	}
	return out
}

// TestExpandPathsSymlinkedDirs: a symbolic link to a directory, as an
// argument or inside a loaded directory, is followed; a link to an
// ancestor is a loop, skipped with a warning; a second way to a directory
// already listed is skipped with a warning; the order is bytewise by the
// path given.
func TestExpandPathsSymlinkedDirs(t *testing.T) {
	root := t.TempDir()
	elsewhere := t.TempDir()
	testutil.WriteFiles(t, elsewhere, map[string]string{"secret.hcl": "", "mod/m.hcl": ""})
	t.Chdir(root)
	testutil.WriteFiles(t, root, map[string]string{
		"real/types/a.hcl":     "",
		"real/types/sub/b.hcl": "",
		"types":                "-> real/types",
		"m.hcl":                "",
		"site/main.hcl":        "",
		"site/vendor/mod":      "-> ../../real/types",
		"site/vendor/z.hcl":    "",
		"site/loop/x.hcl":      "",
		"site/loop/up":         "-> ..",
		"site/.hidden":         "-> ../real/types",
		"site/again":           "-> vendor/mod",
		"site/notes.txt":       "",
		"site/linked.hcl":      "-> ../m.hcl",
		"site/dangling":        "-> nowhere",
		"out/root":             "-> /",
		"out/mod":              "-> " + filepath.Join(elsewhere, "mod"),
		"out/secret.hcl":       "-> " + filepath.Join(elsewhere, "secret.hcl"),
	})
	for _, tc := range []struct {
		name  string
		paths []string
		files []string
		diags []string
	}{
		{
			name:  "a link to a directory as argument",
			paths: []string{"types", "m.hcl"},
			files: []string{"types/a.hcl", "types/sub/b.hcl", "m.hcl"},
		},
		{
			name:  "links inside a directory",
			paths: []string{"site"},
			files: []string{
				"site/again/a.hcl", "site/again/sub/b.hcl", "site/linked.hcl",
				"site/loop/x.hcl", "site/main.hcl", "site/vendor/z.hcl",
			},
			diags: []string{
				"warning: Symbolic link loop: The directory site/loop/up is a symbolic link to a directory it is inside (a loop); it was skipped, as its files are loaded through that directory. Remove the link, or name the directory you mean.",
				"warning: Directory loaded twice: The directory site/vendor/mod is the directory site/again again (through a symbolic link); its files were loaded once, from there.",
			},
		},
		{
			name:  "links out of the tree",
			paths: []string{"out"},
			diags: []string{
				"warning: Symbolic link out of the tree: out/mod is a symbolic link to the directory " + filepath.Join(elsewhere, "mod") + ", outside the working directory and the directories given; it was not read. Name it on the command line to load it.",
				"warning: Symbolic link out of the tree: out/root is a symbolic link to the directory /, outside the working directory and the directories given; it was not read. Name it on the command line to load it.",
			},
			// A link to a file is read wherever it points (a shared types file).
			files: []string{"out/secret.hcl"},
		},
		{
			name:  "a link out of the tree whose target is named too",
			paths: []string{"out/mod", filepath.Join(elsewhere, "mod"), "out/secret.hcl"},
			files: []string{"out/mod/m.hcl", "out/secret.hcl"},
			diags: []string{
				"warning: Directory loaded twice: The directory " + filepath.Join(elsewhere, "mod") + " is the directory out/mod again (through a symbolic link); its files were loaded once, from there.",
			},
		},
		{
			name:  "a directory named twice, once inside the other",
			paths: []string{"real", "real/types"},
			files: []string{"real/types/a.hcl", "real/types/sub/b.hcl"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files, diags := Expand(tc.paths, nil)
			var want []string
			for _, f := range tc.files {
				want = append(want, filepath.FromSlash(f))
			}
			if diff := cmp.Diff(want, files); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.diags, diagLines(diags)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}
