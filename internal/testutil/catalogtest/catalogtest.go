package catalogtest

import (
	"os"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// load loads the type file at typesPath (as types.hcl) plus src (as
// main.hcl), failing the test on any error.
func load(t testing.TB, typesPath, src string) *catalog.Catalog {
	t.Helper()
	types, err := os.ReadFile(typesPath)
	if err != nil {
		t.Fatal(err)
	}
	c, diags := compiler.LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{types, []byte(src)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	return c
}

// Oracle loads the oracle module's types (node_res, software, …) plus src,
// the catalog most graph and plan tests start from.
func Oracle(t testing.TB, src string) *catalog.Catalog {
	t.Helper()
	return load(t, testutil.Fixture("oracle", "types.hcl"), src)
}
