package graph

import (
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
)

// BenchmarkBuild is Build alone (edges, their lookups and auto rules) on
// the synthetic DAG and on 100,000 generated resources.
func BenchmarkBuild(b *testing.B) {
	var names []string
	var srcs [][]byte
	for _, f := range gen.Generate(gen.Options{Resources: 100_000}) {
		names, srcs = append(names, f.Name), append(srcs, f.Src)
	}
	generated, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	if diags.HasErrors() {
		b.Fatal(diags.Error())
	}
	for _, bc := range []struct {
		name string
		c    *catalog.Catalog
	}{{"synth", synthCatalog(100_000, 3, 0)}, {"generated", generated}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Build(bc.c)
			}
		})
	}
}
