package catalog

import "slices"

// KnownFeatures are the provider features the Resource API knows, sorted
// (others warn): what an editor offers after `features =`.
func KnownFeatures() []string { return slices.Clone(knownFeatures) }
