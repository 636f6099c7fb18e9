package coretypes

import (
	"slices"
	"testing"
)

// TestRefreshingNamesShippedTypes: every type said to refresh is one catc
// ships, built-in or module type.
func TestRefreshingNamesShippedTypes(t *testing.T) {
	for _, n := range Refreshing {
		if !slices.Contains(Names, n) && !slices.Contains(ModuleNames, n) {
			t.Errorf("%s refreshes but catc ships no such type", n)
		}
	}
}
