package graph

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuildMergesParallelKinds(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, `
resource "node_res" "a" {}
resource "node_res" "b" {
  require   = node_res.a
  subscribe = ["Node_res[a]"]
}
resource "node_res" "c" {
  deps   = ["a", "b"]
  before = node_res.b
}
`)
	g := Build(c)
	a, b, cc := lookup(t, c, "node_res", "a"), lookup(t, c, "node_res", "b"), lookup(t, c, "node_res", "c")
	e := g.Edge(a, b)
	if e == nil || e.Kinds != Require|Subscribe || !e.Refresh() || len(e.Origins) != 2 {
		t.Fatalf("a => b = %+v, want one refresh edge with require and subscribe", e)
	}
	// c autorequires a (added) and b (skipped: c before b exists).
	if e := g.Edge(a, cc); e == nil || e.Kinds != AutoRequire || e.Origins[0].RuleName() != "autorequire node_res" {
		t.Errorf("a => c = %+v, want an autorequire edge", e)
	}
	if g.Edge(b, cc) != nil {
		t.Errorf("b => c exists; the autorequire must be skipped (c => b was written)")
	}
	if len(g.Skipped) != 1 {
		t.Fatalf("Skipped = %+v, want one skip", g.Skipped)
	}
	if s := g.Skipped[0]; s.From != b || s.To != cc || s.Same || !s.Reverse || !s.Logged() || s.Origin.Kind != AutoRequire {
		t.Errorf("Skipped[0] = %+v, want b => c skipped for the reverse edge", s)
	}
	if g.Len() != 3 {
		t.Errorf("Len = %d, want 3", g.Len())
	}
}

func TestOrderRandomIsSeededAndTopological(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, `
resource "node_res" "a" {}
resource "node_res" "b" { require = node_res.a }
resource "node_res" "c" {}
resource "node_res" "d" { require = node_res.c }
resource "node_res" "e" {}
resource "node_res" "f" { before = node_res.a }
`)
	g := Build(c)
	first, _ := Order(g, Ordering{Random: true, Seed: 7})
	again, _ := Order(g, Ordering{Random: true, Seed: 7})
	if diff := cmp.Diff(refs(first.Order()), refs(again.Order())); diff != "" {
		t.Errorf("same seed, different orders:\n%s", diff)
	}
	for _, p := range []*Plan{first} {
		for _, e := range g.Edges() {
			if p.StepOf(e.F.Resource) >= p.StepOf(e.T.Resource) {
				t.Errorf("%s applied after %s", e.F.Resource.Ref(), e.T.Resource.Ref())
			}
		}
	}
	byDecl, _ := Order(g, Ordering{})
	// Ready at first: c, e, f; taking c frees d, which goes before e.
	want := []string{"Node_res[c]", "Node_res[d]", "Node_res[e]", "Node_res[f]", "Node_res[a]", "Node_res[b]"}
	if diff := cmp.Diff(want, refs(byDecl.Order())); diff != "" {
		t.Errorf("declaration order (-want +got):\n%s", diff)
	}
}

func TestRefreshChains(t *testing.T) {
	t.Parallel()
	// The oracle's refresh_edges case: a ~> b ~> c, d -> e ~> c.
	c := loadCatalog(t, `
resource "node_res" "a" { notify = node_res.b }
resource "node_res" "b" {}
resource "node_res" "c" { subscribe = "Node_res[b]" }
resource "node_res" "d" { before = [node_res.e] }
resource "node_res" "e" { notify = ["Node_res[c]"] }
`)
	p, _ := Order(Build(c), Ordering{})
	got := map[string]string{}
	for _, s := range p.Steps {
		var parts []string
		for _, r := range s.RefreshedBy {
			part := r.Resource.Ref()
			if r.Via != nil {
				part += " via " + r.Via.Ref()
			}
			parts = append(parts, part)
		}
		got[s.Resource.Ref()] = strings.Join(parts, ", ")
	}
	want := map[string]string{
		"Node_res[a]": "",
		"Node_res[b]": "Node_res[a]",
		"Node_res[c]": "Node_res[a] via Node_res[b], Node_res[b], Node_res[e]",
		"Node_res[d]": "",
		"Node_res[e]": "",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("refreshed by (-want +got):\n%s", diff)
	}
}

func TestCycleDiagnostics(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, `
resource "node_res" "b" { require = node_res.a }
resource "node_res" "a" { require = node_res.b }
resource "node_res" "s" { require = node_res.s }
resource "node_res" "x" { require = node_res.a }
`)
	p, diags := Order(Build(c), Ordering{})
	var got []string
	for _, d := range diags {
		got = append(got, d.Summary+" @ "+d.Subject.String())
	}
	want := []string{
		"Dependency cycle: (Node_res[a] => Node_res[b] => Node_res[a]) @ main.hcl:3,1-24",
		"Dependency cycle: (Node_res[s] => Node_res[s]) @ main.hcl:4,1-24",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if !strings.Contains(diags[0].Detail, "Node_res[a] => Node_res[b]: require on Node_res[b] at main.hcl:2") {
		t.Errorf("detail does not list the edge with file:line:\n%s", diags[0].Detail)
	}
	if diff := cmp.Diff([]string{"Node_res[b]", "Node_res[a]", "Node_res[s]", "Node_res[x]"}, refs(p.Blocked)); diff != "" {
		t.Errorf("Blocked (-want +got):\n%s", diff)
	}
	if len(p.Steps) != 0 || p.Complete() {
		t.Errorf("a cyclic plan has %d steps, complete %v", len(p.Steps), p.Complete())
	}
}

