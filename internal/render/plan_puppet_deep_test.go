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
// linear in n: lines are indented at most maxPlanIndent levels. Each
// line was indented by its full depth, so the text grew as n² (16,000
// resources: 257 MB).
func TestPuppetPlanDeepNesting(t *testing.T) {
	t.Parallel()
	const n = 300
	p, _ := graph.Order(graph.Build(deeplyNested(t, n)), graph.Ordering{})
	var out bytes.Buffer
	if err := PlanText(&out, p); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, fmt.Sprintf("%d. Notify[n%d]", n, n-1)) || !strings.Contains(text, "Class[C0] ends (steps 1-300)") {
		t.Fatalf("the plan lacks the last notify or the outer class's end:\n%.2000s", text)
	}
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
	s, diags := graph.Build(deeplyNested(t, n)).Select(graph.Selection{})
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

// deeplyNested is a Puppet catalog of n classes, each inside the
// previous one, with n notifies in the innermost.
func deeplyNested(t *testing.T, n int) *catalog.Catalog {
	t.Helper()
	var res, edges []string
	res = append(res, `{"type":"Stage","title":"main","tags":[],"exported":false,"parameters":{"name":"main"}}`)
	prev := "Stage[main]"
	for i := range n {
		res = append(res, fmt.Sprintf(`{"type":"Class","title":"C%d","tags":[],"exported":false,"parameters":{}}`, i))
		edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Class[C%d]"}`, prev, i))
		prev = fmt.Sprintf("Class[C%d]", i)
	}
	for i := range n {
		res = append(res, fmt.Sprintf(`{"type":"Notify","title":"n%d","tags":[],"exported":false,"kind":"compilable_type","parameters":{}}`, i))
		edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Notify[n%d]"}`, prev, i))
	}
	return puppetCatalogOf(t, res, edges)
}
