package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// refreshCatalog is a Puppet catalog with classes, a contained class,
// defines and refreshes through them (its README has the manifest).
var refreshCatalog = testutil.Fixture("oracle", "catalogs", "hand_refresh.catalog.json")

// TestPuppetGraphByClass: a Puppet catalog is drawn in class boxes,
// nested as contained (Class[Inner] inside Class[A]), with no box for the
// lone stage; an edge into a class ends at its box. --cluster none draws
// no box.
func TestPuppetGraphByClass(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "graph", refreshCatalog)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	testutil.Golden(t, "testdata/puppet/graph_class.golden", []byte(out))
	a := strings.Index(out, `label="Class[A]"`)
	inner := strings.Index(out, `label="Class[Inner]"`)
	if a < 0 || inner < a || strings.Contains(out[a:inner], "\n\t}\n") || !strings.Contains(out, "\t\t\tgraph [label=\"Class[Inner]\"") {
		t.Errorf("Class[Inner] is not drawn inside Class[A]'s box:\n%s", out)
	}
	if strings.Contains(out, `label="Stage[main]"`) || strings.Contains(out, `"Stage[main]" [`) {
		t.Errorf("the lone stage is drawn:\n%s", out)
	}
	if !strings.Contains(out, `"Notify[kick]" -> "Class[A]" [lhead="cluster_`) {
		t.Errorf("the edge into Class[A] does not end at its box:\n%s", out)
	}
	_, flat, _ := runCatc(t, "graph", "--cluster", "none", refreshCatalog)
	if strings.Contains(flat, "subgraph") {
		t.Errorf("--cluster none draws boxes:\n%s", flat)
	}
}

// TestPuppetGraphCollapse: a collapsed class is one node saying how many
// resources it holds, the edges into and out of its resources drawn to
// it; all collapses every outermost container.
func TestPuppetGraphCollapse(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "graph", "--collapse", "Class[a]", "--collapse", "Node[default]", refreshCatalog)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	testutil.Golden(t, "testdata/puppet/graph_collapse.golden", []byte(out))
	for _, want := range []string{
		`"Class[A]" [label="Class[A]\n(3 resources)", shape=folder`,
		`"Node[default]" [label="Node[default]\n(6 resources)", shape=folder`,
		`"Node[default]" -> "Class[A]" [style=dashed, tooltip="Node[default] => Class[A] (1 edge)\nNotify[kick] => Class[A]"]`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	for _, hidden := range []string{`"Exec[inner_exec]" [`, `"File[/tmp]" [`, `"Notify[kick]" [`, `"File[usr]" -> `} {
		if strings.Contains(out, hidden) {
			t.Errorf("%s is drawn inside a collapsed container:\n%s", hidden, out)
		}
	}
	_, all, _ := runCatc(t, "graph", "--collapse", "all", refreshCatalog)
	if strings.Contains(all, "subgraph") || !strings.Contains(all, `"Class[Main]" [label="Class[Main]\n(6 resources)"`) {
		t.Errorf("--collapse all:\n%s", all)
	}
	_, staged, _ := runCatc(t, "graph", "--collapse", "all", testutil.Fixture("oracle", "catalogs", "hand_stages.catalog.json"))
	for _, want := range []string{`graph [label="Stage[setup]"`, `graph [label="Stage[deploy]"`, `"Class[Rollout]" [label="Class[Rollout]\n(2 resources)"`} {
		if !strings.Contains(staged, want) {
			t.Errorf("--collapse all with stages: missing %s (stages stay boxes, their classes collapse) in\n%s", want, staged)
		}
	}
	_, apache, _ := runCatc(t, "graph", "--collapse", "all", testutil.Fixture("oracle", "catalogs", "apache.catalog.json"))
	if !strings.Contains(apache, `"Class[Apache]" -> "Class[Apache::Service]" [style=dashed, tooltip="Class[Apache] => Class[Apache::Service] (13 edges)\nPackage[httpd] => Class[Apache::Service]\n`) ||
		!strings.Contains(apache, `\n… and 5 more"`) {
		t.Errorf("apache --collapse all: the 13 edges into Class[Apache::Service] are not one dashed edge naming 8 of them")
	}
	_, cyc, _ := runCatc(t, "graph", "--collapse", "all", testutil.Fixture("oracle", "catalogs", "hand_cycle_classes.catalog.json"))
	if !strings.Contains(cyc, `"Class[Web]" -> "Class[Db]" [color="#d62728", penwidth=2, tooltip="Class[Web] => Class[Db] (1 edge)\nNotify[web ready] => Notify[db ready]"]`) {
		t.Errorf("a cycle through collapsed classes is not drawn red:\n%s", cyc)
	}
	for _, c := range []struct{ args, err string }{
		{"--collapse File[usr]", "File[usr] is no class, define, node or stage"},
		{"--collapse Class[A] --cluster type", "use it with --cluster class"},
		{"--collapse Class[A] --format json", "--collapse has no effect without --format dot or svg"},
		{"--collapse Class[nope]", "no resource Class[nope]"},
	} {
		code, _, stderr := runCatc(t, append(append([]string{"graph"}, strings.Fields(c.args)...), refreshCatalog)...)
		if code == 0 || !strings.Contains(stderr, c.err) {
			t.Errorf("%s: exit %d, stderr %q, want %q", c.args, code, stderr, c.err)
		}
	}
}

