package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil/puppettest"
)

// TestPuppetPlanDeepNesting: the Puppet plan of a catalog of n classes
// each inside the previous one, with n notifies in the innermost, stays
// linear in n: lines are indented at most maxPlanIndent levels, and a
// box deeper than that is headed with the boxes around it counted. Each
// line was indented by its full depth, so the text grew as n² (16,000
// resources: 257 MB).
func TestPuppetPlanDeepNesting(t *testing.T) {
	t.Parallel()
	const n = 300
	text := puppetPlanText(t, puppettest.DeeplyNested(t, n, 1))
	head := fmt.Sprintf("Class[C%d]  (steps 1-%d)  (inside %d more boxes)\n", n-maxPlanIndent, n, n-maxPlanIndent)
	if !strings.Contains(text, fmt.Sprintf("%d. Notify[n%d]", n, n-1)) || !strings.Contains(text, head) {
		t.Fatalf("the plan lacks the last notify or the outermost box shown (%q):\n%.2000s", head, text)
	}
	checkIndent(t, text)
}

// TestPuppetPlanDeepBranches: two branches of n/2 nested classes each,
// whose notifies the agent applies by turns, so that every step leaves
// one branch for the other: at most maxPlanIndent boxes are headed
// again at each step, not the whole branch (which made n²/2 lines).
func TestPuppetPlanDeepBranches(t *testing.T) {
	t.Parallel()
	const n = 300
	text := puppetPlanText(t, puppettest.DeeplyNested(t, n, 2))
	lines := strings.Count(text, "\n")
	if lines > n*(maxPlanIndent+2) || !strings.Contains(text, fmt.Sprintf("%d. Notify[n%d]", n, n-1)) {
		t.Fatalf("%d lines for %d steps, or the last notify missing:\n%.2000s", lines, n, text)
	}
	if !strings.Contains(text, "Class[B149], continued\n") {
		t.Errorf("the agent's coming back to a branch is not said:\n%.2000s", text)
	}
	checkIndent(t, text)
}

func puppetPlanText(t *testing.T, cat *catalog.Catalog) string {
	t.Helper()
	p, _ := graph.Order(graph.Build(cat), graph.Ordering{})
	var out bytes.Buffer
	if err := PlanText(&out, p); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func checkIndent(t *testing.T, text string) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if indent := len(line) - len(strings.TrimLeft(line, " ")); indent > 2*maxPlanIndent+3 {
			t.Fatalf("a line is indented %d spaces, more than %d levels: %.80q…", indent, maxPlanIndent, line)
		}
	}
}
