package render

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/render/dot"
)

// generatedPlan loads and plans n resources of the synthetic generator,
// as `catc plan` would.
func generatedPlan(b *testing.B, n int) *graph.Plan {
	b.Helper()
	var names []string
	var srcs [][]byte
	for _, f := range gen.Generate(gen.Options{Resources: n}) {
		names, srcs = append(names, f.Name), append(srcs, f.Src)
	}
	c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	if diags.HasErrors() {
		b.Fatal(diags.Error())
	}
	p, _ := graph.Order(graph.Build(c), graph.Ordering{})
	return p
}

// BenchmarkPlanText is the text plan of 10,000 generated resources.
func BenchmarkPlanText(b *testing.B) { benchPlanText(b, generatedPlan(b, 10_000)) }

// benchPlanText writes p's text plan for each iteration.
func benchPlanText(b *testing.B, p *graph.Plan) {
	b.ReportAllocs()
	for b.Loop() {
		if err := PlanText(io.Discard, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlanTextClasses is the text plan of the generated site of
// classes and defines (20,000 resources in 400 classes and 4,000 define
// instances, as `catc plan` of it writes, boxes and parameters' origins
// included), compiled for its node.
func BenchmarkPlanTextClasses(b *testing.B) { benchPlanText(b, generatedClassPlan(b, 20_000)) }

// generatedClassPlan loads and plans the generated site of classes of n
// resources (n/50 classes, n/5 define instances) for its node.
func generatedClassPlan(b *testing.B, n int) *graph.Plan {
	b.Helper()
	files, err := gen.GenerateClasses(gen.ClassOptions{Seed: 7, Resources: n, Classes: n / 50, Instances: n / 5})
	if err != nil {
		b.Fatal(err)
	}
	var names []string
	var srcs [][]byte
	var opts compiler.LoadOptions
	for _, f := range files {
		switch filepath.Ext(f.Name) {
		case ".hcl":
			names, srcs = append(names, f.Name), append(srcs, f.Src)
		case ".json":
			path := filepath.Join(b.TempDir(), f.Name)
			if err := os.WriteFile(path, f.Src, 0o644); err != nil {
				b.Fatal(err)
			}
			node, diags := nodefacts.ReadOne(path)
			if diags.HasErrors() {
				b.Fatal(diags.Error())
			}
			opts.Node = node
		}
	}
	c, diags := compiler.LoadFiles(names, srcs, opts)
	if diags.HasErrors() {
		b.Fatal(diags.Error())
	}
	p, _ := graph.Order(graph.Build(c), graph.Ordering{})
	return p
}

// BenchmarkPlanJSON is the JSON plan of 10,000 generated resources.
func BenchmarkPlanJSON(b *testing.B) {
	p := generatedPlan(b, 10_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := catalogjson.WritePlan(io.Discard, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGraphOutput is `catc graph` of 10,000 generated resources,
// whole graph: DOT and JSON.
func BenchmarkGraphOutput(b *testing.B) {
	p := generatedPlan(b, 10_000)
	s, diags := p.Graph.Select(graph.Selection{})
	if diags.HasErrors() {
		b.Fatal(diags.Error())
	}
	b.Run("dot", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := dot.Write(io.Discard, s, dot.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := GraphJSON(io.Discard, s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
