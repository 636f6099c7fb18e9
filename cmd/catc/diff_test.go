package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

var diffFixtures = testutil.Fixture("diff")

func fixturePair(name string) (string, string) {
	dir := filepath.Join(diffFixtures, name)
	return filepath.Join(dir, "old"), filepath.Join(dir, "new")
}

func TestDiffExitCodes(t *testing.T) {
	t.Parallel()
	idOld, idNew := fixturePair("identical")
	chOld, chNew := fixturePair("change")
	reOld, reNew := fixturePair("reorder")
	ioOld, ioNew := fixturePair("init_only_skipped")
	cyOld, cyNew := fixturePair("cycle")
	kcOld, kcNew := fixturePair("cycle_unresolved")
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{"identical, detailed", []string{"diff", idOld, idNew, "--detailed-exitcode"}, 0, "No changes.\n", ""},
		{"identical, plain", []string{"diff", idOld, idNew}, 0, "No changes.\n", ""},
		{"change, detailed", []string{"diff", "--detailed-exitcode", chOld, chNew}, 2, "4 changed", ""},
		{"change, plain", []string{"diff", chOld, chNew}, 0, "4 changed", ""},
		{"pure reorder is a change", []string{"diff", reOld, reNew, "--detailed-exitcode"}, 2, "Package[b]: step 2 → 5", ""},
		{"markdown", []string{"diff", chOld, chNew, "--format", "markdown"}, 0, "**Plan: 0 newly managed, 4 changed", ""},
		{"json", []string{"diff", chOld, chNew, "--format", "json"}, 0, `"format": "catc.diff/2"`, ""},
		{"path sets", []string{"diff", "--old", chOld, "--new", chNew}, 0, "4 changed", ""},
		{"bad format", []string{"diff", chOld, chNew, "--format", "yaml"}, 1, "", `"yaml" is not a diff format`},
		{"init_only fails by default", []string{"diff", ioOld, ioNew, "--detailed-exitcode"}, 2, "1 failing (init_only, strict=error) · 2 skipped because of failed dependencies", ""},
		{"strict warning", []string{"diff", ioOld, ioNew, "--strict", "warning", "--detailed-exitcode"}, 2, "Warning: Attempting to change `uid` init_only attribute value from `1001` to `2001`", ""},
		{"strict off", []string{"diff", "--strict=off", ioOld, ioNew}, 0, "uid: 1001 → 2001  (init_only: updated in place, strict=off)", ""},
		{"new cycle fails", []string{"diff", cyOld, cyNew}, 1, "Nothing would be applied: the new catalog has a dependency cycle", "catc: the new catalog has a dependency cycle: Puppet would apply nothing from it"},
		{"new cycle fails, detailed", []string{"diff", cyOld, cyNew, "--detailed-exitcode"}, 1, "+   new cycle (Exec[seed]", ""},
		{"new cycle fails, markdown", []string{"diff", cyOld, cyNew, "--format", "markdown"}, 1, "> [!CAUTION]\n> 1 new dependency cycle. Nothing would be applied", ""},
		{"new cycle fails, json", []string{"diff", cyOld, cyNew, "--format", "json"}, 1, `"applies_nothing": true`, ""},
		{"resolved cycle passes", []string{"diff", cyNew, cyOld}, 0, "1 cycle resolved", ""},
		{"unresolved cycle fails", []string{"diff", kcOld, kcNew, "--detailed-exitcode"}, 1, "x   unresolved cycle (Exec[seed]", ""},
		{"unchanged cyclic catalog fails", []string{"diff", cyNew, cyNew}, 1, "1 cycle unresolved", ""},
		{"fleet: new cycle fails", []string{"diff", cyOld, cyNew, "--nodes", testutil.Fixture("fleet/facts")}, 1, "6 nodes would apply nothing (a dependency cycle)", "catc: the new catalogs of 6 nodes have a dependency cycle"},
		{"fleet: new cycle fails, detailed", []string{"diff", cyOld, cyNew, "--nodes", testutil.Fixture("fleet/facts"), "--detailed-exitcode", "--format", "markdown"}, 1, "Nothing would be applied", ""},
		{"bad strict", []string{"diff", ioOld, ioNew, "--strict", "strict"}, 1, "", `--strict "strict" is not a strict setting: use error, warning or off`},
		{"one argument", []string{"diff", chOld}, 1, "", "diff takes OLD NEW"},
		{"old without new", []string{"diff", "--old", chOld}, 1, "", "--old and --new go together"},
		{"missing path", []string{"diff", chOld, "nosuch/dir", "--detailed-exitcode"}, 1, "", "nosuch"},
		{"not a catalog JSON", []string{"diff", "testdata/nosuch.json", chNew}, 1, "", "nosuch.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCatc(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if !strings.Contains(out, tt.inStdout) {
				t.Errorf("stdout = %q, want it to contain %q", out, tt.inStdout)
			}
			if !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.inStderr)
			}
		})
	}
}

