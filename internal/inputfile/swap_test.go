//go:build unix

package inputfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// swapTree is a working directory holding site/ (x.hcl, sub/x.hcl,
// other.hcl, .git/config) and, beside it, outside/ (secret.hcl,
// sub/x.hcl): what a link swapped in may lead to.
func swapTree(t *testing.T) (work, outside string) {
	t.Helper()
	top := RealDir(t.TempDir())
	work, outside = filepath.Join(top, "work"), filepath.Join(top, "outside")
	testutil.WriteFiles(t, work, map[string]string{
		"site/x.hcl":       "a = 1\n",
		"site/sub/x.hcl":   "a = 2\n",
		"site/other.hcl":   "a = 3\n",
		"site/.git/config": "token = secret\n",
	})
	testutil.WriteFiles(t, outside, map[string]string{
		"secret.hcl": "secret\n",
		"sub/x.hcl":  "secret\n",
	})
	return work, outside
}

// swapLink replaces path (a file or a directory) with a symbolic link to
// target.
func swapLink(t *testing.T, path, target string) {
	t.Helper()
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

// onCheck sets afterCheck, for the test, to call swap after the first
// check of name.
func onCheck(t *testing.T, name string, swap func()) {
	t.Helper()
	done := false
	afterCheck = func(n string) {
		if n == name && !done {
			done = true
			swap()
		}
	}
	t.Cleanup(func() { afterCheck = nil })
}

// TestReadRefusesALinkSwappedInAfterTheCheck: a link swapped in between
// the check of a path and its open, for the file or for a directory
// above it, is refused by Read, ReadIn and Head with the words of the same
// link found by the check, its target never read; a link swapped in to
// a file that may be read gives that file. On main the open followed the
// swapped link and read the file outside. (Not parallel: it sets
// afterCheck, and Read's paths are relative to the working directory.)
func TestReadRefusesALinkSwappedInAfterTheCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string // read, relative to the working directory
		swap string // replaced by a link
		to   string // the link's target, relative to the working directory's parent ("" : outside)
		want string // read, when the swap leads to a file that may be read
		why  string // in the refusal of Read, when it does not
		in   string // in the refusal of ReadIn
	}{
		{name: "file to outside", file: "site/x.hcl", swap: "site/x.hcl", to: "outside/secret.hcl",
			why: "it is a symbolic link to", in: "it leads to"},
		{name: "directory to outside", file: "site/sub/x.hcl", swap: "site/sub", to: "outside/sub",
			why: "its directory", in: "it leads to"},
		{name: "file into .git", file: "site/x.hcl", swap: "site/x.hcl", to: "work/site/.git/config",
			why: "inside a .git directory", in: "inside a .git directory"},
		{name: "file to a file beside it", file: "site/x.hcl", swap: "site/x.hcl", to: "work/site/other.hcl", want: "a = 3\n"},
	} {
		for _, r := range []struct {
			name string
			read func(name string) ([]byte, error)
		}{
			{"Read", Read},
			{"ReadIn", func(name string) ([]byte, error) { return ReadIn(name, []string{RealDir("site")}) }},
			{"Head", func(name string) ([]byte, error) { return Head(name, 64) }},
		} {
			t.Run(tc.name+"/"+r.name, func(t *testing.T) {
				work, _ := swapTree(t)
				t.Chdir(work)
				target := filepath.Join(filepath.Dir(work), tc.to)
				onCheck(t, tc.file, func() { swapLink(t, tc.swap, target) })
				got, err := r.read(tc.file)
				afterCheck = nil
				if bytes.Contains(got, []byte("secret")) {
					t.Fatalf("%s read %q through a link swapped in after its check", r.name, got)
				}
				if tc.want != "" {
					if err != nil || string(got) != tc.want {
						t.Fatalf("%s = %q, %v; want %q", r.name, got, err, tc.want)
					}
					return
				}
				why := tc.why
				if r.name == "ReadIn" {
					why = tc.in
				}
				wantRefusal(t, r.name, err, tc.file, why)
				if !IsLinkRefusal(err) {
					t.Errorf("%s error %v is no link refusal", r.name, err)
				}
				// The same link found by the check: the same words.
				_, atCheck := r.read(tc.file)
				if atCheck == nil || err.Error() != atCheck.Error() {
					t.Errorf("%s of the link swapped in says\n\t%v\nof the link found by the check\n\t%v", r.name, err, atCheck)
				}
			})
		}
	}
}

