package render

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/puppetcatalog"
)

// puppetCatalogOf models a Puppet catalog (format 2) of the given
// resources and containment edges (JSON objects) with the built-in types,
// as catc plan does.
func puppetCatalogOf(t *testing.T, res, edges []string) *catalog.Catalog {
	t.Helper()
	data := []byte(`{"name":"n","version":1,"catalog_format":2,"environment":"production","tags":[],"classes":[],"resources":[` +
		strings.Join(res, ",") + `],"edges":[` + strings.Join(edges, ",") + `]}`)
	pc, diags := puppetcatalog.Parse("catalog.json", data)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	defs, _ := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	cat, diags := puppetcatalog.Model(pc, defs)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return cat
}