// TestDiffCatalogJSON compiles both sides of every pair with `catc
// compile` and checks that diffing the JSON files says exactly what
// diffing the HCL says (the JSON carries attribute behaviours in "types"),
// when both are compiled with the same digest key.
// The cycle pairs are left out: compile refuses a catalog with a cycle, so
// there is no JSON to diff.
func TestDiffCatalogJSON(t *testing.T) {
	t.Setenv("CATC_DIGEST_KEY", "a key for the test, 32 bytes lon") // secrets compare under one key
	pairs, _ := filepath.Glob(filepath.Join(diffFixtures, "*", "old"))
	tmp := t.TempDir()
	for _, old := range pairs {
		name := filepath.Base(filepath.Dir(old))
		if strings.HasPrefix(name, "cycle") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			oldDir, newDir := fixturePair(name)
			oldJSON, newJSON := filepath.Join(tmp, name+"-old.json"), filepath.Join(tmp, name+"-new.json")
			for _, c := range [][2]string{{oldDir, oldJSON}, {newDir, newJSON}} {
				if code, _, errOut := runCatc(t, "compile", c[0], "-o", c[1]); code != 0 {
					t.Fatalf("compile %s: %d %s", c[0], code, errOut)
				}
			}
			_, fromHCL, _ := runCatc(t, "diff", oldDir, newDir, "--format", "json")
			_, fromJSON, errOut := runCatc(t, "diff", oldJSON, newJSON, "--format", "json")
			if errOut != "" {
				t.Fatalf("stderr: %s", errOut)
			}
			if fromHCL != fromJSON {
				t.Errorf("the JSON diff differs from the HCL diff\nHCL:\n%s\nJSON:\n%s", fromHCL, fromJSON)
			}
		})
	}
}

// TestDiffJSONTypes diffs catalog JSON that carries the optional "types"
// section: init_only and parameter behaviours then work from JSON too.
func TestDiffJSONTypes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(diffFixtures, "json_types")
	code, out, errOut := runCatc(t, "diff", filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json"), "--detailed-exitcode")
	if code != 2 {
		t.Fatalf("exit code %d, stderr %s", code, errOut)
	}
	for _, want := range []string{
		"x   User[deploy] (failing: an init_only attribute changes and strict is error)",
		"Error: Could not evaluate: Attempting to change `uid` init_only attribute value from `1001` to `2001`",
		"uid: 1001 → 2001  (init_only)",
		"password: (sensitive value changed)",
		"File[/etc/app.conf] (parameter-only change: no refresh event)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "last_login") {
		t.Errorf("a read_only attribute was compared:\n%s", out)
	}
}

