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
		if !IsRefusal(d) {
			return false
		}
		errs++
	}
	return errs > 0
}

// isRefusal reports whether d is an error RefusedWhole accepts.
func IsRefusal(d *hcl.Diagnostic) bool {
	return d.Severity == hcl.DiagError && (d.Summary == SummaryUnresolvedRef || d.Summary == summaryUnqualified)
}
