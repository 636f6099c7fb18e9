package hiera

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

const boundsConfig = `version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: "Fact path"
    path: "%{facts.dir}/data.yaml"
  - name: "Common"
    path: "common.yaml"
`

// boundsLookup looks key up in a site of files for a node with facts.
func boundsLookup(t *testing.T, files map[string]string, facts *types.Hash, key string) (Result, string) {
	t.Helper()
	dir := testutil.TempFiles(t, files)
	d, diags := Open(dir)
	if diags.HasErrors() {
		return Result{}, diags.Error()
	}
	done := make(chan struct{})
	var res Result
	var msg string
	go func() {
		defer close(done)
		r, diags := d.NewSession(Scope{Facts: facts}).Lookup(key, Options{})
		res, msg = r, diags.Error()
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("lookup of %s did not end", key)
	}
	return res, msg
}

// TestBoundedInputs: an alias bomb, deep nesting, a loop and data that
// doubles itself each end in a clear error, quickly.
func TestBoundedInputs(t *testing.T) {
	t.Parallel()
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'k'; i++ {
		bomb += fmt.Sprintf("%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	doubling := ""
	for i := 0; i < 40; i++ {
		doubling += fmt.Sprintf("d%d: \"%%{lookup('d%d')}%%{lookup('d%d')}\"\n", i, i+1, i+1)
	}
	doubling += "d40: x\n"
	for _, c := range []struct {
		name, data, key, want string
	}{
		{"alias bomb", bomb, "k", "alias bomb"},
		{"deep nesting", strings.Repeat("[", 5000) + strings.Repeat("]", 5000), "x", "Unable to parse"},
		{"deep mapping", "x: " + strings.Repeat("{a: ", 1500) + "1" + strings.Repeat("}", 1500) + "\n", "x", "Unable to parse"},
		{"loop", "a: \"%{lookup('b')}\"\nb: \"%{lookup('a')}\"\n", "a", "Recursive lookup detected in [a, b]"},
		{"doubling", doubling, "d0", "beyond"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			_, msg := boundsLookup(t, map[string]string{"hiera.yaml": boundsConfig, "data/common.yaml": c.data}, nil, c.key)
			if !strings.Contains(msg, c.want) {
				t.Fatalf("diagnostics %q, want one saying %q", msg, c.want)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestHugeDataFile: a data file over inputfile.MaxSize is refused
// without reading it.
func TestHugeDataFile(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"hiera.yaml": boundsConfig})
	if err := os.MkdirAll(filepath.Join(dir, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "data", "common.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(inputfile.MaxSize + 1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	d, diags := Open(dir)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, diags = d.NewSession(Scope{}).Lookup("x", Options{})
	if !strings.Contains(diags.Error(), "common.yaml") || !strings.Contains(diags.Error(), "larger") {
		t.Fatalf("diagnostics %v, want the file refused as too large", diags)
	}
}

// TestDataStaysInSite: a path a fact interpolates, or a link, that leads
// out of the site directory is not read.
func TestDataStaysInSite(t *testing.T) {
	t.Parallel()
	outside := testutil.TempFiles(t, map[string]string{"data.yaml": "x: stolen\n"})
	site := testutil.TempFiles(t, map[string]string{"hiera.yaml": boundsConfig, "data/common.yaml": "y: 1\n"})
	if err := os.Symlink(filepath.Join(outside, "data.yaml"), filepath.Join(site, "data", "link.yaml")); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(filepath.Join(site, "data"), outside)
	if err != nil {
		t.Fatal(err)
	}
	d, diags := Open(site)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, dirFact := range []string{rel, outside, "."} {
		facts := &types.Hash{}
		facts.Append("dir", dirFact)
		if dirFact == "." {
			// data/./data.yaml does not exist; the link is data/link.yaml
			d2, _ := Open(site)
			d2.cfg.Levels[0].Locations = []string{"link.yaml"}
			d = d2
		}
		r, diags := d.NewSession(Scope{Facts: facts}).Lookup("x", Options{})
		if r.Found || !strings.Contains(diags.Error(), "did not find a value") {
			t.Errorf("dir %q: found %v (%v): read outside the site", dirFact, r.Value, diags)
		}
	}
}

// TestPsychScalars: plain scalars are typed as Psych types them.
func TestPsychScalars(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want types.Value
	}{
		{"80", int64(80)}, {"yes", true}, {"No", false}, {"on", true}, {"OFF", false}, {"~", nil}, {"null", nil},
		{"012", int64(10)}, {"08", "08"}, {"0x1F", int64(31)}, {"0b101", int64(5)}, {"1_000", int64(1000)},
		{"1,000", int64(1000)}, {"1:30", int64(5400)}, {"1e3", "1e3"}, {"1.5e+3", 1500.0}, {".5", 0.5},
		{"3.", 3.0}, {"yesterday", "yesterday"}, {"1.2.3", "1.2.3"}, {"+7", int64(7)}, {"-42", int64(-42)},
		{"y", "y"}, {"", nil}, {"k0", "k0"}, {"_1", "_1"}, {"True", true}, {"Null", nil}, {"a:1", "a:1"},
	} {
		got, class := psychTokenize(c.in)
		if class != "" || got != c.want {
			t.Errorf("%q: %#v (%s), want %#v", c.in, got, class, c.want)
		}
	}
	for _, in := range []string{"2024-01-31", "2001-02-30", "2024-01-31 10:00:00"} {
		if _, class := psychTokenize(in); class == "" {
			t.Errorf("%q: want Puppet's refusal of a Date or Time", in)
		}
	}
}

// TestGlobStaysInSite: a glob lists no directory outside the site,
// neither through `..` after a wildcard nor through a link inside the
// site that leads out; what it finds inside is found.
func TestGlobStaysInSite(t *testing.T) {
	t.Parallel()
	outside := testutil.TempFiles(t, map[string]string{"a/data.yaml": "x: stolen\n"})
	site := testutil.TempFiles(t, map[string]string{
		"hiera.yaml":          "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: \"Globs\"\n    globs: [\"%{facts.g}\"]\n",
		"data/in/a/data.yaml": "y: found\n",
	})
	if err := os.Symlink(outside, filepath.Join(site, "data", "out")); err != nil {
		t.Fatal(err)
	}
	up, err := filepath.Rel(filepath.Join(site, "data", "in"), outside)
	if err != nil {
		t.Fatal(err)
	}
	d, diags := Open(site)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, c := range []struct{ glob, key string }{
		{"*/*/data.yaml", "y"},               // inside: found
		{"*/*/data.yaml", "x"},               // through data/out: not read
		{"in/*/" + up + "/*/data.yaml", "x"}, // `..` after a wildcard: not read
		{"in/" + up + "/*/data.yaml", "x"},   // `..` before it: not read
	} {
		facts := &types.Hash{}
		facts.Append("g", c.glob)
		r, _ := d.NewSession(Scope{Facts: facts}).Lookup(c.key, Options{})
		if want := c.key == "y"; r.Found != want {
			t.Errorf("glob %q, key %s: found %v (%v), want %v", c.glob, c.key, r.Found, r.Value, want)
		}
	}
	for _, m := range d.globInside(filepath.Join(site, "data", "*", "*")) {
		if !strings.HasPrefix(m, filepath.Join(site, "data", "in")) && m != filepath.Join(site, "data", "out") {
			t.Errorf("the glob listed %s", m)
		}
	}
}

// TestDataFileSwappedForALinkIsNotRead: a data file is read at the real
// path locate checked under the site: its data directory, or the file,
// swapped for a link after the check (to the same names outside the
// site) is refused when the file is read, the content outside never
// read. On main the read followed a swapped directory out of the site.
func TestDataFileSwappedForALinkIsNotRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, swap, to string }{
		{"data directory", "site/data", "outside/data"},
		{"file", "site/data/common.yaml", "outside/data/common.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			top := testutil.TempFiles(t, map[string]string{
				"site/hiera.yaml":          boundsConfig,
				"site/data/common.yaml":    "y: 1\n",
				"outside/data/common.yaml": "y: stolen\n",
			})
			d, diags := Open(filepath.Join(top, "site"))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			path := filepath.Join(top, "site/data/common.yaml")
			if !d.locate(path, path).exists {
				t.Fatal("common.yaml not located")
			}
			swap := filepath.Join(top, tc.swap)
			if err := os.RemoveAll(swap); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(top, tc.to), swap); err != nil {
				t.Fatal(err)
			}
			f := d.file(path, "yaml_data")
			if _, read := f.entries["y"]; read || !strings.Contains(f.diags.Error(), "a symbolic link where catc found none") {
				t.Errorf("read %v, diagnostics %v; want the file refused", f.entries, f.diags)
			}
		})
	}
}

