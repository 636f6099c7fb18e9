package puppetcatalog

import (
	"testing"

	"github.com/catc-dev/catc/internal/gen"
)

// TestParseAllocs: reading a catalog allocates no string per string read
// (they are slices of one copy of the document) and builds no key per
// resource and edge end to match the edges: a large catalog is read in a
// few allocations per resource.
func TestParseAllocs(t *testing.T) {
	const n = 2000
	data := gen.PuppetCatalog(n)
	allocs := testing.AllocsPerRun(3, func() {
		if _, diags := Parse("catalog.json", data); diags.HasErrors() {
			t.Fatal(diags)
		}
	})
	t.Logf("%.1f allocations per resource", allocs/n)
	if perResource := allocs / n; perResource > 20 {
		t.Errorf("%.1f allocations per resource, want at most 20", perResource)
	}
}