// TestPuppetGraphFocusClass: focusing on a class keeps its resources
// (a contained class's too) and their neighbours, and the graph JSON
// marks containers and what holds each resource.
func TestPuppetGraphFocusClass(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "graph", "--format", "json", "--focus", "Class[a]", refreshCatalog)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var g struct {
		Nodes []struct {
			Ref       string
			Focus     bool
			Container bool
			In        []string
		}
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatal(err)
	}
	var refs []string
	for _, n := range g.Nodes {
		refs = append(refs, n.Ref)
		switch n.Ref {
		case "Exec[inner_exec]":
			if !n.Focus || !slices.Equal(n.In, []string{"Class[Inner]"}) {
				t.Errorf("Exec[inner_exec]: focus %v, in %q", n.Focus, n.In)
			}
		case "Class[Inner]":
			if !n.Container || !slices.Equal(n.In, []string{"Stage[main]", "Class[A]"}) {
				t.Errorf("Class[Inner]: container %v, in %q", n.Container, n.In)
			}
		case "Notify[kick]":
			if n.Focus || n.Container {
				t.Errorf("Notify[kick]: focus %v, container %v", n.Focus, n.Container)
			}
		}
	}
	slices.Sort(refs)
	want := []string{"Class[A]", "Class[B]", "Class[C]", "Class[Inner]", "Exec[a_exec]", "Exec[inner_exec]", "File[/tmp]", "Notify[kick]"}
	if !slices.Equal(refs, want) {
		t.Errorf("focus on Class[a] keeps %q, want %q", refs, want)
	}
}

// TestPuppetPlanBoundaries: the plan text of real module catalogs and of
// the refresh catalog: each resource in the box of its class or define,
// boxes nested as contained and headed where their first step comes,
// with the steps they hold and what they wait for; a box the agent comes
// back to headed again, continued; the classes that hold nothing listed
// once at the end; the lone stage not shown; refreshes through classes
// and defines.
func TestPuppetPlanBoundaries(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"hand_refresh", "apache", "big_node"} {
		code, out, stderr := runCatc(t, "plan", testutil.Fixture("oracle", "catalogs", name+".catalog.json"))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		testutil.Golden(t, "testdata/puppet/plan_"+name+".golden", []byte(out))
		if name != "big_node" && strings.Contains(out, "Stage[main]") { // big_node has two stages
			t.Errorf("%s: the lone stage is shown", name)
		}
	}
	_, out, _ := runCatc(t, "plan", refreshCatalog)
	for _, want := range []string{
		"Class[A]  (steps 3-5)\n   waits for Notify[kick]: notify on Notify[kick] at ",
		"  4. Exec[a_exec]  hand_refresh.pp:11\n     refreshed by Notify[kick] via Class[A]\n",
		"  Class[Inner]  (step 5)\n    5. Exec[inner_exec]  hand_refresh.pp:8\n       refreshed by Notify[kick] via Class[Inner]\n",
		"Class[Main]  (6 resources between steps 2 and 12)\n  Node[default]  (6 resources between steps 2 and 12)\n    2. Notify[kick]  hand_refresh.pp:25\n",
		"  7. Exec[c_exec]  hand_refresh.pp:20\nClass[Main], continued\n  Node[default], continued\n    8. Notify[via_file]",
		"    D[two]  hand_refresh.pp:32  (step 12)\n",
		"      12. Exec[d_exec_two]  hand_refresh.pp:22\n         refreshed by Notify[kick] via D[two]\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	_, apache, _ := runCatc(t, "plan", testutil.Fixture("oracle", "catalogs", "apache.catalog.json"))
	if strings.Contains(out, "Nothing to apply") || !strings.HasSuffix(apache, "\nNothing to apply in Class[Apache::Version], Class[Apache::Params], Class[Apache::Default_confd_files].\n") {
		t.Errorf("hand_refresh lists an empty class (Class[Settings] is empty in every catalog), or apache does not end with its own")
	}
	if strings.Contains(out, "Exec[c_exec]  hand_refresh.pp:20\n     refreshed") {
		t.Errorf("Class[B] -> Class[C] passes refreshes on:\n%s", out)
	}
}

