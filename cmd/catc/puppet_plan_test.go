package main

import (
	"path/filepath"
	"regexp"
	"strconv"
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
