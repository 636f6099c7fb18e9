package graph

import (
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/testutil/catalogtest"
)

// loadCatalog loads the oracle module's types plus src as main.hcl.
func loadCatalog(t testing.TB, src string) *catalog.Catalog {
	t.Helper()
	return catalogtest.Oracle(t, src)
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
