// Package puppettest builds Puppet catalogs (format 2) in tests, modelled
// with the built-in types as catc plan models them: from resources and
// containment edges given as JSON objects (Catalog), or a catalog of
// classes nested deep (DeeplyNested). It serves the tests of render and
// render/dot; it imports puppetcatalog, so the packages below it cannot
// use it.
package puppettest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/puppetcatalog"
)

// Catalog models a Puppet catalog of the given resources and
// containment edges (JSON objects) with the built-in types.
func Catalog(t testing.TB, res, edges []string) *catalog.Catalog {
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

// DeeplyNested is a Puppet catalog of branches chains of n/branches
// classes, each inside the previous one (C0, C1, …; a second chain B0,
// B1, …), with n notifies, taken by turns into the innermost class of
// each chain.
func DeeplyNested(t testing.TB, n, branches int) *catalog.Catalog {
	t.Helper()
	var res, edges []string
	res = append(res, `{"type":"Stage","title":"main","tags":[],"exported":false,"parameters":{"name":"main"}}`)
	inner := make([]string, branches)
	for b := range branches {
		prev := "Stage[main]"
		for i := range n / branches {
			name := fmt.Sprintf("%c%d", "CB"[b], i)
			res = append(res, fmt.Sprintf(`{"type":"Class","title":%q,"tags":[],"exported":false,"parameters":{}}`, name))
			edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Class[%s]"}`, prev, name))
			prev = "Class[" + name + "]"
		}
		inner[b] = prev
	}
	for i := range n {
		res = append(res, fmt.Sprintf(`{"type":"Notify","title":"n%d","tags":[],"exported":false,"kind":"compilable_type","parameters":{}}`, i))
		edges = append(edges, fmt.Sprintf(`{"source":%q,"target":"Notify[n%d]"}`, inner[i%branches], i))
	}
	return Catalog(t, res, edges)
}
