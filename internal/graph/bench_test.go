package graph

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
)

// synthCatalog builds, in memory, n resources with about 3n require
// relations, each to an earlier resource (a DAG), plus back relations
// from resource i to a later one (cycles).
func synthCatalog(n, perResource, back int) *catalog.Catalog {
	td := &catalog.TypeDef{Name: "node_res"}
	rng := rand.New(rand.NewPCG(1, 2))
	c := &catalog.Catalog{Types: []*catalog.TypeDef{td}, Resources: make([]*catalog.Resource, n)}
	for i := range n {
		c.Resources[i] = &catalog.Resource{Type: td, Title: "r" + strconv.Itoa(i), Index: i}
	}
	for i, r := range c.Resources {
		if i == 0 {
			continue
		}
		r.Relations = make([]catalog.Relation, 0, perResource)
		for range perResource {
			r.Relations = append(r.Relations, catalog.Relation{Kind: catalog.Require, Target: c.Resources[rng.IntN(i)]})
		}
	}
	for k := range back {
		i := k * (n / max(back, 1))
		c.Resources[i].Relations = append(c.Resources[i].Relations,
			catalog.Relation{Kind: catalog.Require, Target: c.Resources[i+1+rng.IntN(n-i-1)]})
	}
	return c
}

// BenchmarkGraph is the graph stage on 100,000 resources and 300,000
// relations: Build, then Order (Kahn by declaration, refresh sources, and
// Tarjan + cycle search when there are cycles).
func BenchmarkGraph(b *testing.B) {
	for _, bc := range []struct {
		name string
		back int
	}{{"dag", 0}, {"cyclic", 20}} {
		b.Run(bc.name, func(b *testing.B) {
			c := synthCatalog(100_000, 3, bc.back)
			b.ReportAllocs()
			for b.Loop() {
				g := Build(c)
				p, diags := Order(g, Ordering{})
				if (bc.back == 0) != p.Complete() || (bc.back == 0) != (len(diags) == 0) {
					b.Fatalf("complete %v with %d back edges", p.Complete(), bc.back)
				}
			}
		})
	}
}

// BenchmarkPlanGenerated is Build then Order on catalogs loaded from the
// synthetic generator (internal/gen): five types, manual references in
// both forms and auto rules, as `catc plan` meets them.
func BenchmarkPlanGenerated(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		var names []string
		var srcs [][]byte
		for _, f := range gen.Generate(gen.Options{Resources: n}) {
			names, srcs = append(names, f.Name), append(srcs, f.Src)
		}
		c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
		if diags.HasErrors() {
			b.Fatal(diags.Error())
		}
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p, _ := Order(Build(c), Ordering{})
				if !p.Complete() {
					b.Fatal("cycles in a generated catalog")
				}
			}
		})
	}
}
