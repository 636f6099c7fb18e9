package catalog

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/hiera"
)

// loader builds one Catalog (Load, LoadFiles, LoadSite and each
// Site.Compile, MaskSources): it holds what only building needs, and
// the Catalog it fills, whose fields its methods use directly (they name
// the loader c, as the catalog they build). What a Catalog keeps is what
// the stages after it read; what a loader keeps is dropped with it.
type loader struct {
	*Catalog
	// secrets are the source ranges and scope values that hold secrets
	// (see secrets.go); the Catalog keeps only the ranges, for Files.
	secrets secrets
	// conditionalDiags are what the check of Conditional reported, which
	// a node's diagnostics do not repeat; conditionalRefs are the
	// Conditional resources' literal references, until resolved.
	conditionalDiags map[diagKey]bool
	conditionalRefs  [][]pendingRef
	// strs is FromExternal's room for table keys and reference texts;
	// nil for a load.
	strs *stringRoom
	// hiera is the site's Hiera data, which lookup() reads (nil: none).
	hiera *hiera.Data
	// budget bounds the load's evaluation (budget.go).
	budget *budget
}

// newLoader starts an empty catalog loaded with opts.
func newLoader(opts LoadOptions) *loader {
	return &loader{Catalog: &Catalog{files: map[string]*hcl.File{}, table: map[string]*Resource{}, typeByName: map[string]*TypeDef{}, digestKey: opts.DigestKey},
		hiera: opts.Hiera, budget: newBudget(opts.Limits)}
}
