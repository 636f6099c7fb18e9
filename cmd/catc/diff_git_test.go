package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestDiffBaseFromElsewhere runs diff --base from a directory outside
// the repository: the repository is never found from the paths (a
// checkout can commit one of its own there), so catc says to run it in
// the working tree or name that with --repo, which then works.
func TestDiffBaseFromElsewhere(t *testing.T) {
	testutil.Tool(t, "git", "git")
	repo := t.TempDir()
	gitRun(t, repo, "init", "-q")
	oldDir, newDir := fixturePair("refresh_chain")
	copyTree(t, oldDir, filepath.Join(repo, "site"))
	// The old side warns: an attribute without desc.
	warn := "type \"note\" {\n  desc = \"A note.\"\n  attribute \"name\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n  }\n}\n"
	if err := os.WriteFile(filepath.Join(repo, "site", "warn.hcl"), []byte(warn), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "old")
	copyTree(t, newDir, filepath.Join(repo, "site"))
	gitRun(t, repo, "rm", "-q", "site/warn.hcl")
	gitRun(t, repo, "commit", "-q", "-am", "new")
	site := filepath.Join(repo, "site")
	elsewhere := t.TempDir() // not a git working tree
	t.Chdir(elsewhere)

	code, _, errOut := runCatc(t, "diff", "--base", "HEAD~1", site)
	if code != 1 || !strings.Contains(errOut, "--base reads the git working tree holding the current directory") || !strings.Contains(errOut, "name it with --repo DIR") {
		t.Errorf("diff --base from outside the working tree: exit %d, stderr %q", code, errOut)
	}
	code, out, errOut := runCatc(t, "diff", "--base", "HEAD~1", "--repo", repo, site, "--detailed-exitcode")
	if code != 2 || !strings.Contains(out, `"port=8080"`) {
		t.Errorf("diff --base HEAD~1 --repo %s %s from %s: exit %d, stdout %q, stderr %q", repo, site, elsewhere, code, out, errOut)
	}
	// The old side's warning names the file as the user would, at HEAD~1.
	wantFile := "HEAD~1:" + filepath.ToSlash(filepath.Join(site, "warn.hcl"))
	if !strings.Contains(errOut, wantFile) || strings.Contains(errOut, "catc-diff-base-") {
		t.Errorf("old side's diagnostics do not name %s:\n%s", wantFile, errOut)
	}
	// A path relative to the current directory.
	rel, err := filepath.Rel(elsewhere, site)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCatc(t, "diff", "--base", "HEAD", "--repo", repo, rel, "--detailed-exitcode"); code != 0 {
		t.Errorf("diff --base HEAD %s: exit %d, stderr %q", rel, code, errOut)
	}
	// A path outside the working tree --repo names.
	plain := filepath.Join(elsewhere, "plain.hcl")
	if err := os.WriteFile(plain, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCatc(t, "diff", "--base", "HEAD", "--repo", repo, plain)
	if code != 1 || !strings.Contains(errOut, plain+" is outside the git working tree at "+repo) || !strings.Contains(errOut, "--repo DIR") {
		t.Errorf("outside the working tree: exit %d, stderr %q", code, errOut)
	}
	// --repo means nothing without --base.
	if code, _, errOut := runCatc(t, "diff", "--repo", repo, site, site); code != 1 || !strings.Contains(errOut, "--repo has no effect without --base REV") {
		t.Errorf("--repo without --base: exit %d, stderr %q", code, errOut)
	}
}

// TestDiffBaseOldSideNamed: a diff against a revision whose old side
// fails for one node (a data value of the wrong type for the class
// parameter), moves another node's value to another data file, and is
// refused by Puppet for a reference to nothing names the old side's files
// as the user would at the revision, in every output: the failure line
// (text, Markdown, JSON), the refusal, the diagnostic's place and words
// (text and JSON diagnostics), and the old origin of a changed
// parameter; never the temporary checkout catc read it from.
func TestDiffBaseOldSideNamed(t *testing.T) {
	repo := walkthroughRepo(t)
	common := filepath.Join(repo, "site", "data", "common.yaml")
	if err := os.WriteFile(common, []byte("profile::web::workers: \"many\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The old side also refers to nothing: Puppet refuses every node's
	// catalog, which the diff says with the place.
	hclFile := filepath.Join(repo, "site", "site.hcl")
	src, err := os.ReadFile(hclFile)
	if err != nil {
		t.Fatal(err)
	}
	pkg := `resource "package" "nginx" {}`
	if err := os.WriteFile(hclFile, []byte(strings.Replace(string(src), pkg, `resource "package" "nginx" { require = "Package[gone]" }`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "old")
	if err := os.WriteFile(common, []byte("profile::web::workers: 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hclFile, src, 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, repo, "rm", "-q", "site/data/nodes/web-02.example.com.yaml")
	t.Chdir(repo)

	for _, tc := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"--nodes", "facts"}, []string{"Hiera value of the wrong type at HEAD:site/data/common.yaml:1",
			`(was data: HEAD:site/data/nodes/{certname}.yaml:2, level "Per node"; now data: site/data/common.yaml:1, level "Common")`,
			"Reference to nothing at HEAD:site/site.hcl:"}},
		{[]string{"--facts", "facts/web-02.example.com.json", "--format", "json"}, []string{`Reference to nothing at HEAD:site/site.hcl:`,
			`"file": "HEAD:site/data/nodes/web-02.example.com.yaml"`}},
		{[]string{"--nodes", "facts", "--format", "markdown"}, []string{"Hiera value of the wrong type at HEAD:site/data/common.yaml:1"}},
		{[]string{"--nodes", "facts", "--format", "json"}, []string{`"errors": "Hiera value of the wrong type at HEAD:site/data/common.yaml:1"`,
			`"file": "HEAD:site/data/nodes/{certname}.yaml"`}},
		{[]string{"--facts", "facts/web-01.example.com.json"}, []string{"on HEAD:site/data/common.yaml line 1:",
			"(the value of profile::web::workers in HEAD:site/data/common.yaml, line 1)"}},
		{[]string{"--facts", "facts/web-01.example.com.json", "--diagnostics", "json"}, []string{`"filename": "HEAD:site/data/common.yaml"`,
			"in HEAD:site/data/common.yaml, line 1"}},
	} {
		args := append([]string{"diff", "--base", "HEAD", "site"}, tc.args...)
		_, out, errOut := runCatc(t, args...)
		all := out + errOut
		for _, want := range tc.wants {
			if !strings.Contains(all, want) {
				t.Errorf("catc %s: no %q in\n%s", strings.Join(args, " "), want, all)
			}
		}
		if strings.Contains(all, "catc-diff-base-") {
			t.Errorf("catc %s names the temporary checkout:\n%s", strings.Join(args, " "), all)
		}
	}
}
