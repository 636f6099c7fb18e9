package catalog

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestRefusedWhole: only errors that leave the catalog whole (a
// reference to nothing, a command not qualified) let it be compared;
// warnings do not count, and no error is no refusal.
func TestRefusedWhole(t *testing.T) {
	t.Parallel()
	e := func(summary string) *hcl.Diagnostic {
		return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary}
	}
	w := &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: SummaryUnknownAttr}
	for _, c := range []struct {
		diags hcl.Diagnostics
		want  bool
	}{
		{nil, false},
		{hcl.Diagnostics{w}, false},
		{hcl.Diagnostics{e(SummaryUnresolvedRef)}, true},
		{hcl.Diagnostics{e(summaryUnqualified), w, e(SummaryUnresolvedRef)}, true},
		{hcl.Diagnostics{e(summaryUnqualified), e(SummaryAttrValue)}, false},
		{hcl.Diagnostics{e(SummaryUnknownAttr)}, false},
	} {
		if got := RefusedWhole(c.diags); got != c.want {
			t.Errorf("%v: %v", c.diags, got)
		}
	}
}
