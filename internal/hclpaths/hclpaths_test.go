//go:build unix

package hclpaths

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/inputfile"

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
// argument or inside a loaded directory, is followed while it stays below
// a directory named; a link to an ancestor is a loop, skipped with a
// warning; a second way to a directory already listed is skipped with a
// warning; a link (to a file or a directory, through a chain) leading out
// of the directories named, into /proc or into a .git directory is an
// error, its target never listed; a path named whose link in the working
// directory's tree leads out of it is an error; the order is bytewise by
// the path given.
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
		"site/vendor/inside":   "-> ../inner",
		"site/inner/i.hcl":     "",
		"site/vendor/z.hcl":    "",
		"site/loop/x.hcl":      "",
		"site/loop/up":         "-> ..",
		"site/.hidden":         "-> ../real/types",
		"site/again":           "-> vendor/inside",
		"site/notes.txt":       "",
		"site/linked.hcl":      "-> ../m.hcl",
		"site/dangling":        "-> nowhere",
		"out/root":             "-> /",
		"out/mod":              "-> " + filepath.Join(elsewhere, "mod"),
		"out/secret.hcl":       "-> " + filepath.Join(elsewhere, "secret.hcl"),
		"out/env.hcl":          "-> /proc/self/environ",
		"out/chain.hcl":        "-> hop.hcl",
		"out/hop.hcl":          "-> " + filepath.Join(elsewhere, "secret.hcl"),
		"git/.git/config":      "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n",
		"git/token.hcl":        "-> .git/config",
		"gitdir/.git/x.hcl":    "# in .git",
		"gitdir/mods":          "-> .git",
		"common/s.hcl":         "",
		"site2/s.hcl":          "-> ../common/s.hcl",
	})
	outside := func(link, target, roots string) string {
		return "error: Symbolic link out of the tree: " + link + ": it leads to " + target + ", outside " + roots +
			": a symbolic link in the input may lead only below the directory it was given in (for a file named directly, the directory holding it); name the target itself to read it. It was not read."
	}
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
			files: []string{"site/again/i.hcl", "site/loop/x.hcl", "site/main.hcl", "site/vendor/z.hcl"},
			diags: []string{
				"warning: Directory loaded twice: The directory site/inner is the directory site/again again (through a symbolic link); its files were loaded once, from there.",
				outside("site/linked.hcl", filepath.Join(root, "m.hcl"), filepath.Join(root, "site")),
				"warning: Symbolic link loop: The directory site/loop/up is a symbolic link to a directory it is inside (a loop); it was skipped, as its files are loaded through that directory. Remove the link, or name the directory you mean.",
				"warning: Directory loaded twice: The directory site/vendor/inside is the directory site/again again (through a symbolic link); its files were loaded once, from there.",
				outside("site/vendor/mod", filepath.Join(root, "real", "types"), filepath.Join(root, "site")),
			},
		},
		{
			name:  "links out of the tree",
			paths: []string{"out"},
			diags: []string{
				outside("out/chain.hcl", filepath.Join(elsewhere, "secret.hcl"), filepath.Join(root, "out")),
				"error: Symbolic link out of the tree: out/env.hcl: it is " + envTarget(t) + ": catc never reads /proc (the environment, memory and devices of the machine are there). It was not read.",
				outside("out/hop.hcl", filepath.Join(elsewhere, "secret.hcl"), filepath.Join(root, "out")),
				outside("out/mod", filepath.Join(elsewhere, "mod"), filepath.Join(root, "out")),
				outside("out/root", "/", filepath.Join(root, "out")),
				outside("out/secret.hcl", filepath.Join(elsewhere, "secret.hcl"), filepath.Join(root, "out")),
			},
		},
		{
			name:  "a link into .git",
			paths: []string{"git"},
			diags: []string{"error: Symbolic link out of the tree: git/token.hcl: it leads to " + filepath.Join(root, "git", ".git", "config") +
				", inside a .git directory: catc reads nothing of a git directory through a symbolic link (a checkout's config may hold a token). It was not read."},
		},
		{
			name:  "a link to the .git directory itself",
			paths: []string{"gitdir"},
			diags: []string{"error: Symbolic link out of the tree: gitdir/mods: it leads to " + filepath.Join(root, "gitdir", ".git") +
				", inside a .git directory: catc reads nothing of a git directory through a symbolic link (a checkout's config may hold a token). It was not read."},
		},
		{
			name:  "a link into another directory named",
			paths: []string{"site2", "common"},
			files: []string{"site2/s.hcl", "common/s.hcl"},
		},
		{
			name:  "paths named through links out of the working directory",
			paths: []string{"out/mod", filepath.Join(elsewhere, "mod"), "out/secret.hcl"},
			files: []string{filepath.Join(elsewhere, "mod", "m.hcl")},
			diags: []string{
				"error: Cannot read input: Cannot read out/mod: it is a symbolic link to " + filepath.Join(elsewhere, "mod") + ", outside the working directory " + root +
					": a link in the working directory's tree may lead only inside it, so that a checkout's link cannot make catc read the rest of the machine; name the target itself to read it.",
				"error: Cannot read input: Cannot read out/secret.hcl: it is a symbolic link to " + filepath.Join(elsewhere, "secret.hcl") + ", outside the working directory " + root +
					": a link in the working directory's tree may lead only inside it, so that a checkout's link cannot make catc read the rest of the machine; name the target itself to read it.",
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

// envTarget is where /proc/self/environ leads (the process's own
// directory in /proc).
func envTarget(t *testing.T) string {
	real, err := filepath.EvalSymlinks("/proc/self/environ")
	if err != nil {
		t.Skip("no /proc here")
	}
	return real
}

// TestReadRefusesALinkSwappedInAfterTheWalk: a file the walk listed, in
// a directory it resolved below the root (also through a link it
// checked), is read where the walk found it: its directory, or the file,
// swapped for a link after the walk (to the same names outside the
// site) is refused, the content outside never read. On main the read
// followed a swapped directory out of the site.
func TestReadRefusesALinkSwappedInAfterTheWalk(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		file string // read, below the top directory
		swap string // replaced by a link
		to   string // to this, below the top directory
	}{
		{name: "directory", file: "site/sub/x.hcl", swap: "site/sub", to: "outside/sub"},
		{name: "directory through a link", file: "site/a-vendor/x.hcl", swap: "site/zz/mod", to: "outside/mod"},
		{name: "file", file: "site/sub/x.hcl", swap: "site/sub/x.hcl", to: "outside/x.hcl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			top := testutil.TempFiles(t, map[string]string{
				"site/sub/x.hcl":    "a = 1\n",
				"site/a-vendor":     "-> zz/mod",
				"site/zz/mod/x.hcl": "a = 2\n",
				"outside/sub/x.hcl": "secret\n",
				"outside/mod/x.hcl": "secret\n",
				"outside/x.hcl":     "secret\n",
			})
			files, _ := ExpandFiles([]string{filepath.Join(top, "site")}, nil)
			i := slices.IndexFunc(files, func(f File) bool { return f.Path == filepath.Join(top, tc.file) })
			if i < 0 {
				t.Fatalf("%s not listed: %v", tc.file, files)
			}
			if got, err := files[i].Read(); err != nil || strings.Contains(string(got), "secret") {
				t.Fatalf("Read before the swap = %q, %v", got, err)
			}
			swap := filepath.Join(top, tc.swap)
			if err := os.RemoveAll(swap); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(top, tc.to), swap); err != nil {
				t.Fatal(err)
			}
			got, err := files[i].Read()
			if strings.Contains(string(got), "secret") || !inputfile.IsLinkRefusal(err) {
				t.Errorf("Read after the swap = %q, %v; want a link refusal", got, err)
			}
		})
	}
}

// TestSiteInDevShm: a site the user names in /dev/shm (a tmpfs, where CI
// jobs often keep their checkouts) is walked and read whole, its
// subdirectories too: only a link from elsewhere into /dev is refused.
func TestSiteInDevShm(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/shm"); err != nil {
		t.Skip("no /dev/shm here")
	}
	root, err := os.MkdirTemp("/dev/shm", "catc-site-")
	if err != nil {
		t.Skip("cannot write /dev/shm: " + err.Error())
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	for _, rel := range []string{"a.hcl", "sub/b.hcl"} {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("# "+rel+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, diags := ExpandFiles([]string{root}, nil)
	if diags.HasErrors() || len(files) != 2 {
		t.Fatalf("%d files, %v; want a.hcl and sub/b.hcl, no error", len(files), diags)
	}
	for _, f := range files {
		if _, err := f.Read(); err != nil {
			t.Errorf("%s: %v", f.Path, err)
		}
	}
}
