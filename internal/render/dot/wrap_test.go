package dot

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
)

// TestDOTWraps: which pictures wrap into rows, and that what wrapping
// adds is invisible and marked (class wrap), so that nothing new is
// drawn. How wide the laid-out pictures are is checked with Graphviz in
// internal/render/svg (TestWideGraphAspect).
func TestDOTWraps(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, dir string
		opts      Options
		rows      int // 0: not wrapped
	}{
		{name: "37 resources side by side", dir: "graph/wide", rows: 3},
		{name: "340 resources, no edge", dir: "diff/large/new", rows: 18},
		{name: "a picture that is fine", dir: "graph/web"},
		{name: "a small picture under a long caption", dir: "diff/reorder/new", opts: Options{Caption: strings.Repeat("focus Package[x] ", 30)}},
		{name: "grouped in clusters", dir: "graph/wide", opts: Options{Cluster: ClusterType}},
	}
	rowsRE := regexp.MustCompile(`wrapped into (\d+) rows`)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			if err := Write(&b, selectFixture(t, tc.dir, graph.Selection{}), tc.opts); err != nil {
				t.Fatal(err)
			}
			dot := b.String()
			rows := 0
			if m := rowsRE.FindStringSubmatch(dot); m != nil {
				rows, _ = strconv.Atoi(m[1])
			}
			if rows != tc.rows {
				t.Errorf("wrapped into %d rows, want %d", rows, tc.rows)
			}
			if points := strings.Count(dot, "[shape=point, style=invis"); points != max(rows-1, 0) {
				t.Errorf("%d invisible points, want one below each row but the last (%d)", points, max(rows-1, 0))
			}
			for _, line := range strings.Split(dot, "\n") {
				if strings.Contains(line, "wrap") != strings.Contains(line, "class=wrap") && !strings.HasPrefix(strings.TrimSpace(line), "//") && !strings.Contains(line, "rank=same") {
					t.Errorf("a wrapping line without class=wrap: %s", line)
				}
				if strings.Contains(line, "class=wrap") && !strings.Contains(line, "style=invis") {
					t.Errorf("a visible wrapping line: %s", line)
				}
			}
		})
	}
}