func TestCycleReportsOthers(t *testing.T) {
	t.Parallel()
	// One component {a, b, c, d}; the shortest cycle from a is a => b => a,
	// and c, d are caught too.
	c := loadCatalog(t, `
resource "node_res" "a" { before = [node_res.c, node_res.b] }
resource "node_res" "b" { before = node_res.a }
resource "node_res" "c" { before = node_res.d }
resource "node_res" "d" { before = node_res.a }
`)
	cs := Build(c).Cycles()
	if len(cs) != 1 {
		t.Fatalf("%d cycles, want 1", len(cs))
	}
	if got := cs[0].String(); got != "(Node_res[a] => Node_res[b] => Node_res[a])" {
		t.Errorf("cycle = %s", got)
	}
	if diff := cmp.Diff([]string{"Node_res[c]", "Node_res[d]"}, refs(cs[0].Others())); diff != "" {
		t.Errorf("Others (-want +got):\n%s", diff)
	}
	if d := cs.Diagnostics()[0].Detail; !strings.Contains(d, "2 other resources are caught in the same cycle: Node_res[c], Node_res[d].") {
		t.Errorf("detail:\n%s", d)
	}
}

func TestWhy(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, `
resource "node_res" "a" {}
resource "node_res" "b" { require = node_res.a }
resource "node_res" "c" { deps = ["b"] }
resource "node_res" "d" { subscribe = node_res.c }
resource "node_res" "z" {}
`)
	p, _ := Order(Build(c), Ordering{})
	a, d, z := lookup(t, c, "node_res", "a"), lookup(t, c, "node_res", "d"), lookup(t, c, "node_res", "z")
	w := p.Why(a, d)
	var got []string
	for _, e := range w.Path {
		got = append(got, e.F.Resource.Ref()+" "+e.Kinds.String())
	}
	if diff := cmp.Diff([]string{"Node_res[a] require", "Node_res[b] autorequire", "Node_res[c] subscribe"}, got); diff != "" {
		t.Errorf("path (-want +got):\n%s", diff)
	}
	if w := p.Why(d, a); w.Path != nil || len(w.Reverse) != 3 || w.Reverse[0].F.Resource != a || w.Reverse[2].T.Resource != d {
		t.Errorf("Why(d, a) = path %v, reverse %v; want no path and the 3-edge reverse chain a => d", w.Path, w.Reverse)
	}
	if w := p.Why(a, z); w.Path != nil || w.Reverse != nil || w.FromStep != 1 || w.ToStep != 5 {
		t.Errorf("Why(a, z) = %+v", w)
	}
	n := p.Neighbours(lookup(t, c, "node_res", "c"))
	if len(n.Before) != 1 || len(n.After) != 1 || n.Step != 3 {
		t.Errorf("Neighbours(c) = %+v", n)
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	c := loadCatalog(t, `
resource "software" "php-yum" {}
resource "node_res" "a" { alias = ["first"] }
resource "node_res" "old" { name = "new" }
`)
	tests := []struct{ text, want, err string }{
		{"Node_res[new]", "Node_res[new]", ""},
		{"Node_res[old]", "", "declared as Node_res[old] under its name, as Node_res[new]"},
		{"Software[php-yum]", "Software[php-yum]", ""},
		{"software['php-yum']", "Software[php-yum]", ""},
		{"Software[php]", "", "no resource Software[php]"},
		{"node_res.a", "Node_res[a]", ""},
		{"Node_res[first]", "Node_res[a]", ""},
		{"Node_res[b]", "", `Did you mean "Node_res[a]"?`},
		{"Node_ress[a]", "", `Did you mean "node_res"?`},
		{"nonsense", "", "is not a resource reference"},
	}
	for _, tc := range tests {
		r, diags := Resolve(c, tc.text)
		switch {
		case tc.err == "" && (r == nil || r.Ref() != tc.want):
			t.Errorf("Resolve(%q) = %v, %v; want %s", tc.text, r, diags, tc.want)
		case tc.err != "" && (r != nil || len(diags) != 1 || !strings.Contains(diags[0].Detail, tc.err)):
			t.Errorf("Resolve(%q) = %v, %v; want an error containing %q", tc.text, r, diags, tc.err)
		}
	}
}

func TestLongCycleIsBounded(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	for i := range 25 {
		fmt.Fprintf(&src, "resource \"node_res\" \"n%02d\" { before = node_res.n%02d }\n", i, (i+1)%25)
	}
	diags := Build(loadCatalog(t, src.String())).Cycles().Diagnostics()
	if len(diags) != 1 {
		t.Fatalf("%d diagnostics, want 1", len(diags))
	}
	wantSummary := "Dependency cycle: (Node_res[n00] => Node_res[n01] => Node_res[n02] => Node_res[n03] => Node_res[n04] => " +
		"Node_res[n05] => Node_res[n06] => Node_res[n07] => Node_res[n08] => … (15 more) => Node_res[n24] => Node_res[n00])"
	if diags[0].Summary != wantSummary {
		t.Errorf("summary = %q\nwant      %q", diags[0].Summary, wantSummary)
	}
	if d := diags[0].Detail; strings.Count(d, "\n  Node_res[") != 20 || !strings.Contains(d, "… and 5 more edges (catc plan lists them all)") {
		t.Errorf("detail not bounded to 20 edges:\n%s", d)
	}
}
