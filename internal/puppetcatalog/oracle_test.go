package puppetcatalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// coreAnswer is the part of fixtures/oracle/core/NAME.json these tests
// compare (the README there documents it).
type coreAnswer struct {
	OK         bool       `json:"ok"`
	Order      []string   `json:"order"`
	Edges      [][]string `json:"edges"`
	AutoEdges  [][]string `json:"auto_edges"`
	Cycles     *string    `json:"cycles"`
	CyclePaths [][]string `json:"cycle_paths"`
	Failed     []string   `json:"failed"`
	Errors     []string   `json:"errors"`
}

// planPuppet reads, models, builds and expands a Puppet catalog with the
// built-in core types.
func planPuppet(t *testing.T, file string) (*graph.Graph, []graph.Vertex, []graph.VertexCycle) {
	t.Helper()
	pc, diags := Read(file)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, coreTypes(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g := graph.Build(c)
	order, cycles := graph.Expand(g).Order()
	return g, order, cycles
}

// autoRulesFor reports whether the built-in types or the shipped module
// types have an auto rule for the type of each resource that gained an
// auto edge.
func autoRulesFor(edges [][]string) bool {
	defs, _ := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	for _, e := range edges {
		for _, ref := range e[:2] {
			typ, _, _ := catalog.SplitRef(ref)
			td := defs.TypeOrBuiltin(typ)
			if td == nil {
				td = catalog.ModuleType(typ)
			}
			if td == nil || len(td.AutoRules) == 0 {
				return false
			}
		}
	}
	return true
}

// TestCoreCatalogsOrder: for every core catalog whose answer has no auto
// edge (the types are not loaded here), the manual edges, the order of
// the resources (whits and containers left out, as the answer leaves
// them out, with Schedule and Filebucket) and the cycle messages equal
// Puppet's.
func TestCoreCatalogsOrder(t *testing.T) {
	files, _ := filepath.Glob(testutil.Fixture("oracle", "core", "*.catalog.json"))
	compared := 0
	for _, f := range files {
		var want coreAnswer
		data, err := os.ReadFile(strings.TrimSuffix(f, ".catalog.json") + ".json")
		if err != nil || json.Unmarshal(data, &want) != nil {
			t.Fatalf("%s: no answer", f)
		}
		if len(want.Failed) > 0 || (!want.OK && want.Cycles == nil) {
			continue // refused by the agent for reasons outside the graph
		}
		if len(want.AutoEdges) > 0 && !autoRulesFor(want.AutoEdges) {
			continue // the built-in types do not carry these auto rules yet
		}
		compared++
		t.Run(filepath.Base(f), func(t *testing.T) {
			g, order, cycles := planPuppet(t, f)
			var edges [][]string
			for _, e := range g.Edges() {
				if !graph.IsContainer(e.F.Resource) && !graph.IsContainer(e.T.Resource) {
					edges = append(edges, []string{e.F.Resource.Ref(), e.T.Resource.Ref()})
				}
			}
			slices.SortFunc(edges, func(a, b []string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
			if !slices.EqualFunc(edges, want.Edges, slices.Equal) {
				t.Errorf("edges %q, Puppet %q", edges, want.Edges)
			}
			if want.Cycles != nil {
				msg := graph.CycleMessage(cycles)
				if !strings.HasPrefix(*want.Cycles, msg+`\n`) {
					t.Errorf("cycles %q, Puppet %q", msg, *want.Cycles)
				}
				return
			}
			var got []string
			for _, v := range order {
				if typ := v.Resource.Type.Name; v.Whit == graph.NoWhit && typ != "schedule" && typ != "filebucket" {
					got = append(got, v.String())
				}
			}
			if !slices.Equal(got, want.Order) {
				t.Errorf("order %q, Puppet %q", got, want.Order)
			}
		})
	}
	if compared < 45 {
		t.Errorf("only %d catalogs compared", compared)
	}
	t.Logf("%d core catalogs compared", compared)
}

// TestContainerOrder: the catalog of puppet-graph.md §6.3's manifest
// (testdata/read/format2.json, paths renamed) is evaluated in the order
// Puppet's --evaltrace printed for it, whits included (each shown under
// its container's name), Schedule and Filebucket left out; the exported
// notify added by hand to the catalog is applied, as the agent applies
// every resource it gets (fixtures/oracle/catalogs/ntp_exported).
func TestContainerOrder(t *testing.T) {
	pc, diags := Read("testdata/read/format2.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, loadModelTypes(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	order, cycles := graph.Expand(graph.Build(c)).Order()
	if cycles != nil {
		t.Fatal(graph.CycleMessage(cycles))
	}
	var got []string
	for _, v := range order {
		got = append(got, v.String())
	}
	want := strings.Fields("Stage[main] Class[Settings] Class[Settings] Class[Main] Class[Web] File[/srv/web] File[/srv/web/secret.conf] " +
		"Exec[reload] Class[Web] Notify[first] Notify[second] Site::Vhost[www] Notify[vhost_www] Site::Vhost[www] Notify[exported] Class[Main] Stage[main]")
	want[12] = "Notify[vhost www]"
	if !slices.Equal(got, want) {
		t.Errorf("order\n%q\nPuppet\n%q", got, want)
	}
}

// TestContainerCycle: a class that requires one of its own resources is
// a cycle through its admissible whit, named as Puppet 7.23 named it for
// the same manifest (class a { notify { 'x': } } class { 'a': require
// => Notify['x'] }): the whit sorts by its ref, Whit[Admissible_class[A]],
// after Notify[x].
func TestContainerCycle(t *testing.T) {
	src := `{"name": "n", "catalog_format": 2, "resources": [
{"type": "Stage", "title": "main", "exported": false, "kind": "compilable_type"},
{"type": "Class", "title": "main", "exported": false, "kind": "unknown"},
{"type": "Class", "title": "A", "exported": false, "kind": "class", "parameters": {"require": "Notify[x]"}},
{"type": "Notify", "title": "x", "exported": false, "kind": "compilable_type"},
{"type": "Notify", "title": "empty-target", "exported": false, "kind": "compilable_type"}
], "edges": [{"source": "Stage[main]", "target": "Class[main]"}, {"source": "Stage[main]", "target": "Class[A]"},
 {"source": "Class[A]", "target": "Notify[x]"}, {"source": "Class[main]", "target": "Notify[empty-target]"}]}`
	pc, diags := Parse("cat.json", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, loadModelTypes(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, cycles := graph.Expand(graph.Build(c)).Order()
	want := "Found 1 dependency cycle:\n(Notify[x] => Class[A] => Notify[x])"
	if got := graph.CycleMessage(cycles); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
