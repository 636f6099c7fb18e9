package puppetcatalog

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gctune"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// BenchmarkPlanSynthetic reads, models and plans (graph, expansion,
// order) a synthetic Puppet catalog of 100,000 node_res resources
// (gen.PuppetCatalog, the oracle's synthetic shape), with the oracle's
// types file loaded beside it, as `catc plan types.hcl catalog.json`.
// Wall time is the machine's; its CPU time is what the profile shows.
func BenchmarkPlanSynthetic(b *testing.B) {
	file := filepath.Join(b.TempDir(), "catalog.json")
	if err := os.WriteFile(file, gen.PuppetCatalog(100_000), 0o644); err != nil {
		b.Fatal(err)
	}
	types := testutil.Fixture("oracle", "types.hcl")
	defer gctune.One()() // the collector as catc plan sets it
	b.ReportAllocs()
	for b.Loop() {
		pc, diags := Read(file)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		defs, diags := compiler.Load([]string{types}, compiler.LoadOptions{})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		c, diags := Model(pc, defs)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		if order, cycles := graph.Expand(graph.Build(c)).Order(); len(cycles) > 0 || len(order) < 100_000 {
			b.Fatalf("%d steps, %d cycles", len(order), len(cycles))
		}
	}
}

// BenchmarkPlanBigNode reads, models and plans the oracle's real catalog
// of 1,038 resources as `catc plan big_node.catalog.json` does, built-in
// types only. The built-in types' first use is made before the timer:
// it is paid once per process, not per catalog.
func BenchmarkPlanBigNode(b *testing.B) {
	file := testutil.Fixture("oracle", "catalogs", "big_node.catalog.json")
	plan := func() {
		pc, diags := Read(file)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		defs, diags := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		c, diags := Model(pc, defs)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		if order, cycles := graph.Expand(graph.Build(c)).Order(); len(cycles) > 0 || len(order) == 0 {
			b.Fatalf("%d steps, %d cycles", len(order), len(cycles))
		}
	}
	plan()
	b.ReportAllocs()
	for b.Loop() {
		plan()
	}
}
