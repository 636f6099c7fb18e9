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