// TestPuppetWhyThroughClasses: a chain that crosses a class from its
// start to its end says so in one step (the class ends only after what
// it holds) instead of wandering through one of its resources, and a
// stage that holds classes is never called empty; both directions.
func TestPuppetWhyThroughClasses(t *testing.T) {
	t.Parallel()
	stages := testutil.Fixture("oracle", "catalogs", "hand_stages.catalog.json")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{refreshCatalog, "File[/tmp]", "Exec[c_exec]"}, []string{
			"File[/tmp] comes before Exec[c_exec] through 5 steps",
			"1. File[/tmp] is in Class[A], which ends after it",
			"3. Class[B] ends only after everything in it (such as Service[b_svc])",
			"5. Class[C] contains Exec[c_exec], which starts after Class[C] starts",
		}},
		{[]string{refreshCatalog, "Exec[c_exec]", "Exec[inner_exec]"}, []string{
			"the reverse holds, Exec[inner_exec] must come before Exec[c_exec] through 6 steps",
			"2. Class[Inner] is in Class[A], which ends after it",
		}},
		{[]string{stages, "Notify[repos configured]", "Exec[rollout]"}, []string{
			"2. Class[Repos] is in Stage[setup], which ends after it",
			"4. Stage[main] ends only after everything in it (such as Class[Settings])",
			"6. Stage[deploy] contains Class[Rollout], which starts after Stage[deploy] starts",
		}},
	} {
		code, out, stderr := runCatc(t, append([]string{"why"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: missing %q in\n%s", c.args[1:], w, out)
			}
		}
		if strings.Contains(out, "Service[b_svc] is in Class[B]") || strings.Contains(out, "Stage[main] is empty") {
			t.Errorf("%q: a detour or a wrong empty:\n%s", c.args[1:], out)
		}
	}
}

// TestPuppetPlanJSONRefreshes: plan --format json marks containers and
// lists, per resource, the refreshers that reach it through classes and
// defines; a file and a class list none.
func TestPuppetPlanJSONRefreshes(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "plan", "--format", "json", refreshCatalog)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var plan struct {
		Resources []struct {
			Ref         string
			Container   bool
			RefreshedBy []string `json:"refreshed_by"`
		}
	}
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"Exec[a_exec]":     {"Notify[kick]"},
		"Exec[inner_exec]": {"Notify[kick]"},
		"Exec[d_exec_two]": {"Notify[kick]"},
		"Service[b_svc]":   {"File[/tmp]", "Exec[a_exec]", "Exec[inner_exec]", "Notify[kick]"},
		"Exec[after_file]": {"File[usr]"},
	}
	for _, r := range plan.Resources {
		if !slices.Equal(r.RefreshedBy, want[r.Ref]) {
			t.Errorf("%s refreshed by %q, want %q", r.Ref, r.RefreshedBy, want[r.Ref])
		}
		if r.Container != (strings.HasPrefix(r.Ref, "Class[") || strings.HasPrefix(r.Ref, "D[") ||
			strings.HasPrefix(r.Ref, "Node[") || strings.HasPrefix(r.Ref, "Stage[")) {
			t.Errorf("%s: container %v", r.Ref, r.Container)
		}
	}
}

// TestPuppetGraphClassSelfLoop: a class that requires itself is a cycle
// drawn as a loop on the class's node, which Graphviz cannot clip to the
// class's own box (no lhead or ltail on it).
func TestPuppetGraphClassSelfLoop(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "self.json")
	const cat = `{"tags":[],"name":"n","version":1,"code_id":null,"catalog_uuid":"0","catalog_format":2,"environment":"production",
"resources":[
 {"type":"Stage","title":"main","tags":[],"exported":false},
 {"type":"Class","title":"A","tags":[],"exported":false,"parameters":{"require":"Class[A]"}},
 {"type":"Notify","title":"x","tags":[],"exported":false}],
"edges":[{"source":"Stage[main]","target":"Class[A]"},{"source":"Class[A]","target":"Notify[x]"}],
"classes":["a"]}`
	if err := os.WriteFile(file, []byte(cat), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCatc(t, "graph", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, `"Class[A]" -> "Class[A]" [color="#d62728"`) || strings.Contains(out, "lhead") {
		t.Errorf("the class's loop:\n%s", out)
	}
}

// TestPuppetWhyNumbers: why numbers a resource of a Puppet catalog as the
// plan text does (resources only, classes are no steps), names the
// classes holding it, and says what refreshes it through its class.
func TestPuppetWhyNumbers(t *testing.T) {
	t.Parallel()
	_, out, _ := runCatc(t, "why", refreshCatalog, "Exec[a_exec]")
	if !strings.Contains(out, "Exec[a_exec]  ") || !strings.Contains(out, ", step 4\n") ||
		!strings.Contains(out, "Refreshed by Notify[kick] via Class[A]") ||
		!strings.Contains(out, "\nIn Class[A]: it starts after Class[A] starts, and Class[A] ends after it.\n") {
		t.Errorf("why Exec[a_exec]:\n%s", out)
	}
	_, out, _ = runCatc(t, "why", refreshCatalog, "Class[Inner]")
	if !strings.Contains(out, "\nIn Stage[main] and Class[A]: it starts after each of them starts, and each ends after it.\n") {
		t.Errorf("why Class[Inner] (contained):\n%s", out)
	}
	_, out, _ = runCatc(t, "why", refreshCatalog, "Exec[quiet_exec]", "Exec[c_exec]")
	if !strings.Contains(out, "In the plan Exec[quiet_exec] is step 1 and Exec[c_exec] is step 7;") {
		t.Errorf("why Exec[quiet_exec] Exec[c_exec]:\n%s", out)
	}
}
