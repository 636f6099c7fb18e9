package svg_test

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/render/svg"
)

// genDOT is catc's DOT for a generated catalog of n resources.
func genDOT(b *testing.B, n int) []byte {
	b.Helper()
	files := gen.Generate(gen.Options{Resources: n, Files: 1})
	names := make([]string, len(files))
	srcs := make([][]byte, len(files))
	for i, f := range files {
		names[i], srcs[i] = f.Name, f.Src
	}
	c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	s, _ := graph.Build(c).Select(graph.Selection{})
	var src bytes.Buffer
	if err := dot.Write(&src, s, dot.Options{}); err != nil {
		b.Fatal(err)
	}
	return src.Bytes()
}

// BenchmarkRender compares go-graphviz in-process (Graphviz 12 in
// WebAssembly) with the installed native `dot -Tsvg` on the same DOT, in
// the same run; the native case is skipped without Graphviz:
//
//	go test ./render/svg/ -run '^$' -bench Render -benchtime 3x
func BenchmarkRender(b *testing.B) {
	for _, n := range []int{100, 1000, 5000} {
		src := genDOT(b, n)
		b.Run(fmt.Sprintf("wasm/%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := svg.Render(context.Background(), src); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("native/%d", n), func(b *testing.B) {
			path, err := exec.LookPath("dot")
			if err != nil {
				b.Skip("no native Graphviz dot on PATH")
			}
			for b.Loop() {
				cmd := exec.Command(path, "-Tsvg")
				cmd.Stdin = bytes.NewReader(src)
				if out, err := cmd.Output(); err != nil || len(out) == 0 {
					b.Fatalf("dot -Tsvg: %v", err)
				}
			}
		})
	}
}
