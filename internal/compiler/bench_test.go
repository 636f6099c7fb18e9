package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/gctune"
	"github.com/catc-dev/catc/internal/gen"
)

// BenchmarkLoad loads synthetic catalogs (internal/gen) of 1k, 10k and
// 100k resources, each in one file (the worst case for parallel parsing)
// and spread over 16 files, with the collector tuned as catc's batch
// commands tune it for one catalog.
func BenchmarkLoad(b *testing.B) {
	defer gctune.One()()
	for _, n := range []int{1000, 10000, 100000} {
		for _, files := range []int{1, 16} {
			dir := writeGenerated(b, n, files)
			b.Run(fmt.Sprintf("%dk/files=%d", n/1000, files), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					c, diags := Load([]string{dir}, LoadOptions{})
					if diags.HasErrors() {
						b.Fatalf("errors: %s", diags.Error())
					}
					if len(c.Resources) != n {
						b.Fatalf("%d resources, want %d", len(c.Resources), n)
					}
				}
			})
		}
	}
}

func writeGenerated(b *testing.B, n, files int) string {
	b.Helper()
	dir := b.TempDir()
	for _, f := range gen.Generate(gen.Options{Resources: n, Files: files}) {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}
