package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffBaseFromElsewhere runs diff --base from a directory outside
// the repository: the repository is never found from the paths (a
// checkout can commit one of its own there), so catc says to run it in
// the working tree or name that with --repo, which then works.
func TestDiffBaseFromElsewhere(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
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