// TestDiffBase makes a repository with two commits and compares a path
// at HEAD~1 with the working tree, and checks that neither the working
// tree nor the index changed.
func TestDiffBase(t *testing.T) {
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	gitRun(t, repo, "init", "-q")
	oldDir, newDir := fixturePair("refresh_chain")
	copyTree(t, oldDir, filepath.Join(repo, "site"))
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "old")
	copyTree(t, newDir, filepath.Join(repo, "site"))
	gitRun(t, repo, "commit", "-q", "-am", "new")
	// An uncommitted file in the working tree is part of the new side.
	extra := "resource \"package\" \"extra\" {\n}\n"
	if err := os.WriteFile(filepath.Join(repo, "site", "extra.hcl"), []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	before := gitState(t, repo)
	t.Chdir(filepath.Join(repo, "site"))

	code, out, errOut := runCatc(t, "diff", "--base", "HEAD~1", ".", "--detailed-exitcode")
	if code != 2 {
		t.Fatalf("exit code %d, stderr %s", code, errOut)
	}
	for _, want := range []string{
		"Plan: 1 newly managed, 1 changed, 0 no longer managed, 0 removed from the node · 2 refreshed",
		`content: "port=80" → "port=8080"`,
		"Service[app]: File[/etc/app.conf] => Exec[migrate] => Service[app]",
		"Package[extra]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	// Old locations name the revision and the path as given.
	if _, out, _ := runCatc(t, "diff", "--base", "HEAD~1", ".", "--format", "json"); !strings.Contains(out, `"old_location": "HEAD~1:site.hcl:1"`) {
		t.Errorf("old location not relative to the given path:\n%s", out)
	}
	if code, out, _ := runCatc(t, "diff", "--base", "HEAD", "site.hcl", "00-types.hcl", "--detailed-exitcode"); code != 0 || out != "No changes.\n" {
		t.Errorf("HEAD against an unchanged working tree: %d %q", code, out)
	}
	if code, _, errOut := runCatc(t, "diff", "--base", "nosuchrev", "."); code != 1 || !strings.Contains(errOut, "is not a commit") {
		t.Errorf("bad revision: %d %q", code, errOut)
	}
	if after := gitState(t, repo); after != before {
		t.Errorf("diff --base changed the repository:\nbefore %s\nafter  %s", before, after)
	}
}

// TestDiffBaseNewPath compares a directory that did not exist at the base
// revision: everything in it is added.
func TestDiffBaseNewPath(t *testing.T) {
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	gitRun(t, repo, "init", "-q")
	if err := os.WriteFile(filepath.Join(repo, "README"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "first")
	_, newDir := fixturePair("add_remove")
	copyTree(t, newDir, filepath.Join(repo, "site"))
	t.Chdir(repo)
	code, out, errOut := runCatc(t, "diff", "--base", "HEAD", "site", "--format", "json")
	if code != 0 {
		t.Fatalf("exit code %d, stderr %s", code, errOut)
	}
	var got struct{ Counts struct{ Manage, Remove int } }
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Counts.Manage != 2 || got.Counts.Remove != 0 {
		t.Errorf("counts %+v (%v), want 2 added:\n%s", got.Counts, err, out)
	}
}

func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=catc", "-c", "user.email=catc@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// gitState is what diff --base must not change: the status and the
// index file's bytes.
func gitState(t *testing.T, repo string) string {
	t.Helper()
	index, err := os.ReadFile(filepath.Join(repo, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	return gitRun(t, repo, "--no-optional-locks", "status", "--porcelain") + "|" + string(index)
}

// TestDiffCraftedJSONSecret: a catalog JSON whose own types mark password
// sensitive but which holds it in the clear (hand-edited or crafted) never
// has the value printed, in any format: the secret is one catc cannot
// compare (no digest), so it is not counted as a change.
func TestDiffCraftedJSONSecret(t *testing.T) {
	t.Parallel()
	doc := func(pw string) string {
		return `{"format":"catc.catalog/1","resources":[{"ref":"User[deploy]","type":"user","title":"deploy","namevars":{"name":"deploy"},` +
			`"attributes":{"name":"deploy","password":` + pw + `},"index":0}],"edges":[],` +
			`"types":[{"name":"user","attributes":[{"name":"name","behaviour":"namevar","sensitive":false},{"name":"password","behaviour":"property","sensitive":true}]}]}`
	}
	dir := testutil.TempFiles(t, map[string]string{"old.json": doc(`"hunter2-old"`), "new.json": doc(`["hunter2-new"]`)})
	oldPath, newPath := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	for _, format := range []string{"text", "markdown", "json"} {
		t.Run(format, func(t *testing.T) {
			code, out, errOut := runCatc(t, "diff", oldPath, newPath, "--format", format, "--detailed-exitcode")
			if code != 0 {
				t.Fatalf("exit code %d, want 0 (a secret that cannot be compared is no change); stderr %s", code, errOut)
			}
			if strings.Contains(out+errOut, "hunter2") {
				t.Errorf("a sensitive value is printed:\n%s%s", out, errOut)
			}
			if !strings.Contains(out, "password") || !strings.Contains(strings.ToLower(out), "sensitive") {
				t.Errorf("the secret's change is not shown as sensitive:\n%s", out)
			}
		})
	}
}

// TestDiffKeylessSecrets compiles catalogs without a digest key: their
// secrets cannot be compared, so two identical compiles are not "changed"
// and --detailed-exitcode does not say 2 for them alone; a real change
// beside them still does.
func TestDiffKeylessSecrets(t *testing.T) {
	t.Setenv("CATC_DIGEST_KEY", "") // restored at the end
	os.Unsetenv("CATC_DIGEST_KEY")
	tmp := t.TempDir()
	compile := func(dir, out string) string {
		path := filepath.Join(tmp, out)
		if code, _, errOut := runCatc(t, "compile", dir, "-o", path); code != 0 {
			t.Fatalf("compile %s: %d %s", dir, code, errOut)
		}
		return path
	}
	sOld, sNew := fixturePair("sensitive")
	a, b := compile(sNew, "a.json"), compile(sNew, "b.json")
	old := compile(sOld, "old.json")
	chOld, chNew := fixturePair("change")
	c, d := compile(chOld, "c.json"), compile(chNew, "d.json")
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"identical compiles", []string{"diff", a, b, "--detailed-exitcode"}, 0, []string{
			"Plan: 0 newly managed, 0 changed, 0 no longer managed, 0 removed from the node · cannot tell: 2 secrets compiled without a common digest key",
			"?   User[deploy] (only secrets that cannot be compared: not counted as a change)",
			"?       password: (sensitive value: cannot tell whether it changed; compile both sides with the same CATC_DIGEST_KEY)"}},
		{"changed secret, no key", []string{"diff", old, b, "--detailed-exitcode"}, 0, []string{"0 changed", "cannot tell: 2 secrets"}},
		{"markdown", []string{"diff", a, b, "--format", "markdown", "--detailed-exitcode"}, 0, []string{
			"· cannot tell: 2 secrets compiled without a common digest key**", "<code>user</code>: 2 cannot tell"}},
		{"json", []string{"diff", a, b, "--format", "json", "--detailed-exitcode"}, 0, []string{
			`"change": 0,`, `"undetermined_secrets": 2`, `"outcome": "cannot tell"`}},
		{"a real change still counts", []string{"diff", c, d, "--detailed-exitcode"}, 2, []string{"4 changed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCatc(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output does not contain %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestDiffConcatRestart: `catc diff` of two catalogs Puppet compiled from
// puppetlabs-concat says which concat file the agent rewrites and which
// resources that refreshes, in Puppet's words, where a fragment's change
// used to read "parameter-only change: no refresh event"
// (fixtures/oracle/catalogs/apply/concat_restart: Puppet's real run
// refreshed the same execs).
func TestDiffConcatRestart(t *testing.T) {
	t.Parallel()
	dir := testutil.Fixture("oracle", "catalogs", "apply")
	code, out, errOut := runCatc(t, "diff", filepath.Join(dir, "concat_restart.old.catalog.json"), filepath.Join(dir, "concat_restart.new.catalog.json"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	root := "/tmp/catc-apply-concat-restart"
	for _, want := range []string{
		"~   Concat_fragment[a global] (rewrites File[" + root + "/a.conf])",
		"Generated: 7 files the agent generates will be rewritten",
		"~   File[" + root + "/a.conf]: content changed (generated by Concat_file[" + root + "/a.conf] from Concat_fragment[a global])",
		"~   File[" + root + "/f.conf]: mode changed (generated by Concat_file[" + root + "/f.conf])",
		"~>  Exec[reload a]: Concat_file[" + root + "/a.conf] => Concat[" + root + "/a.conf] => Exec[reload a]",
		"~   Concat_fragment[j one] (parameter-only change: no refresh event)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the diff lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Exec[reload e]") || strings.Contains(out, "Exec[reload i]") {
		t.Errorf("the diff refreshes an exec Puppet did not:\n%s", out)
	}
}

// TestDiffFixturesShareTypes: each pair's 00-types.hcl (and the purge
// pair's 01-purge-types.hcl) is a copy of the shared file, not a link
// (catc follows no link out of a directory it is given): the copies
// stay equal to it, and the fleet's site-new/base.hcl to site/base.hcl.
func TestDiffFixturesShareTypes(t *testing.T) {
	t.Parallel()
	shared := map[string]string{
		filepath.Join(diffFixtures, "*", "*", "00-types.hcl"):            filepath.Join(diffFixtures, "types.hcl"),
		filepath.Join(diffFixtures, "purge", "*", "01-purge-types.hcl"):  filepath.Join(diffFixtures, "purge", "purge-types.hcl"),
		filepath.Join(testutil.Fixture("fleet"), "site-new", "base.hcl"): filepath.Join(testutil.Fixture("fleet"), "site", "base.hcl"),
	}
	for pattern, original := range shared {
		copies, err := filepath.Glob(pattern)
		if err != nil || len(copies) == 0 {
			t.Fatalf("%s: %v, %d copies", pattern, err, len(copies))
		}
		want := readFile(t, original)
		for _, c := range copies {
			if st, err := os.Lstat(c); err != nil || !st.Mode().IsRegular() {
				t.Errorf("%s is not a regular file", c)
			}
			if readFile(t, c) != want {
				t.Errorf("%s differs from %s", c, original)
			}
		}
	}
}
