package catalog

import (
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/types"
	"github.com/hashicorp/hcl/v2"
)

// Builder fills one Catalog from declarations (the HCL front end's, or a
// Puppet catalog's): it registers resources, resolves references and
// declares the built-in types they use. Its methods use the Catalog's
// fields directly (they name the builder c, as the catalog they build).
// What a Catalog keeps is what the stages after it read; what a Builder
// keeps is dropped with it.
type Builder struct {
	*Catalog
	// strs is FromExternal's room for table keys and reference texts;
	// nil for a load.
	strs *stringRoom
	// budget bounds the load's evaluation (budget.go).
	Budget *Budget
}

// NewBuilder fills c (see NewCatalog, Catalog.derive), its evaluation
// bounded by limits.
func NewBuilder(c *Catalog, limits Limits) *Builder {
	return &Builder{Catalog: c, Budget: NewBudget(limits)}
}

// NewCatalog is an empty catalog whose sensitive values are digested
// under key (nil: none).
func NewCatalog(key *secretdigest.Key) *Catalog {
	return &Catalog{files: map[string]*hcl.File{}, table: map[string]*Resource{}, typeByName: map[string]*TypeDef{}, digestKey: key}
}

// Derive is an empty catalog that shares c's types, aliases, source
// files, secret ranges and digest key: one node's catalog of a site.
func (c *Catalog) Derive() *Catalog {
	return &Catalog{
		Types: c.Types, Aliases: c.Aliases,
		aliases: c.aliases, typeByName: c.typeByName,
		files: c.files, table: map[string]*Resource{},
		secretRanges: c.secretRanges,
		digestKey:    c.digestKey,
	}
}

// Reserve makes room for n resources.
func (c *Builder) Reserve(n int) {
	c.Resources = make([]*Resource, 0, n)
	c.table = make(map[string]*Resource, 2*n) // titles and keys
}

// AddFile keeps a source file, for diagnostic snippets.
func (c *Builder) AddFile(name string, f *hcl.File) { c.files[name] = f }

// Sources are the source files as read, secrets unmasked (Files masks
// them): only for finding the secrets.
func (c *Builder) Sources() map[string]*hcl.File { return c.files }

// SetAliases sets the catalog's type aliases: the blocks, and the table
// types are parsed with.
func (c *Builder) SetAliases(defs []*TypeAlias, table *types.Aliases) {
	c.Aliases, c.aliases = defs, table
}

// SetTypes sets the catalog's type definitions, in declaration order and
// by lower-case name.
func (c *Builder) SetTypes(defs []*TypeDef, byName map[string]*TypeDef) {
	c.Types, c.typeByName = defs, byName
}

// SetSecretRanges sets the source ranges, per file and sorted, that
// Files masks.
func (c *Builder) SetSecretRanges(r map[string][]hcl.Range) { c.secretRanges = r }

// ShareSources makes c show the source files and secret ranges of from
// (a catalog built again from the same files: the HCL compiler of
// classes hands its result to FromExternal).
func (c *Catalog) ShareSources(from *Catalog) {
	c.files, c.secretRanges = from.files, from.secretRanges
}
