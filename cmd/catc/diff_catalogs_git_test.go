package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestDiffBaseCatalogDirs diffs a directory of per-node Puppet catalogs
// at a git revision against the working tree (catc diff --base REV DIR):
// a node's changed catalog, one unchanged, one whose catalog at REV is
// empty (it failed to compile then: named as at REV, never by the
// temporary copy), one added since; the repository is left as it was.
// A directory that is not at REV says so.
func TestDiffBaseCatalogDirs(t *testing.T) {
	testutil.Tool(t, "git", "git")
	corpus := testutil.Fixture("oracle/catalogs")
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(corpus, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	repo := t.TempDir()
	gitRun(t, repo, "init", "-q")
	dir := filepath.Join(repo, "catalogs")
	writeFile(t, filepath.Join(dir, "a.example.com.json"), read("diff/mysql_params.old.catalog.json"))
	writeFile(t, filepath.Join(dir, "b.example.com.json"), read("ntp.catalog.json"))
	writeFile(t, filepath.Join(dir, "c.example.com.json"), "")
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "old")
	writeFile(t, filepath.Join(dir, "a.example.com.json"), read("diff/mysql_params.new.catalog.json"))
	writeFile(t, filepath.Join(dir, "c.example.com.json"), read("ntp.catalog.json"))
	writeFile(t, filepath.Join(dir, "d.example.com.json"), read("ntp.catalog.json"))
	before := gitState(t, repo)

	code, out, errOut := runCatc(t, "diff", "--base", "HEAD", "--repo", repo, dir, "--detailed-exitcode")
	for _, want := range []string{
		"This change affects 2 of 4 nodes in 2 distinct ways; 1 unchanged; 1 compiles only with the change.",
		"1 node compiles only with the change: Invalid Puppet catalog at HEAD:" + filepath.ToSlash(dir) + "/{certname}.json:1\n  c.example.com",
		"1 node unchanged:\n  b.example.com",
		"== 1 node: a.example.com\n",
		`~       override_options.mysqld.max_connections: "200" → "400"`,
		"== 1 node: d.example.com\nPlan: 11 newly managed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	if code != 2 || strings.Contains(out+errOut, "catc-diff-base-") {
		t.Errorf("exit code %d (want 2), or the temporary copy named: stderr %q", code, errOut)
	}
	if after := gitState(t, repo); after != before {
		t.Error("diff --base changed the repository's status or index")
	}
	fresh := filepath.Join(repo, "fresh")
	writeFile(t, filepath.Join(fresh, "a.example.com.json"), read("ntp.catalog.json"))
	code, _, errOut = runCatc(t, "diff", "--base", "HEAD", "--repo", repo, fresh)
	if code != 1 || !strings.Contains(errOut, fresh+" holds no catalog at HEAD: nothing to compare with") {
		t.Errorf("a directory not at HEAD: exit code %d, stderr %q", code, errOut)
	}
}
