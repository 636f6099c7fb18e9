package render

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/words"
)

// values prints, as HCL's writer does, the variables an expression error
// refers to ("with local.port as "80"."), which tells apart evaluations of
// one expression in several scopes (for_each). Marked values (sensitive
// ones) and values that cannot be evaluated are left out.
func (t *diagTextWriter) values(d *hcl.Diagnostic) {
	if d.Expression == nil || d.EvalContext == nil {
		return
	}
	seen := map[string]bool{}
	var stmts []string
	for _, tr := range d.Expression.Variables() {
		val, diags := tr.TraverseAbs(d.EvalContext)
		name := traversalString(tr)
		if diags.HasErrors() || seen[name] || !val.IsKnown() || val.IsMarked() {
			continue
		}
		seen[name] = true
		if val.IsNull() {
			stmts = append(stmts, words.Escape(name+" set to null"))
		} else {
			stmts = append(stmts, words.Escape(name+" as "+valueString(val)))
		}
	}
	if len(stmts) == 0 {
		return
	}
	sort.Strings(stmts)
	fmt.Fprintf(t.w, "with %s.\n\n", strings.Join(stmts, ",\n     "))
}

func traversalString(tr hcl.Traversal) string {
	var b strings.Builder
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			if s.Key.Type().IsPrimitiveType() && !s.Key.IsMarked() {
				b.WriteString("[" + valueString(s.Key) + "]")
			} else {
				b.WriteString("[...]")
			}
		}
	}
	return b.String()
}

// valueString is a short rendering of val: scalars in full, collections
// by their size.
func valueString(val cty.Value) string {
	ty := val.Type()
	switch {
	case val.IsNull():
		return "null"
	case !val.IsKnown():
		return "(not yet known)"
	case ty == cty.Bool:
		return fmt.Sprint(val.True())
	case ty == cty.Number:
		return val.AsBigFloat().Text('g', 10)
	case ty == cty.String:
		return fmt.Sprintf("%q", val.AsString())
	case ty.IsCollectionType() || ty.IsTupleType():
		return fmt.Sprintf("%s with %d elements", ty.FriendlyName(), val.LengthInt())
	case ty.IsObjectType():
		return fmt.Sprintf("object with %d attributes", len(ty.AttributeTypes()))
	}
	return ty.FriendlyName()
}
