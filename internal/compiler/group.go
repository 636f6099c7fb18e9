package compiler

import (
	"fmt"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// A group block declares its resources only on the nodes where its
// only_if holds, as Puppet's `if $facts[...] { … }` around several
// resources, or a node definition:
//
//	group "web" {
//	  only_if = facts.role == "web"
//	  resource "package" "nginx" {}
//	}
//
// Each resource of the group is deferred with the group's condition; its
// own only_if, if any, must hold too.

// groupKeyNames are what extractGroup accepts in a group block: its
// condition, then its resource blocks.
var groupKeyNames = []string{"only_if", "resource"}

// extractGroup reads a group block into its (deferred) resources.
func extractGroup(b *hclsyntax.Block, src []byte) ([]*rawResource, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	if len(b.Labels) != 1 {
		diags = append(diags, catalog.ErrorAt(catalog.SummaryBlockLabels, "A group block has one label, its name: group \"web\" { … }. "+catalog.LabelAdvice(len(b.Labels), 1, "the name"), catalog.LabelsRange(b), b.DefRange().Ptr()))
	}
	cond := b.Body.Attributes["only_if"]
	if cond == nil && len(b.Body.Blocks) == 0 && len(b.Labels) == 1 {
		// No condition and no resources: a Puppet user declaring a group
		// (the resource type), whose attributes are no mistake of theirs.
		return nil, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
			fmt.Sprintf("A group block declares resources where a condition holds (group \"web\" { only_if = facts.role == \"web\" resource … }). To declare a Puppet group, write a resource block: resource \"group\" %q { … }.", b.Labels[0]),
			b.TypeRange, b.DefRange().Ptr())}
	}
	if cond == nil {
		diags = append(diags, catalog.ErrorAt(catalog.SummaryInvalidValue,
			"A group block needs only_if, the condition on the node that declares its resources: only_if = facts.role == \"web\".",
			b.DefRange(), nil))
	}
	for _, a := range catalog.SortedAttrs(b.Body.Attributes) {
		if a.Name != "only_if" {
			diags = append(diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
				fmt.Sprintf("A group block holds only_if and resource blocks; %q is not expected here. Put it in the resources.", a.Name),
				a.NameRange, a.SrcRange.Ptr()))
		}
	}
	var out []*rawResource
	for _, nb := range b.Body.Blocks {
		if nb.Type != "resource" {
			diags = append(diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
				fmt.Sprintf("A group block holds resource blocks only; blocks of type %q are not expected here. Write them outside the group.", nb.Type),
				nb.TypeRange, nb.DefRange().Ptr()))
			continue
		}
		if len(nb.Labels) != 2 {
			_, d := extractResource(nb, src, nil) // says what the labels should be
			diags = append(diags, d...)
			continue
		}
		if cond == nil || diags.HasErrors() {
			continue
		}
		r := newRawResource(nb)
		r.deferred = &deferredBlock{block: nb, src: src, conds: []*hclsyntax.Attribute{cond}}
		out = append(out, r)
	}
	return out, diags
}
