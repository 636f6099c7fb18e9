package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
	"github.com/google/go-cmp/cmp"
)

// TestREADMEFirstExample keeps the README's first example true: the plan
// of the seed and its standard error, exactly as catc prints them. When
// this fails after a deliberate change, paste the new output there.
func TestREADMEFirstExample(t *testing.T) {
	readme := readFile(t, filepath.Join(testutil.Root(), "README.md"))
	t.Chdir(testutil.Root())
	code, out, errOut := runCatc(t, "plan", "fixtures/seed")
	if code != 0 {
		t.Fatalf("catc plan fixtures/seed: exit %d", code)
	}
	stdout := block(t, readme, "```console\n$ go run ./cmd/catc plan fixtures/seed\n")
	if diff := cmp.Diff(stdout, out); diff != "" {
		t.Errorf("README's plan of the seed (-README +catc):\n%s", diff)
	}
	stderr := block(t, readme, "Exactly as printed:\n\n```text\n")
	// The text format ends each diagnostic with a blank line.
	if diff := cmp.Diff(stderr, strings.TrimRight(errOut, "\n")+"\n"); diff != "" {
		t.Errorf("README's standard error of the seed's plan (-README +catc):\n%s", diff)
	}
}

// readmeSection is the text of the README's section under the heading
// "## heading", up to the next one.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	readme := readFile(t, filepath.Join(testutil.Root(), "README.md"))
	_, section, ok := strings.Cut(readme, "\n## "+heading+"\n")
	if !ok {
		t.Fatalf("README has no section %q", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	return section
}

// block is the text of the fenced block that start opens, up to its
// closing fence.
func block(t *testing.T, doc, start string) string {
	t.Helper()
	_, after, ok := strings.Cut(doc, start)
	if !ok {
		t.Fatalf("README has no %q", start)
	}
	text, _, ok := strings.Cut(after, "```\n")
	if !ok {
		t.Fatalf("unclosed block after %q", start)
	}
	return text
}

// TestREADMEFleetExample keeps the README's fleet diff of fixtures/fleet
// true, exactly as catc prints it.
func TestREADMEFleetExample(t *testing.T) {
	readme := readFile(t, filepath.Join(testutil.Root(), "README.md"))
	t.Chdir(testutil.Fixture("fleet"))
	code, out, _ := runCatc(t, "diff", "site", "site-new", "--nodes", "facts")
	if code != 1 { // mq-01 no longer compiles
		t.Fatalf("exit %d", code)
	}
	want := block(t, readme, "```console\n$ cd fixtures/fleet && catc diff site site-new --nodes facts\n")
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("README's fleet diff (-README +catc):\n%s", diff)
	}
}

// TestREADMEFirstScreen keeps the README's first screen what a newcomer
// needs: it says catc reads the catalogs Puppet compiles; the fresh
// machine takes exactly two commands; then, for the reader's own Puppet
// code, the one command that makes a catalog, exactly as
// docs/puppet-example/regen.sh runs it (so it was run), and catc's plan
// and diff of it.
func TestREADMEFirstScreen(t *testing.T) {
	readme := readFile(t, filepath.Join(testutil.Root(), "README.md"))
	lines := strings.SplitAfter(readme, "\n")
	screen := strings.Join(lines[:min(len(lines), 32)], "")
	if !strings.Contains(screen, "catc reads the **catalogs Puppet compiles**") {
		t.Errorf("the first screen does not say catc reads Puppet's catalogs:\n%s", screen)
	}
	setup := block(t, screen, "On a fresh machine with Go 1.26:\n\n```sh\n")
	if n := strings.Count(setup, "\n"); n != 2 || !strings.HasPrefix(setup, "go run ./cmd/catc plan fixtures/seed ") || !strings.Contains(setup, "\ngo test ./... ") {
		t.Errorf("a fresh machine takes exactly the seed's plan and the tests, not:\n%s", setup)
	}
	_, after, _ := strings.Cut(screen, setup)
	own := block(t, after, "```sh\n")
	find, rest, _ := strings.Cut(own, "\ncatc plan web01.json ")
	regen := readFile(t, filepath.Join(testutil.Root(), "docs", "puppet-example", "regen.sh"))
	if !strings.HasPrefix(find, "puppet catalog find web01.example.com --terminus compiler --render-as json") ||
		!strings.Contains(regen, "\n#   "+strings.ReplaceAll(find, "\n", "\n#   ")+"\n") {
		t.Errorf("the README's puppet command is not the one regen.sh runs:\n%s", find)
	}
	if !strings.Contains(rest, "\ncatc diff web01.json web01.new.json ") {
		t.Errorf("no diff of the catalog after the puppet command:\n%s", own)
	}
}

// TestREADMEPuppetExample keeps "Your Puppet code in one minute" true:
// each command runs in a copy of docs/puppet-example, printing exactly
// what the README shows.
func TestREADMEPuppetExample(t *testing.T) {
	section := readmeSection(t, "Your Puppet code in one minute")
	work := t.TempDir()
	copyTree(t, filepath.Join(testutil.Root(), "docs", "puppet-example"), work)
	t.Chdir(work)
	commands := 0
	for _, m := range fence.FindAllStringSubmatch(section, -1) {
		if m[1] == "console" {
			commands += runConsole(t, m[2], "docs/puppet-example")
		}
	}
	if commands != 2 {
		t.Errorf("%d commands run, want the plan and the diff", commands)
	}
}
