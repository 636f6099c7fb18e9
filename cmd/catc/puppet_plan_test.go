package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// heldEnd is a box's head that names its span and count.
var heldEnd = regexp.MustCompile(`(?m)^ *(\S.*?\])(?:  .*)?  \((\d+) resources between steps (\d+) and (\d+)\)$`)

// TestPuppetPlanHeldOnce: a box's head counts each step it holds
// once, though a contain()ed class is in its stage and in the class that
// contains it, and a class contained by two classes is in both
// (hand_stages_contain: two stages, contain() in a staged class and from
// two paths). Over the whole corpus no container claims more resources
// than there are steps in its span.
func TestPuppetPlanHeldOnce(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "plan", testutil.Fixture("oracle", "catalogs", "hand_stages_contain.catalog.json"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	testutil.Golden(t, "testdata/puppet/plan_hand_stages_contain.golden", []byte(out))
	files, _ := filepath.Glob(testutil.Fixture("oracle", "catalogs", "*.catalog.json"))
	spans := 0
	for _, f := range files {
		_, out, _ := runCatc(t, "plan", f)
		for _, m := range heldEnd.FindAllStringSubmatch(out, -1) {
			spans++
			n, _ := strconv.Atoi(m[2])
			first, _ := strconv.Atoi(m[3])
			last, _ := strconv.Atoi(m[4])
			if n > last-first+1 {
				t.Errorf("%s: %s holds %d resources between steps %d and %d", filepath.Base(f), m[1], n, first, last)
			}
		}
	}
	if spans < 10 {
		t.Errorf("only %d boxes with interleaved steps over the corpus: the heads are not read", spans)
	}
}

// TestPuppetPlanBoxesFollowSteps: over every catalog of the corpus
// (compiled by Puppet 7.23 from public modules and hand-written
// manifests), the plan text numbers its steps 1, 2, 3… down the page,
// the boxes appear in the order of their steps, and indentation follows
// the lines printed: a step or a box's head is at most one level in from
// the line above it that is not a "waits for" or "refreshed by", so a
// reader never meets a line nested under a box that is not shown above
// it.
func TestPuppetPlanBoxesFollowSteps(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(testutil.Fixture("oracle", "catalogs", "*.catalog.json"))
	step := regexp.MustCompile(`^( *)(\d+)\. `)
	planned := 0
	for _, f := range files {
		code, out, _ := runCatc(t, "plan", f)
		if code != 0 {
			continue // a cycle: no plan to read
		}
		planned++
		body, _, _ := strings.Cut(out, "\nNothing to apply in ")
		want, prev := 1, -2
		for i, line := range strings.Split(body, "\n")[2:] {
			indent := len(line) - len(strings.TrimLeft(line, " "))
			rest := strings.TrimLeft(line, " ")
			if line == "" || strings.HasPrefix(rest, "waits for ") || strings.HasPrefix(rest, "refreshed by ") {
				continue
			}
			if indent > prev+2 {
				t.Errorf("%s: line %d is indented %d, under a line indented %d: %q", filepath.Base(f), i+3, indent, prev, line)
			}
			prev = indent
			if m := step.FindStringSubmatch(line); m != nil {
				if n, _ := strconv.Atoi(m[2]); n != want {
					t.Errorf("%s: step %d where %d comes next: %q", filepath.Base(f), n, want, line)
				}
				want++
			}
		}
		if want == 1 {
			t.Errorf("%s: no step read", filepath.Base(f))
		}
	}
	if planned < 10 { // 29 catalogs, a few with cycles
		t.Errorf("only %d of %d oracle catalogs planned: the test read almost nothing", planned, len(files))
	}
}
