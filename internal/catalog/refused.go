package catalog

import "github.com/hashicorp/hcl/v2"

// RefusedWhole reports whether diags has errors and each is one for
// which Puppet refuses a catalog that the load still built whole: a
// reference to nothing (the relationship is left out; Puppet's compiler
// refuses an HCL site's, the agent a compiled catalog's: "Could not
// retrieve dependency") and a command that is not qualified (the agent
// refuses the catalog before it applies anything). Every resource and
// value is there, so the catalog can still be compared with another: a
// diff shows its changes and says that it fails. Any other error may
// have left a resource or a value out: such a catalog is not compared.
func RefusedWhole(diags hcl.Diagnostics) bool {
	errs := 0
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		if !isRefusal(d) {
			return false
		}
		errs++
	}
	return errs > 0
}

// isRefusal reports whether d is an error RefusedWhole accepts.
func isRefusal(d *hcl.Diagnostic) bool {
	return d.Severity == hcl.DiagError && (d.Summary == summaryUnresolvedRef || d.Summary == summaryUnqualified)
}

// leaveRefusalsToNodes drops from a site's diagnostics the refusals
// (isRefusal) that the check of the conditional blocks gave, and forgets
// them, so that each node that declares such a block reports the error
// as its own (LoadOptions.NodeRefusals).
func (c *loader) leaveRefusalsToNodes(diags hcl.Diagnostics) hcl.Diagnostics {
	out := diags[:0:0]
	for _, d := range diags {
		if k, ok := keyOf(d); ok && isRefusal(d) && c.conditionalDiags[k] {
			delete(c.conditionalDiags, k)
			continue
		}
		out = append(out, d)
	}
	return out
}
