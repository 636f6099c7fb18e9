package compiler

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
)

// loader builds one Catalog (Load, LoadFiles, LoadSite and each
// Site.Compile, MaskSources): it holds what only building needs.
type loader struct {
	*catalog.Builder
	// secrets are the source ranges and scope values that hold secrets
	// (see secrets.go); the Catalog keeps only the ranges, for Files.
	secrets secrets
	// conditionalDiags are what the check of Conditional reported, which
	// a node's diagnostics do not repeat; conditionalRefs are the
	// Conditional resources' literal references, until resolved.
	conditionalDiags map[diagKey]bool
	conditionalRefs  [][]catalog.PendingRef
	// hiera is the site's Hiera data, which lookup() reads (nil: none).
	hiera *hiera.Data
}

// newLoader starts an empty catalog loaded with opts.
func newLoader(opts LoadOptions) *loader {
	return &loader{Builder: catalog.NewBuilder(catalog.NewCatalog(opts.DigestKey), opts.Limits), hiera: opts.Hiera}
}
