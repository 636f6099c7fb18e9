package render

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/graph"
)

// update rewrites the graph goldens (DOT and graph JSON) under testdata/:
// go test ./render/ -run 'TestDOT|TestGraphJSON' -update
var update = flag.Bool("update", false, "rewrite the graph golden files (testdata/graph_*)")

// selectFixture loads a fixtures/ directory and selects part of its graph;
// focus refs are resolved like --focus.
func selectFixture(t *testing.T, dir string, sel graph.Selection, focus ...string) *graph.Subgraph {
	t.Helper()
	c, diags := catalog.Load([]string{filepath.Join("..", "fixtures", dir)}, catalog.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load %s: %v", dir, diags)
	}
	for _, ref := range focus {
		r, diags := graph.Resolve(c, ref)
		if diags.HasErrors() {
			t.Fatalf("resolve %s: %v", ref, diags)
		}
		sel.Focus = append(sel.Focus, r)
	}
	s, diags := graph.Build(c).Select(sel)
	if diags.HasErrors() {
		t.Fatalf("select: %v", diags)
	}
	return s
}

// checkGraphGolden compares got with testdata/name, or rewrites it.
func checkGraphGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", name, diff)
	}
}

func TestDOT(t *testing.T) {
	tests := []struct {
		golden string
		dir    string
		sel    graph.Selection
		focus  []string
		opts   DOTOptions
	}{
		{golden: "graph_seed.dot", dir: "seed"},
		{golden: "graph_cycle.dot", dir: "graph/cycle"},
		{golden: "graph_cycles_only.dot", dir: "graph/cycle", sel: graph.Selection{Cycles: true}, opts: DOTOptions{Caption: "cycles only"}},
		{golden: "graph_focus.dot", dir: "graph/web", sel: graph.Selection{Depth: 1},
			focus: []string{"Service[webapp-gunicorn]"}, opts: DOTOptions{Caption: "focus Service[webapp-gunicorn] (depth 1, both)"}},
		{golden: "graph_cluster_type.dot", dir: "graph/web", opts: DOTOptions{Cluster: ClusterType}},
		{golden: "graph_cluster_file.dot", dir: "graph/web", sel: graph.Selection{Types: []string{"file", "service"}}, opts: DOTOptions{Cluster: ClusterFile}},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			s := selectFixture(t, tc.dir, tc.sel, tc.focus...)
			var b bytes.Buffer
			if err := DOT(&b, s, tc.opts); err != nil {
				t.Fatal(err)
			}
			checkGraphGolden(t, tc.golden, b.Bytes())
			var again bytes.Buffer
			if err := DOT(&again, selectFixture(t, tc.dir, tc.sel, tc.focus...), tc.opts); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), again.Bytes()) {
				t.Error("DOT is not deterministic: two runs differ")
			}
		})
	}
}

func TestGraphJSON(t *testing.T) {
	var b bytes.Buffer
	if err := GraphJSON(&b, selectFixture(t, "graph/cycle", graph.Selection{})); err != nil {
		t.Fatal(err)
	}
	checkGraphGolden(t, "graph_cycle.json", b.Bytes())
}

// TestGraphNoSensitive: sensitive values (a file's content, a user's
// password) appear in no graph format.
func TestGraphNoSensitive(t *testing.T) {
	secrets := map[string]string{"graph/cycle": "hunter2", "graph/web": "not-a-real-hash"}
	for dir, secret := range secrets {
		s := selectFixture(t, dir, graph.Selection{})
		var dot, js bytes.Buffer
		if err := DOT(&dot, s, DOTOptions{Cluster: ClusterFile}); err != nil {
			t.Fatal(err)
		}
		if err := GraphJSON(&js, s); err != nil {
			t.Fatal(err)
		}
		for name, out := range map[string]string{"DOT": dot.String(), "JSON": js.String()} {
			if strings.Contains(out, secret) {
				t.Errorf("%s of %s shows the sensitive value %q", name, dir, secret)
			}
		}
	}
}

// TestDOTEdgeStyles checks each edge's style against its kinds, on the
// cycle fixture: red exactly on the cycle edges, dashed exactly on
// refresh edges, grey on automatic edges off the cycle.
func TestDOTEdgeStyles(t *testing.T) {
	s := selectFixture(t, "graph/cycle", graph.Selection{})
	d := dotWriter{s: s}
	for _, e := range s.Edges {
		attrs := strings.Join(d.edgeAttrs(e), ", ")
		name := e.F.Resource.Ref() + " -> " + e.T.Resource.Ref()
		if got, want := strings.Contains(attrs, quote(colourCycle)), s.OnCycle(e); got != want {
			t.Errorf("%s: red = %v, want %v (%s)", name, got, want, attrs)
		}
		if got, want := strings.Contains(attrs, "style=dashed"), e.Refresh(); got != want {
			t.Errorf("%s: dashed = %v, want %v (%s)", name, got, want, attrs)
		}
		if got, want := strings.Contains(attrs, quote(colourAuto)), e.Kinds.Auto() && !s.OnCycle(e); got != want {
			t.Errorf("%s: grey = %v, want %v (%s)", name, got, want, attrs)
		}
	}
}

func TestParseCluster(t *testing.T) {
	for in, want := range map[string]Cluster{"": ClusterNone, "none": ClusterNone, "type": ClusterType, "file": ClusterFile} {
		if got, err := ParseCluster(in); err != nil || got != want {
			t.Errorf("ParseCluster(%q) = %v, %v, want %v", in, got, err, want)
		}
	}
	if _, err := ParseCluster("module"); err == nil {
		t.Error("ParseCluster(module) succeeded, want an error")
	}
}
