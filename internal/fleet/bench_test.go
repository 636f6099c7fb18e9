package fleet

import (
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gctune"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/plandiff"
)

// writeFleet writes a generated fleet under a temporary directory.
func writeFleet(b *testing.B, nodes, resources int) (old, new, facts string) {
	b.Helper()
	old, new, facts, err := gen.WriteFleet(b.TempDir(), gen.GenerateFleet(gen.FleetOptions{Nodes: nodes, Resources: resources}))
	if err != nil {
		b.Fatal(err)
	}
	return old, new, facts
}

// BenchmarkDiffFleet: 100 nodes × 1,000 resources, both sides loaded
// once, every node compiled and compared (go test -bench DiffFleet
// ./fleet; the 1,000-node figures are in the README).
func BenchmarkDiffFleet(b *testing.B) {
	defer gctune.Batch()() // as in catc diff --nodes
	oldDir, newDir, factsDir := writeFleet(b, 100, 1000)
	b.ReportAllocs()
	for b.Loop() {
		old, _ := compiler.LoadSite([]string{oldDir}, compiler.LoadOptions{})
		new, _ := compiler.LoadSite([]string{newDir}, compiler.LoadOptions{})
		nodes, diags := nodefacts.Read(factsDir)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		d := DiffFleet(Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, Options{})
		if len(d.Groups) != 4 || d.Failing(NewSide) == 0 {
			b.Fatalf("%d groups, %d failing", len(d.Groups), d.Failing(NewSide))
		}
	}
}

// BenchmarkValidateFleet: validate --nodes on 100 nodes × 1,000
// resources (one side).
func BenchmarkValidateFleet(b *testing.B) {
	defer gctune.Batch()() // as in catc validate --nodes
	_, newDir, factsDir := writeFleet(b, 100, 1000)
	b.ReportAllocs()
	for b.Loop() {
		site, _ := compiler.LoadSite([]string{newDir}, compiler.LoadOptions{})
		nodes, _ := nodefacts.Read(factsDir)
		if out := Validate(site, nodes, Options{}); len(out) != 2 {
			b.Fatalf("%d outcomes", len(out))
		}
	}
}
