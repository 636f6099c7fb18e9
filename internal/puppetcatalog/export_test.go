package puppetcatalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestExportAppliedInPlanOrder: the 400 core-type resources of
// fixtures/oracle/export/core400, exported as `catc compile --format
// puppet` does, give the committed catalog byte for byte, and Puppet 7.23
// applied that catalog (`puppet apply --noop --catalog`, answer in
// core400.json) in exactly the order catc plans the HCL.
func TestExportAppliedInPlanOrder(t *testing.T) {
	dir := testutil.Fixture("oracle", "export")
	paths, _ := filepath.Glob(filepath.Join(dir, "core400", "*.hcl"))
	var names []string
	var srcs [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		names, srcs = append(names, filepath.ToSlash(rel)), append(srcs, b)
	}
	c, diags := catalog.LoadFiles(names, srcs, catalog.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g := graph.Build(c)

	var exported bytes.Buffer
	if err := Write(&exported, g, Options{}); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join(dir, "core400.catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(exported.Bytes(), committed) {
		t.Errorf("the export differs from core400.catalog.json (run fixtures/oracle/export/regen.sh)")
	}

	var want coreAnswer
	data, err := os.ReadFile(filepath.Join(dir, "core400.json"))
	if err != nil || json.Unmarshal(data, &want) != nil {
		t.Fatal("no answer core400.json")
	}
	if want.Cycles != nil || len(want.Order) != len(c.Resources) {
		t.Fatalf("Puppet evaluated %d of %d resources (cycles %v)", len(want.Order), len(c.Resources), want.Cycles)
	}
	order, cycles := graph.Expand(g).Order()
	if len(cycles) > 0 {
		t.Fatalf("catc found cycles: %v", graph.CycleMessage(cycles))
	}
	var got []string
	for _, v := range order {
		if v.Whit == graph.NoWhit && !graph.IsContainer(v.Resource) {
			got = append(got, v.String())
		}
	}
	if !slices.Equal(got, want.Order) {
		for i := range min(len(got), len(want.Order)) {
			if got[i] != want.Order[i] {
				t.Fatalf("order differs at step %d: catc %s, Puppet %s", i+1, got[i], want.Order[i])
			}
		}
		t.Fatalf("order: catc %d steps, Puppet %d", len(got), len(want.Order))
	}
}
