package puppetcatalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestCorpusWithImportedTypes: every catalog of the corpus that uses a
// module's Puppet::Type.newtype type (the sites and both sides of the
// diff pairs), planned with the types `catc import` wrote from those
// modules' Ruby (fixtures/oracle/catalogs/imported, made by its
// regen.sh) in place of the types catc ships, gets the auto edges
// Puppet's agent logged and is evaluated in Puppet's order: the import
// translates the modules' auto rules as Puppet runs them
// (interpolations with defaults, Pathname#parent, guarded paths).
func TestCorpusWithImportedTypes(t *testing.T) {
	dir := testutil.Fixture("oracle", "catalogs")
	imported, _ := filepath.Glob(filepath.Join(dir, "imported", "*.hcl"))
	defs, diags := compiler.Load(imported, compiler.LoadOptions{})
	if diags.HasErrors() || len(imported) < 15 {
		t.Fatalf("%d imported types: %v", len(imported), diags)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.catalog.json"))
	pairs, _ := filepath.Glob(filepath.Join(dir, "diff", "*.catalog.json"))
	equal, total := 0, 0
	for _, f := range append(files, pairs...) {
		var want corpusAnswer
		data, err := os.ReadFile(strings.TrimSuffix(f, ".catalog.json") + ".json")
		if err != nil || json.Unmarshal(data, &want) != nil || !want.OK {
			continue
		}
		pc, rdiags := Read(f)
		if rdiags.HasErrors() || !usesImported(pc, defs) {
			continue
		}
		total++
		c, mdiags := Model(pc, defs)
		if mdiags.HasErrors() {
			t.Errorf("%s: %v", f, mdiags)
			continue
		}
		g := graph.Build(c)
		if got, exp := autoPairs(g), knownAutoEdges(want); !slices.EqualFunc(got, exp, slices.Equal) {
			t.Errorf("%s: with the imported types, auto edges\n%q\nPuppet\n%q", filepath.Base(f), got, exp)
		}
		order, _ := graph.Expand(g).Order()
		if got := puppetOrder(order); slices.Equal(got, knownOrder(want)) {
			equal++
		} else {
			t.Errorf("%s: with the imported types, order\n%q\nPuppet\n%q", filepath.Base(f), got, knownOrder(want))
		}
	}
	// 18 of the 19 that use module types: firewall's are Resource API
	// types, imported from register_type with their docs, not here.
	if total < 18 {
		t.Errorf("only %d catalogs use an imported type, want 18", total)
	}
	t.Logf("%d of %d catalogs that use module types planned as Puppet with the imported types", equal, total)
}

// usesImported reports whether a resource of pc has a type of defs.
func usesImported(pc *Catalog, defs *catalog.Catalog) bool {
	for _, r := range pc.Resources {
		if defs.Type(r.Type) != nil {
			return true
		}
	}
	return false
}
