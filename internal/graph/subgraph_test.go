package graph

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/catalog"
)

// subgraphCatalog: a chain a → b → c → d with x → c beside it, an
// isolated e, a cycle f ⇄ g with h waiting on it, a self-loop s (blocked,
// as in Puppet), and one software resource.
const subgraphCatalog = `
resource "node_res" "d" { require = [node_res.c] }
resource "node_res" "c" { require = [node_res.b] }
resource "node_res" "b" { require = [node_res.a] }
resource "node_res" "a" {}
resource "node_res" "x" { before = [node_res.c] }
resource "node_res" "e" {}
resource "node_res" "f" { before = [node_res.g] }
resource "node_res" "g" { before = [node_res.f] }
resource "node_res" "h" { require = [node_res.g] }
resource "node_res" "s" { require = ["Node_res[s]"] }
resource "software" "php-yum" { require = [node_res.d] }
`

func TestSelect(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, subgraphCatalog)
	g := Build(c)
	r := func(title string) *catalog.Resource {
		if title == "php-yum" {
			return lookup(t, c, "software", title)
		}
		return lookup(t, c, "node_res", title)
	}
	tests := []struct {
		name  string
		sel   Selection
		nodes string // titles in apply order
		edges string // "from>to" pairs
	}{
		{
			name:  "everything, in apply order, blocked last",
			nodes: "a b x c d e php-yum f g h s",
			edges: "a>b b>c x>c c>d d>php-yum f>g g>f g>h s>s",
		},
		{
			name:  "focus both ways, any depth",
			sel:   Selection{Focus: []*catalog.Resource{r("c")}},
			nodes: "a b x c d php-yum",
			edges: "a>b b>c x>c c>d d>php-yum",
		},
		{
			name:  "focus up is what it depends on",
			sel:   Selection{Focus: []*catalog.Resource{r("c")}, Direction: Up},
			nodes: "a b x c",
			edges: "a>b b>c x>c",
		},
		{
			name:  "focus down, depth 1",
			sel:   Selection{Focus: []*catalog.Resource{r("b")}, Direction: Down, Depth: 1},
			nodes: "b c",
			edges: "b>c",
		},
		{
			name:  "focus both, depth 1, two roots",
			sel:   Selection{Focus: []*catalog.Resource{r("b"), r("h")}, Depth: 1},
			nodes: "a b c g h",
			edges: "a>b b>c g>h",
		},
		{
			name:  "both is not an undirected walk: siblings stay out",
			sel:   Selection{Focus: []*catalog.Resource{r("x")}},
			nodes: "x c d php-yum",
			edges: "x>c c>d d>php-yum",
		},
		{
			name:  "cycles only: components and self-loops",
			sel:   Selection{Cycles: true},
			nodes: "f g s",
			edges: "f>g g>f s>s",
		},
		{
			name:  "type filter, case-insensitive",
			sel:   Selection{Types: []string{"Software"}},
			nodes: "php-yum",
		},
		{
			name:  "focus roots stay despite the type filter",
			sel:   Selection{Focus: []*catalog.Resource{r("php-yum")}, Direction: Up, Depth: 1, Types: []string{"software"}},
			nodes: "php-yum",
		},
		{
			name:  "filters intersect",
			sel:   Selection{Focus: []*catalog.Resource{r("h")}, Cycles: true},
			nodes: "f g h",
			edges: "f>g g>f g>h",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, diags := g.Select(tc.sel)
			if diags.HasErrors() {
				t.Fatalf("Select: %v", diags)
			}
			var nodes, edges []string
			for _, r := range s.Resources {
				nodes = append(nodes, r.Title)
			}
			for _, e := range s.Edges {
				edges = append(edges, e.F.Resource.Title+">"+e.T.Resource.Title)
			}
			if diff := cmp.Diff(tc.nodes, strings.Join(nodes, " ")); diff != "" {
				t.Errorf("nodes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.edges, strings.Join(edges, " ")); diff != "" {
				t.Errorf("edges (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSubgraphCycles(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, subgraphCatalog)
	s, _ := Build(c).Select(Selection{})
	var on []string
	for _, e := range s.Edges {
		if s.OnCycle(e) {
			on = append(on, e.F.Resource.Title+">"+e.T.Resource.Title)
		}
	}
	if got, want := strings.Join(on, " "), "f>g g>f s>s"; got != want {
		t.Errorf("edges on a cycle = %q, want %q", got, want)
	}
	if got := s.CycleCount(); got != 2 {
		t.Errorf("CycleCount() = %d, want 2", got)
	}
	for title, want := range map[string]bool{"f": true, "s": true, "h": false, "a": false} {
		if got := s.InCycle(lookup(t, c, "node_res", title)); got != want {
			t.Errorf("InCycle(%s) = %v, want %v", title, got, want)
		}
	}
	for title, want := range map[string]int{"a": 1, "php-yum": 7, "f": 0, "s": 0} {
		r := c.Lookup("node_res", title)
		if r == nil {
			r = lookup(t, c, "software", title)
		}
		if got := s.StepOf(r); got != want {
			t.Errorf("StepOf(%s) = %d, want %d", title, got, want)
		}
	}
}

func TestSelectUnknownType(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, subgraphCatalog)
	_, diags := Build(c).Select(Selection{Types: []string{"node_re"}})
	if len(diags) != 1 || diags[0].Summary != summaryUnknownType {
		t.Fatalf("Select(--type node_re) diags = %v, want one %q", diags, summaryUnknownType)
	}
	if !strings.Contains(diags[0].Detail, `Did you mean "node_res"?`) {
		t.Errorf("detail %q does not suggest node_res", diags[0].Detail)
	}
}

func TestParseDirection(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Direction{"up": Up, "DOWN": Down, "both": Both} {
		if got, err := ParseDirection(in); err != nil || got != want {
			t.Errorf("ParseDirection(%q) = %v, %v, want %v", in, got, err, want)
		}
	}
	if _, err := ParseDirection("sideways"); err == nil {
		t.Error("ParseDirection(sideways) succeeded, want an error")
	}
}