// TestGitDirIsNoData: a data file in the checkout's .git directory, by a
// link into it or by a datadir naming it, is not read: a git config may
// hold a token, and a parse error quotes the line it stops at.
func TestGitDirIsNoData(t *testing.T) {
	t.Parallel()
	const config = "[remote \"origin\"]\n\turl = https://user:SECRET-TOKEN@example.com/site.git\ny: ["
	for _, tc := range []struct{ name, hiera string }{
		{"link to .git/config", "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: \"Common\"\n    path: \"common.yaml\"\n"},
		{"datadir .git", "version: 5\ndefaults:\n  datadir: .git\n  data_hash: yaml_data\nhierarchy:\n  - name: \"Config\"\n    path: \"config\"\n"},
		{"link to the .git directory", "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: \"Repo\"\n    path: \"repo/config\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			site := testutil.TempFiles(t, map[string]string{"hiera.yaml": tc.hiera, ".git/config": config, "data/.keep": ""})
			if err := os.Symlink("../.git/config", filepath.Join(site, "data", "common.yaml")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("../.git", filepath.Join(site, "data", "repo")); err != nil {
				t.Fatal(err)
			}
			d, diags := Open(site)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			s := d.NewSession(Scope{Facts: &types.Hash{}})
			r, err := s.Lookup("y", Options{})
			checked := s.CheckFiles()
			if r.Found || strings.Contains(fmt.Sprint(err, checked), "SECRET-TOKEN") || len(checked) > 0 {
				t.Errorf("found %v, error %v, file diagnostics %v; want .git/config never read", r.Found, err, checked)
			}
		})
	}
}
