package graph

import (
	"strconv"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
)

// BenchmarkPlanCore is what `catc plan` does with a catalog of Puppet's
// core types only (internal/gen -core: deep file trees, users, groups,
// execs, packages, services, no type block): load with the built-in
// types, Build, Order. Each size loads only its own catalog, so
//
//	go test ./internal/graph -run '^$' -bench 'PlanCore/10k' -benchtime 1x
//
// runs the small one alone.
func BenchmarkPlanCore(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			var names []string
			var srcs [][]byte
			for _, f := range gen.Generate(gen.Options{Resources: n, Files: max(1, n/1000), Core: true}) {
				names, srcs = append(names, f.Name), append(srcs, f.Src)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
				if diags.HasErrors() {
					b.Fatal(diags.Error())
				}
				p, _ := Order(Build(c), Ordering{})
				if !p.Complete() || len(p.Steps) != n {
					b.Fatalf("plan of %d steps, complete %v; want all %d", len(p.Steps), p.Complete(), n)
				}
			}
		})
	}
}
