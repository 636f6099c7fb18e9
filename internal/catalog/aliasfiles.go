package catalog

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
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
func LoadAliases(paths []string) (*Catalog, hcl.Diagnostics) {
	files, order, diags := readInputs(paths, nil)
	c := newLoader(LoadOptions{}).Catalog // no secrets: aliases hold none
	var blocks []scopeBlock
	for i, pf := range parseAll(files, 0, newSlot(newBudget(Limits{}))) {
		c.files[files[i].name] = &hcl.File{Body: hcl.EmptyBody(), Bytes: files[i].src}
		for _, d := range pf.diags {
			if d.Severity == hcl.DiagError { // a file that does not parse
				diags = append(diags, d)
			}
		}
		blocks = append(blocks, pf.aliases...)
	}
	defs, table, moreDiags := decodeAliases(blocks)
	c.Aliases, c.aliases = defs, table
	diags = append(diags, moreDiags...)
	sortDiagnostics(diags, order)
	return c, diags
}

// AliasTable is the catalog's type aliases, for parsing a type string
// that may name them (types.ParseDataWith).
func (c *Catalog) AliasTable() *types.Aliases { return c.aliases }
