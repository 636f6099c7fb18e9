package compiler

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// leaveRefusalsToNodes drops from a site's diagnostics the refusals
// (isRefusal) that the check of the conditional blocks gave, and forgets
// them, so that each node that declares such a block reports the error
// as its own (LoadOptions.NodeRefusals).
func (c *loader) leaveRefusalsToNodes(diags hcl.Diagnostics) hcl.Diagnostics {
	out := diags[:0:0]
	for _, d := range diags {
		if k, ok := keyOf(d); ok && catalog.IsRefusal(d) && c.conditionalDiags[k] {
			delete(c.conditionalDiags, k)
			continue
		}
		out = append(out, d)
	}
	return out
}
