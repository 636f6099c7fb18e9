package puppetcatalog

import (
	"os"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/testutil"
)

// BenchmarkRead parses a catalog alone (no types, no graph): the oracle's
// real big_node (1,038 resources) and a synthetic catalog of 100,000
// (gen.PuppetCatalog; with -benchtime=1x). The file is in memory, so
// the figures are the reader's, not the disk's.
func BenchmarkRead(b *testing.B) {
	big, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "big_node.catalog.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("BigNode", func(b *testing.B) { benchParse(b, big) })
	b.Run("Synthetic100k", func(b *testing.B) { benchParse(b, gen.PuppetCatalog(100_000)) })
}

func benchParse(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, diags := Parse("catalog.json", data); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}
