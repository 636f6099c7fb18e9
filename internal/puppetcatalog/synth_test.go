package puppetcatalog

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestSyntheticCatalog: gen.PuppetCatalog (what BenchmarkPlanSynthetic
// and `gen -puppet` plan) is the same every time, reads without a
// diagnostic, and plans every resource with manual and auto edges and no
// cycle.
func TestSyntheticCatalog(t *testing.T) {
	data := gen.PuppetCatalog(1000)
	if !bytes.Equal(data, gen.PuppetCatalog(1000)) {
		t.Fatal("two runs differ")
	}
	file := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	pc, diags := Read(file)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	defs, diags := compiler.Load([]string{testutil.Fixture("oracle", "types.hcl")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, defs)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g := graph.Build(c)
	manual, auto := 0, 0
	for _, e := range g.Edges() {
		if graph.IsContainer(e.F.Resource) || graph.IsContainer(e.T.Resource) {
			continue
		}
		if e.Kinds.Auto() {
			auto++
		} else {
			manual++
		}
	}
	order, cycles := graph.Expand(g).Order()
	steps := 0
	for _, v := range order {
		if v.Whit == graph.NoWhit && !graph.IsContainer(v.Resource) {
			steps++
		}
	}
	if steps != 1000 || len(cycles) > 0 || manual < 200 || auto < 1000 {
		t.Errorf("%d steps, %d cycles, %d manual and %d auto edges", steps, len(cycles), manual, auto)
	}
}
