package graph

import (
	"math"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
)

// TestParallel checks that every index runs exactly once, below and
// above the size where the work is shared out.
func TestParallel(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, parallelMin - 1, parallelMin, 3*parallelMin + 7} {
		counts := make([]atomic.Int32, n)
		parallel(n, func(i int) { counts[i].Add(1) })
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Fatalf("n=%d: index %d ran %d times", n, i, c)
			}
		}
	}
}

// TestBuildParallelSameAsInline builds and orders a generated catalog big
// enough for the auto-rule targets to be looked up in parallel (and the
// refresh searches to run beside Kahn's algorithm), and again inline: the
// edges, their origins, the skipped auto edges and the plan must be the
// same.
func TestBuildParallelSameAsInline(t *testing.T) {
	// Not parallel: it changes parallelMin, which TestParallel and every
	// Build read.
	var names []string
	var srcs [][]byte
	for _, f := range gen.Generate(gen.Options{Resources: 2 * parallelMin}) {
		names, srcs = append(names, f.Name), append(srcs, f.Src)
	}
	c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	par := describeGraph(Build(c))
	defer func(old int) { parallelMin = old }(parallelMin)
	parallelMin = math.MaxInt
	inline := describeGraph(Build(c))
	if diff := cmp.Diff(inline, par); diff != "" {
		t.Errorf("parallel build differs (-inline +parallel):\n%s", diff)
	}
}

// describeGraph is every edge with its origins, every skipped auto edge
// and every step of the plan with its refreshers, as text.
func describeGraph(g *Graph) []string {
	var out []string
	for _, e := range g.Edges() {
		s := e.F.Resource.Ref() + " -> " + e.T.Resource.Ref()
		for _, o := range e.Origins {
			s += " | " + o.String()
		}
		out = append(out, s)
	}
	for _, s := range g.Skipped {
		out = append(out, "skipped "+s.From.Ref()+" -> "+s.To.Ref()+" | "+s.Origin.String())
	}
	p, _ := Order(g, Ordering{})
	for _, s := range p.Steps {
		line := "step " + s.Resource.Ref()
		for _, r := range s.RefreshedBy {
			line += " | " + r.Resource.Ref()
		}
		out = append(out, line)
	}
	return out
}
