package puppetcatalog

import (
	"os"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestParseAllocs: reading a catalog allocates no string per string read
// (they are slices of one copy of the document), builds no key per
// resource and edge end to match the edges, gives the resources, their
// parameters, tags and array values lists carved from shared chunks
// instead of one growing allocation each, and makes each distinct string
// value a Value once: a large catalog is read in a few allocations per
// resource. The bounds are about 1.4 times what the reader makes (2.8 and
// 4.4); a Value per string read makes 4.4 and 8.8, and one allocation
// per list on top of it 10.7 and 22.8.
func TestParseAllocs(t *testing.T) {
	big, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "big_node.catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		data      []byte
		resources int
		max       float64
	}{
		{"synthetic", gen.PuppetCatalog(2000), 2003, 4},
		{"big_node", big, 1038, 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			allocs := testing.AllocsPerRun(3, func() {
				if _, diags := Parse("catalog.json", c.data); diags.HasErrors() {
					t.Fatal(diags)
				}
			})
			perResource := allocs / float64(c.resources)
			t.Logf("%.1f allocations per resource", perResource)
			if perResource > c.max {
				t.Errorf("%.1f allocations per resource, want at most %.0f", perResource, c.max)
			}
		})
	}
}
