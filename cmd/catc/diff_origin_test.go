package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestDiffBaseDataOnly: a change of the Hiera data alone, diffed against
// a git revision (the README walkthrough's shop, web-02's workers 8 →
// 16), for the fleet and for one node: the revision's data is read (it
// was not: --base took only the *.hcl files, and the fleet read the data
// files after they were removed, so every node failed on the old side),
// the node that changes is named with the data key and file that moved
// its value, and the old side's files are named as the user would, at
// the revision.
func TestDiffBaseDataOnly(t *testing.T) {
	repo := walkthroughRepo(t)
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "old")
	data := filepath.Join(repo, "site", "data", "nodes", "web-02.example.com.yaml")
	if err := os.WriteFile(data, []byte("# the bigger machine gets more workers\nprofile::web::workers: 16\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)

	catcSays(t, []string{"diff", "--base", "HEAD", "site", "--nodes", "facts"},
		"This change affects 1 of 2 nodes in 1 way; 1 unchanged.",
		"== 1 node: web-02.example.com",
		"Data behind the changed parameters:\n  profile::web::workers: site/data/nodes/{certname}.yaml:2 (level \"Per node\")\n",
		"~       workers: 8 → 16  (data: site/data/nodes/{certname}.yaml:2, level \"Per node\", changed there)\n")
	out := catcSays(t, []string{"diff", "--base", "HEAD", "site", "--facts", "facts/web-02.example.com.json", "--format", "json"},
		`"file": "HEAD:site/data/nodes/web-02.example.com.yaml"`, // the old side, at the revision
		`"file": "site/data/nodes/web-02.example.com.yaml"`,
		`"key": "profile::web::workers"`)
	if strings.Contains(out, "catc-diff-base-") {
		t.Errorf("the temporary checkout is named:\n%s", out)
	}
}

// walkthroughRepo is a new git repository (nothing committed) holding
// the README walkthrough's shop as site/ and its facts as facts/; the
// test skips without git, but never in CI (.ci/run installs it).
func walkthroughRepo(t *testing.T) string {
	t.Helper()
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	gitRun(t, repo, "init", "-q")
	walk := filepath.Join("..", "..", walkthroughDir)
	copyTree(t, filepath.Join(walk, "shop"), filepath.Join(repo, "site"))
	copyTree(t, filepath.Join(walk, "facts"), filepath.Join(repo, "facts"))
	return repo
}

// catcSays runs catc with args and checks that it exits 0 and prints
// each of wants; it returns what it printed (standard output, then
// standard error).
func catcSays(t *testing.T, args []string, wants ...string) string {
	t.Helper()
	code, out, errOut := runCatc(t, args...)
	for _, want := range wants {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("catc %s: exit %d, no %q in\n%s\nstderr: %s", strings.Join(args, " "), code, want, out, errOut)
		}
	}
	return out + errOut
}

// TestDiffPlanJSONParamOrigins: the plan JSON carries param_origins, and
// a diff of two plan JSON files reads them back: the changed parameter
// says where its new value came from, as a diff of the sites does.
func TestDiffPlanJSONParamOrigins(t *testing.T) {
	t.Chdir(filepath.Join("..", "..", walkthroughDir))
	dir := t.TempDir()
	old, new := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	for side, out := range map[string]string{"shop": old, "shop-v2": new} {
		if code, _, errOut := runCatc(t, "plan", side, "--facts", "facts/web-02.example.com.json", "--format", "json", "-o", out); code != 0 {
			t.Fatalf("plan %s: exit %d: %s", side, code, errOut)
		}
	}
	catcSays(t, []string{"diff", old, new},
		"~       workers: 8 → 16  (data: shop-v2/data/nodes/web-02.example.com.yaml:2, level \"Per node\", changed there)\n")
}

// TestDiffPageOrigins: the HTML page of the walkthrough's diff for one
// node says where web-02's changed workers came from, as the text diff
// does, and the data key behind the change; a fleet is refused with the
// way to draw one node.
func TestDiffPageOrigins(t *testing.T) {
	t.Parallel()
	walk := filepath.Join("..", "..", walkthroughDir)
	shop, v2 := filepath.Join(walk, "shop"), filepath.Join(walk, "shop-v2")
	data := `data: ` + filepath.Join(v2, "data", "nodes", "web-02.example.com.yaml") + `:2, level \"Per node\", changed there`
	catcSays(t, []string{"diff", shop, v2, "--facts", filepath.Join(walk, "facts", "web-02.example.com.json"), "--format", "html"},
		`"~ workers: 8 → 16  (`+data+`)"`,
		`"causes":["profile::web::workers: `+filepath.Join(v2, "data", "nodes", "web-02.example.com.yaml")+`:2 (level \"Per node\")"]`)
	code, _, errOut := runCatc(t, "diff", shop, v2, "--nodes", filepath.Join(walk, "facts"), "--format", "html")
	if code == 0 || !strings.Contains(errOut, "--facts FILE") {
		t.Errorf("a fleet's page: exit %d, stderr %s", code, errOut)
	}
}
