package puppetcatalog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestReadPuppetDBEdges reads the PuppetDB samples of each committed
// catalog (fixtures/oracle/catalogs/puppetdb): the wire format's edges
// name their ends as {"type", "title"} objects, the query output's as
// source_type, source_title, target_type and target_title. Either way
// the containment edges are the catalog's own (PuppetDB sorts them).
func TestReadPuppetDBEdges(t *testing.T) {
	t.Parallel()
	dir := testutil.Fixture("oracle", "catalogs", "puppetdb")
	for _, name := range []string{"hand_refs", "ntp", "mysql"} {
		want := containment(t, filepath.Join(dir, "..", name+".catalog.json"))
		for _, shape := range []string{"wire", "query"} {
			got := containment(t, filepath.Join(dir, name+"."+shape+".json"))
			if !slices.Equal(got, want) {
				t.Errorf("%s.%s: containment %v, want %v", name, shape, got, want)
			}
		}
	}
}

// containment is the sorted "container > contained" refs of a catalog.
func containment(t *testing.T, path string) []string {
	t.Helper()
	c, diags := Read(path)
	if c == nil || diags.HasErrors() {
		t.Fatalf("%s: %v", path, diags)
	}
	var out []string
	for _, e := range c.Edges {
		if !c.Resources[e.Source].Exported && !c.Resources[e.Target].Exported {
			out = append(out, c.Resources[e.Source].Ref()+" > "+c.Resources[e.Target].Ref())
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestReadPuppetDBOneCatalog reads the query output of
// /pdb/query/v4/catalogs/CERTNAME, the catalog alone (not in an array):
// PuppetDB's query output, not its wire format, as its expanded
// resources show.
func TestReadPuppetDBOneCatalog(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "puppetdb", "ntp.query.json"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSpace(string(data))
	one := strings.TrimSuffix(strings.TrimPrefix(text, "["), "]")
	for _, tt := range []struct {
		name, doc string
	}{{"in an array", text}, {"alone", one}} {
		c, diags := Parse("ntp.json", []byte(tt.doc))
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tt.name, diags)
		}
		if c.Source != SourcePuppetDBQuery || c.OrderKnown {
			t.Errorf("%s: source %v, order known %v; want PuppetDB query output, no order", tt.name, c.Source, c.OrderKnown)
		}
	}
}
