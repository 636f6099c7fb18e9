package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestDiffHTMLFleetRefused: `catc diff OLD_DIR NEW_DIR --format html` on
// two directories of node catalogs (a fleet) says that the page draws one
// diff and what to do instead, naming the directories, rather than
// pointing at --nodes and --merge the user never gave; nothing is written.
func TestDiffHTMLFleetRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "ntp.catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"old", "new"} {
		if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, side, "web01.json"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	oldDir, newDir, page := filepath.Join(dir, "old"), filepath.Join(dir, "new"), filepath.Join(dir, "page.html")
	code, _, stderr := runCatc(t, "diff", oldDir, newDir, "--format", "html", "-o", page)
	if code != 1 || !strings.Contains(stderr, "--format html draws one diff, and "+oldDir+" and "+newDir+" are directories of node catalogs (a fleet)") ||
		!strings.Contains(stderr, "use text, markdown or json for the fleet") || strings.Contains(stderr, "--merge") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(page); err == nil {
		t.Errorf("a page was written")
	}
}

// TestDiffHTMLFleetAtBaseRefused: `catc diff --base REV DIR --format
// html` on a directory of node catalogs is refused naming the directory
// and the one-node diff to run instead; it named an empty old directory
// (" and DIR are directories", "(/NODE.json DIR/NODE.json)").
func TestDiffHTMLFleetAtBaseRefused(t *testing.T) {
	testutil.Tool(t, "git", "git")
	src, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "ntp.catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	gitRun(t, repo, "init", "-q")
	dir := filepath.Join(repo, "catalogs")
	writeFile(t, filepath.Join(dir, "web01.json"), string(src))
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "-q", "-m", "old")
	page := filepath.Join(repo, "page.html")
	code, _, stderr := runCatc(t, "diff", "--base", "HEAD", dir, "--format", "html", "-o", page)
	want := "--format html draws one diff, and " + dir + " is a directory of node catalogs (a fleet): diff one node's catalog (--base HEAD " + dir + "/NODE.json)"
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "use text, markdown or json for the fleet") {
		t.Errorf("exit %d: %s\nwant %q", code, stderr, want)
	}
	if _, err := os.Stat(page); err == nil {
		t.Errorf("a page was written")
	}
}
