package main

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestGraphBoundsLargeWrappedPictures: a wrapped picture of more than a
// couple of hundred resources bounds Graphviz's iterations (without them
// dot took 52 s on big_node's flat picture and 67 s for apache's page);
// a class picture above the fold limit is not folded (so not bounded);
// a small picture keeps Graphviz's defaults.
func TestGraphBoundsLargeWrappedPictures(t *testing.T) {
	t.Parallel()
	catalogs := func(name string) string { return testutil.Fixture("oracle", "catalogs", name+".catalog.json") }
	cases := []struct {
		name    string
		args    []string
		bounded bool
		folded  bool
	}{
		{"big_node flat", []string{"--cluster", "none", catalogs("big_node")}, true, true},
		{"apache flat", []string{"--cluster", "none", catalogs("apache")}, true, true},
		{"apache classes", []string{catalogs("apache")}, true, true},
		{"big_node classes, too large to fold", []string{catalogs("big_node")}, false, false},
		{"hand_refresh classes", []string{catalogs("hand_refresh")}, false, false},
		{"wide (37 resources)", []string{testutil.Fixture("graph", "wide")}, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, out, stderr := runCatc(t, append([]string{"graph"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := strings.Contains(out, "mclimit=0.1"); got != c.bounded {
				t.Errorf("bounded iterations: %v, want %v", got, c.bounded)
			}
			if got := strings.Contains(out, "style=invis"); got != c.folded {
				t.Errorf("rows (invisible edges): %v, want %v", got, c.folded)
			}
		})
	}
}
