package graph

import "testing"

// TestParseKinds: every edge kind reads back from the name the catalog
// and diff JSON write; unknown names do not.
func TestParseKinds(t *testing.T) {
	t.Parallel()
	all := Kind(0)
	for i := range kindNames {
		all |= 1 << i
	}
	if got := ParseKinds(append(all.Names(), "bogus")); got != all {
		t.Errorf("ParseKinds(%v) = %v", all.Names(), got)
	}
}
