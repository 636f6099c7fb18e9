package dot

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil/puppettest"
)

// TestClassRowsBoxNotSelected: a box drawn around what is selected
// although it is not selected itself (graph --type file draws the files'
// class) is folded like any other: each row's nodes point to the
// invisible point below the row, and it points to the next row's nodes.
// Its rows were all put in the first, so the points held nothing below.
func TestClassRowsBoxNotSelected(t *testing.T) {
	t.Parallel()
	res := []string{`{"type":"Stage","title":"main","tags":[],"exported":false,"parameters":{"name":"main"}}`,
		`{"type":"Class","title":"Big","tags":[],"exported":false,"parameters":{}}`}
	edges := []string{`{"source":"Stage[main]","target":"Class[Big]"}`}
	for i := range 60 {
		file := fmt.Sprintf("/etc/mods/mod_%d.load", i)
		res = append(res, fmt.Sprintf(`{"type":"File","title":%q,"tags":[],"exported":false,"parameters":{"ensure":"file"}}`, file))
		edges = append(edges, fmt.Sprintf(`{"source":"Class[Big]","target":"File[%s]"}`, file))
	}
	cat := puppettest.Catalog(t, res, edges)
	s, _ := graph.Build(cat).Select(graph.Selection{Types: []string{"file"}})
	var out bytes.Buffer
	if err := Write(&out, s, Options{Cluster: ClusterClass}); err != nil {
		t.Fatal(err)
	}
	dot := out.String()
	points := regexp.MustCompile(`(?m)^\s*("wrap [^"]*") \[shape=point`).FindAllStringSubmatch(dot, -1)
	if len(points) == 0 {
		t.Fatalf("Class[Big] is not folded:\n%s", dot)
	}
	for _, p := range points {
		if !strings.Contains(dot, p[1]+" -> ") || !strings.Contains(dot, " -> "+p[1]+" ") {
			t.Errorf("%s does not stand between two rows (no edge into it or none out of it):\n%s", p[1], dot)
		}
	}
}

// TestClassDOTDeepNesting: the class picture of n nested classes stays
// linear in n, as the plan does: boxes are indented at most
// maxIndent tabs. Each box was indented by its full depth (4,000
// classes: 41 MB of DOT).
func TestClassDOTDeepNesting(t *testing.T) {
	t.Parallel()
	const n = 300
	s, diags := graph.Build(puppettest.DeeplyNested(t, n, 1)).Select(graph.Selection{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var out bytes.Buffer
	if err := Write(&out, s, Options{Cluster: ClusterClass}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, fmt.Sprintf("%q", fmt.Sprintf("Notify[n%d]", n-1))) || strings.Count(text, "subgraph ") != n {
		t.Fatalf("the picture lacks the last notify or a class box:\n%.2000s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if indent := len(line) - len(strings.TrimLeft(line, "\t")); indent > maxIndent {
			t.Fatalf("a line is indented %d tabs, more than %d: %.80q…", indent, maxIndent, line)
		}
	}
}
