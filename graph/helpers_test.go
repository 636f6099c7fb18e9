package graph

import (
	"os"
	"testing"

	"github.com/catc-dev/catc/catalog"
)

// loadCatalog loads the oracle module's types (node_res, software, …)
// plus src as main.hcl, failing the test on any error.
func loadCatalog(t testing.TB, src string) *catalog.Catalog {
	t.Helper()
	types, err := os.ReadFile(oracleDir + "/types.hcl")
	if err != nil {
		t.Fatal(err)
	}
	c, diags := catalog.LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{types, []byte(src)}, catalog.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	return c
}

// lookup is c.Lookup that fails the test when nothing matches.
func lookup(t testing.TB, c *catalog.Catalog, typ, title string) *catalog.Resource {
	t.Helper()
	r := c.Lookup(typ, title)
	if r == nil {
		t.Fatalf("no %s[%s]", typ, title)
	}
	return r
}
