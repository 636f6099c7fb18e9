package compiler

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// LoadAliases reads only the type_alias blocks of the HCL files and
// directories in paths (as Load expands them), every other block
// ignored: a module's aliases as `catc import` wrote them, for a tool
// that needs them without the types beside them — `catc match --aliases`
// checks a value against Stdlib::Port, `catc import --aliases` imports a
// module whose types use stdlib's aliases without importing stdlib again.
// The catalog holds the aliases (Aliases, AliasTable) and the files for
// diagnostic snippets; the diagnostics are those of parsing the files
// and decoding the aliases.
func LoadAliases(paths []string) (*catalog.Catalog, hcl.Diagnostics) {
	files, order, diags := readInputs(paths, nil)
	c := catalog.NewBuilder(catalog.NewCatalog(nil), catalog.Limits{}) // no secrets: aliases hold none
	var blocks []catalog.SourceBlock
	for i, pf := range parseAll(files, 0, catalog.NewBudgetSlot(catalog.NewBudget(catalog.Limits{}))) {
		c.AddFile(files[i].name, &hcl.File{Body: hcl.EmptyBody(), Bytes: files[i].src})
		for _, d := range pf.diags {
			if d.Severity == hcl.DiagError { // a file that does not parse
				diags = append(diags, d)
			}
		}
		blocks = append(blocks, pf.aliases...)
	}
	defs, table, moreDiags := catalog.DecodeAliases(blocks)
	c.SetAliases(defs, table)
	diags = append(diags, moreDiags...)
	catalog.SortDiagnostics(diags, order)
	return c.Catalog, diags
}
