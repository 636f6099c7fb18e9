package render

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
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
	cat := puppetCatalogOf(t, res, edges)
	s, _ := graph.Build(cat).Select(graph.Selection{Types: []string{"file"}})
	var out bytes.Buffer
	if err := DOT(&out, s, DOTOptions{Cluster: ClusterClass}); err != nil {
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
