package puppetcatalog

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

const summaryNotApplied = "Resource not applied"

// agentComponent reports whether Puppet's agent makes r a component (a
// container, nothing applied) whatever its type: in a catalog of format 2
// or later, every resource whose kind is not compilable_type is one
// (Puppet::Resource#to_ral); before format 2 the agent goes by the type.
func agentComponent(pc *Catalog, r *Resource) bool {
	return pc.Format >= 2 && r.Kind != "compilable_type"
}

// componentWarnings warns of each resource the agent will not apply
// because of its kind (agentComponent) though it is no class, define,
// node or stage: Puppet says nothing, and the resource is silently left
// unmanaged.
func componentWarnings(pc *Catalog) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, r := range pc.Resources {
		if pc.LeftOut(r) || !agentComponent(pc, r) || r.Kind == "class" || r.Kind == "defined_type" {
			continue
		}
		switch strings.ToLower(r.Type) {
		case "class", "node", "stage":
			continue
		}
		kind := fmt.Sprintf("kind %q", r.Kind)
		if r.Kind == "" {
			kind = "no kind"
		}
		rng := pc.Range(r.Offset)
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagWarning,
			Summary:  summaryNotApplied,
			Detail: fmt.Sprintf("%s[%s] has %s in a catalog of format %d: Puppet's agent treats it as a container and applies nothing of it (its relationships pass through it). If it should be managed, the catalog must say \"kind\": \"compilable_type\"; recompile it with the module that defines %s.",
				r.Type, r.Title, kind, pc.Format, r.Type),
			Subject: &rng,
		})
	}
	return diags
}
