package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestPuppetNotesOnStderrOnce: what catc cannot know about a Puppet
// catalog (resources generated on the node, types without a definition)
// is said on standard error, each kind of note once per run, for every
// command: never on standard output or in a -o file, where it broke the
// plan text a tool or a review comment reads. A diff or a fleet reads
// several catalogs: one note names the resources of all of them.
func TestPuppetNotesOnStderrOnce(t *testing.T) {
	t.Parallel()
	apache := testutil.Fixture("oracle", "catalogs", "apache.catalog.json")
	big := testutil.Fixture("oracle", "catalogs", "big_node.catalog.json")
	out := filepath.Join(t.TempDir(), "plan.txt")
	writeFile(t, out, "")
	generated := map[string]int{} // how many generating resources each run's note counts
	for _, args := range [][]string{
		{"plan", big},
		{"plan", big, "-o", out},
		{"plan", big, "--format", "json", "-o", out},
		{"validate", big},
		{"graph", big, "--format", "json"},
		{"why", big, "Package[sudo]"},
		{"diff", apache, big},
	} {
		code, stdout, stderr := runCatc(t, args...)
		if code != 0 && args[0] != "diff" {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		if strings.Contains(stdout, "Note:") || strings.Contains(readFile(t, out), "Note:") {
			t.Errorf("%q: a note in the output", args)
		}
		for _, kind := range []string{"Note: Resources generated on the node", "Note: Auto relationships unknown for Firewall"} {
			if n := strings.Count(stderr, kind); n != 1 {
				t.Errorf("%q: %q said %d times on stderr:\n%s", args, kind, n, stderr)
			}
		}
		generated[args[0]] = generatedCount(t, stderr)
	}
	_, _, stderr := runCatc(t, "plan", apache)
	if n := generatedCount(t, stderr); generated["diff"] <= max(n, generated["plan"]) {
		t.Errorf("the diff's note counts %d generating resources, apache's %d and big_node's %d: not those of both sides", generated["diff"], n, generated["plan"])
	}
	fleetDir := writeCatalogFleet(t, false)
	for _, args := range [][]string{{"diff", fleetDir, writeCatalogFleet(t, false)}, {"plan", fleetDir}, {"graph", fleetDir, "-o", filepath.Join(t.TempDir(), "g")}} {
		_, stdout, stderr := runCatc(t, args...)
		if n := strings.Count(stderr, "Note: Resources generated on the node"); n != 1 || strings.Contains(stdout, "Note:") {
			t.Errorf("%s of a fleet: the note of generated resources said %d times on stderr, or on stdout:\n%s", args[0], n, stderr)
		}
	}
	if _, _, stderr := runCatc(t, "plan", big, "--diagnostics", "json"); strings.Contains(stderr, "Note:") {
		t.Errorf("a note in the JSON diagnostics:\n%s", stderr)
	}
}

// generatedCount is how many resources the note "Resources generated on
// the node …: A, B, … (N more)." names.
func generatedCount(t *testing.T, stderr string) int {
	t.Helper()
	_, note, ok := strings.Cut(stderr, "Note: Resources generated on the node are not shown, and their order cannot be known offline: ")
	if !ok {
		t.Fatalf("no note of generated resources in %s", stderr)
	}
	note, _, _ = strings.Cut(note, "\n")
	n := strings.Count(note, "), ") + 1
	if i := strings.LastIndex(note, "… ("); i >= 0 {
		var more int
		fmt.Sscanf(note[i+len("… ("):], "%d more", &more)
		n += more - 1
	}
	return n
}
