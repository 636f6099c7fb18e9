//go:build unix

package lsp

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestProjectSettingsSpecialFile: a .catc.json that is a link to
// /dev/zero or a named pipe is refused with an error naming it, at once.
func TestProjectSettingsSpecialFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, why string
		make      func(p string) error
	}{
		{"link to /dev/zero", "it is a symbolic link to /dev/zero: catc never reads /dev through a link", func(p string) error { return os.Symlink("/dev/zero", p) }},
		{"named pipe", "not a regular file but a named pipe", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, ProjectFile)
			if err := tc.make(p); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				_, err := projectSettings([]string{dir})
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.HasPrefix(err.Error(), p+": "+tc.why) {
					t.Errorf("projectSettings error = %v, want %q", err, p+": "+tc.why)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("projectSettings hung")
			}
		})
	}
}

// TestScanFollowsSymlinkedDirs: the workspace sees the files of a
// symbolically linked directory (a vendored module), as validate does,
// and skips a link to /dev/zero without reading it.
func TestScanFollowsSymlinkedDirs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	testutil.WriteFiles(t, root, map[string]string{"types.hcl": typesHCL, ".vendor/mod/site.hcl": siteHCL})
	if err := os.Symlink(filepath.Join(".vendor", "mod"), filepath.Join(root, "vendored")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "evil.hcl")); err != nil {
		t.Fatal(err)
	}
	ws := newWorkspace()
	ws.folders = []string{root}
	ws.scan()
	var got []string
	for p := range ws.disk {
		got = append(got, p)
	}
	sort.Strings(got)
	want := []string{filepath.Join(root, "types.hcl"), filepath.Join(root, "vendored", "site.hcl")}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("scanned %q, want %q", got, want)
	}
}

// TestProjectSettingsStayInFolder: a project file is the checkout's, so
// the files it names must lie in its folder, also through links: a facts
// path out of the folder, and a var file inside that is a link to a file
// outside, are refused naming the project file; the editor's own
// settings may name any file.
func TestProjectSettingsStayInFolder(t *testing.T) {
	t.Parallel()
	elsewhere := t.TempDir()
	testutil.WriteFiles(t, elsewhere, map[string]string{"facts.json": "{}", "vars.hcl": "x = 1\n"})
	for _, tc := range []struct {
		name, project, want string
		links               map[string]string
	}{
		{"a path out of the folder", `{"facts": "../facts.json"}`, "outside the folder", nil},
		{"an absolute path elsewhere", `{"facts": "` + filepath.Join(elsewhere, "facts.json") + `"}`, "outside the folder", nil},
		{"a link out of the folder", `{"var_files": ["vars.hcl"]}`, "it leads to " + filepath.Join(elsewhere, "vars.hcl"),
			map[string]string{"vars.hcl": filepath.Join(elsewhere, "vars.hcl")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			p := filepath.Join(dir, ProjectFile)
			testutil.WriteFiles(t, dir, map[string]string{ProjectFile: tc.project})
			for name, target := range tc.links {
				if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := projectSettings([]string{dir}); err == nil || !strings.HasPrefix(err.Error(), p+": ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("projectSettings error = %v, want %q", err, tc.want)
			}
		})
	}
	if s, err := readSettings([]byte(`{"facts": "`+filepath.Join(elsewhere, "facts.json")+`"}`), t.TempDir()); err != nil || s.Facts == "" {
		t.Errorf("the editor's settings: %+v, %v", s, err)
	}
}