// TestReadRefusesLinksThatKeepChanging: links swapped in after every
// check (each time to a file that may be read, which becomes a link in
// turn) are refused after maxChecks checks, nothing read.
func TestReadRefusesLinksThatKeepChanging(t *testing.T) {
	work, _ := swapTree(t)
	t.Chdir(work)
	chain := []string{"site/x.hcl", "site/f1.hcl", "site/f2.hcl", "site/f3.hcl"}
	testutil.WriteFiles(t, work, map[string]string{"site/f1.hcl": "a = 4\n", "site/f2.hcl": "a = 5\n", "site/f3.hcl": "a = 6\n"})
	swaps := 0
	afterCheck = func(string) {
		swapLink(t, chain[swaps], filepath.Base(chain[swaps+1]))
		swaps++
	}
	t.Cleanup(func() { afterCheck = nil })
	got, err := ReadIn("site/x.hcl", []string{RealDir("site")})
	if swaps != maxChecks {
		t.Errorf("%d checks, want %d", swaps, maxChecks)
	}
	wantRefusal(t, "ReadIn", err, "site/x.hcl", "its symbolic links changed each of the 3 times catc checked it")
	if got != nil || !IsLinkRefusal(err) {
		t.Errorf("ReadIn = %q, %v; want a link refusal", got, err)
	}
}

// TestOpenEachNoLink: the open of systems without openat2 (and of Linux
// when the kernel refuses it) opens what openNoLinks opens and refuses a
// link where it does, on the last component or a directory, for an
// absolute or a relative path.
func TestOpenEachNoLink(t *testing.T) {
	work, outside := swapTree(t)
	t.Chdir(work)
	if err := os.Symlink("x.hcl", "site/link.hcl"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "sub"), "site/linkdir"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want string // the content, or "" for a link refused
	}{
		{"site/x.hcl", "a = 1\n"},
		{filepath.Join(work, "site/sub/x.hcl"), "a = 2\n"},
		{"./site/../site/other.hcl", "a = 3\n"},
		{"../outside/secret.hcl", "secret\n"},
		{"site/link.hcl", ""},
		{filepath.Join(work, "site/link.hcl"), ""},
		{"site/linkdir/x.hcl", ""},
		{filepath.Join(work, "site/linkdir/x.hcl"), ""},
	} {
		for name, open := range map[string]func(string, int) (int, error){"openNoLinks": openNoLinks, "openEachNoLink": openEachNoLink} {
			fd, err := open(tc.path, os.O_RDONLY)
			if tc.want == "" {
				if err == nil || !linkMet(err) {
					t.Errorf("%s(%s) = %v; want a link met", name, tc.path, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s(%s): %v", name, tc.path, err)
				continue
			}
			f := os.NewFile(uintptr(fd), tc.path)
			buf := make([]byte, 64)
			n, _ := f.Read(buf)
			f.Close()
			if string(buf[:n]) != tc.want {
				t.Errorf("%s(%s) read %q, want %q", name, tc.path, buf[:n], tc.want)
			}
		}
	}
	if _, err := openEachNoLink("site/none.hcl", os.O_RDONLY); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("openEachNoLink of a missing file = %v, want not-exist", err)
	}
}

// TestReadResolvedRefusesADirectorySwappedForALink: ReadResolved's path
// was resolved by its caller; a directory on it that is a link now (the
// caller's check passed, then the directory was swapped) is refused, not
// followed out of the site. On main only the last component was opened
// without following a link.
func TestReadResolvedRefusesADirectorySwappedForALink(t *testing.T) {
	t.Parallel()
	work, outside := swapTree(t)
	path := filepath.Join(work, "site/sub/x.hcl")
	swapLink(t, filepath.Join(work, "site/sub"), filepath.Join(outside, "sub"))
	got, err := ReadResolved(path)
	if got != nil || !IsLinkRefusal(err) || !strings.Contains(err.Error(), "a symbolic link where catc found none") {
		t.Errorf("ReadResolved = %q, %v; want a link refusal", got, err)
	}
}
