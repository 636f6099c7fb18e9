package catalog

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Refreshes reports whether Puppet's agent refreshes a resource of the
// type when an event reaches it: the type block says `refreshable =
// true`, as catc's built-in exec, mount, package and service and the
// shipped module types whose Ruby type has a refresh method do, and as
// `catc import` writes for such a type. A Resource API type (which has
// no refresh), a container's and one catc does not know do not.
func (t *TypeDef) Refreshes() bool { return t.refreshes }

// decodeRefreshable reads refreshable, a bool.
func decodeRefreshable(td *TypeDef, a *hcl.Attribute) hcl.Diagnostics {
	if a == nil {
		return nil
	}
	v, diags := a.Expr.Value(nil)
	if diags.HasErrors() {
		return diags
	}
	if v.Type() != cty.Bool || v.IsNull() {
		return hcl.Diagnostics{ErrorAt(SummaryInvalidValue,
			"refreshable must be true or false: true when the type's Ruby defines a refresh method (Puppet's agent then refreshes its resources on an event).", a.Expr.Range(), a.Range.Ptr())}
	}
	td.refreshes = v.True()
	return nil
}
