package pipeline

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil/catalogtest"
)

func TestPlanOrdersAndReportsCycles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		order     []string
		cycles    int
	}{
		{"chain", `
resource "node_res" "b" { require = [node_res.a] }
resource "node_res" "a" {}
`, []string{"Node_res[a]", "Node_res[b]"}, 0},
		{"cycle", `
resource "node_res" "a" { require = [node_res.b] }
resource "node_res" "b" { require = [node_res.a] }
`, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g, plan, diags := Plan(catalogtest.Oracle(t, tc.src), graph.Ordering{})
			if g == nil || plan == nil {
				t.Fatal("no graph or plan")
			}
			if len(diags) != tc.cycles || len(plan.Cycles) != tc.cycles {
				t.Fatalf("diagnostics %v, cycles %d; want %d", diags, len(plan.Cycles), tc.cycles)
			}
			var got []string
			for _, s := range plan.Steps {
				got = append(got, s.Resource.Ref())
			}
			if strings.Join(got, " ") != strings.Join(tc.order, " ") {
				t.Fatalf("order %v, want %v", got, tc.order)
			}
		})
	}
}

func TestParsePuppetModelsACatalog(t *testing.T) {
	t.Parallel()
	defs, diags := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	doc := `{"name":"n1","version":1,"resources":[
{"type":"Notify","title":"b","exported":false,"parameters":{"require":"Notify[a]"}},
{"type":"Notify","title":"a","exported":false}]}`
	cat, diags := ParsePuppet("n1.json", []byte(doc), defs)
	if cat == nil || diags.HasErrors() {
		t.Fatalf("model: %v", diags)
	}
	s, diags := Snapshot(cat, diags)
	if s == nil || diags.HasErrors() {
		t.Fatalf("snapshot: %v", diags)
	}
	if cat, diags := ParsePuppet("bad.json", []byte(`{"resources": 1}`), defs); cat != nil || !diags.HasErrors() {
		t.Fatalf("a broken catalog gave %v, %v", cat, diags)
	}
}

func TestSnapshotRefusesABrokenLoad(t *testing.T) {
	t.Parallel()
	if s, _ := Snapshot(nil, nil); s != nil {
		t.Fatal("a nil catalog gave a snapshot")
	}
}
