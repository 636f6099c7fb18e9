package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
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
	text := puppetPlanText(t, deeplyNested(t, n, 1))
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
	text := puppetPlanText(t, deeplyNested(t, n, 2))
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

// TestClassDOTDeepNesting: the class picture of n nested classes stays
// linear in n, as the plan does: boxes are indented at most
// maxPlanIndent tabs. Each box was indented by its full depth (4,000
// classes: 41 MB of DOT).
func TestClassDOTDeepNesting(t *testing.T) {
	t.Parallel()
	const n = 300
	s, diags := graph.Build(deeplyNested(t, n, 1)).Select(graph.Selection{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var out bytes.Buffer
	if err := DOT(&out, s, DOTOptions{Cluster: ClusterClass}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, fmt.Sprintf("%q", fmt.Sprintf("Notify[n%d]", n-1))) || strings.Count(text, "subgraph ") != n {
		t.Fatalf("the picture lacks the last notify or a class box:\n%.2000s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if indent := len(line) - len(strings.TrimLeft(line, "\t")); indent > maxPlanIndent {
			t.Fatalf("a line is indented %d tabs, more than %d: %.80q…", indent, maxPlanIndent, line)
		}
	}
}

// deeplyNested is a Puppet catalog of branches chains of n/branches
// classes, each inside the previous one (C0, C1, …; a second chain B0,
// B1, …), with n notifies, taken by turns into the innermost class of
// each chain.
func deeplyNested(t *testing.T, n, branches int) *catalog.Catalog {
	t.Helper()
	var res, edges []string
	res = append(res, `{"type":"Stage","title":"main","tags":[],"exported":false,"parameters":{"name":"main"}}`)
	inner := make([]string, branches)
	for b := range branches {
		prev := "Stage[main]"
		for i := range n / branches {
			name := fmt.Sprintf("%c%d", "CB"[b], i)
			res = append(res, fmt.Sprintf(`{"type":"Class","title":%q,"tags":[],"exported":false,"parameters":{}}`, name))
			edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Class[%s]"}`, prev, name))
			prev = "Class[" + name + "]"
		}
		inner[b] = prev
	}
	for i := range n {
		res = append(res, fmt.Sprintf(`{"type":"Notify","title":"n%d","tags":[],"exported":false,"kind":"compilable_type","parameters":{}}`, i))
		edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Notify[n%d]"}`, inner[i%branches], i))
	}
	return puppetCatalogOf(t, res, edges)
}
