package catalog

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/types"
)

// wantsSensitive reports whether values of type t must be Sensitive:
// Sensitive[...] itself, or inside Optional or NotUndef. HCL cannot mark a
// value Sensitive as a manifest can, so catc wraps it for such a type.
func wantsSensitive(t types.Type) bool {
	for {
		switch x := t.(type) {
		case *types.SensitiveType:
			return true
		case *types.OptionalType:
			t = x.Type
		case *types.NotUndefType:
			t = x.Type
		default:
			return false
		}
	}
}

// checkValue checks v against the attribute's type with Puppet's message,
// prefixed `type.attr`, then a sentence of advice (valueAdvice). A value for a Sensitive[...] type is wrapped first
// (HCL has no Sensitive constructor). A sensitive attribute's message does
// not show the value.
func checkValue(td *TypeDef, a *AttrDef, v types.Value) (string, bool) {
	if a.Type == nil {
		return "", true
	}
	if wantsSensitive(a.Type) {
		if _, already := v.(types.Sensitive); !already && v != nil {
			v = types.Sensitive{Value: v}
		}
	}
	subject := a.subject
	if subject == "" {
		subject = td.Name + "." + a.Name
	}
	msg, ok := types.Check(subject, a.Type, v)
	if ok {
		return "", true
	}
	if a.Sensitive {
		msg = fmt.Sprintf("%s expects a value of type %s, got a value that is not shown (the attribute is sensitive)", subject, a.TypeText)
	}
	return msg + ". " + valueAdvice(a.Type, v, a.Sensitive), false
}

// checkEnsure is the Resource API's validate_ensure: an `ensure`
// attribute is Enum[present, absent], optionally wrapped in Optional or
// in a Variant with Undef.
func checkEnsure(td *TypeDef) hcl.Diagnostics {
	a := td.Attr("ensure")
	if a == nil || a.Type == nil || isEnsureType(a.Type) {
		return nil
	}
	return hcl.Diagnostics{errorAt(summaryEnsureType,
		"`:ensure` attribute must have a type of: `Enum[present, absent]` or `Optional[Enum[present, absent]]`",
		a.TypeRange, a.DeclRange.Ptr())}
}

func isEnsureType(t types.Type) bool {
	if o, ok := t.(*types.OptionalType); ok {
		t = o.Type
	}
	if isPresentAbsent(t) {
		return true
	}
	v, ok := t.(*types.VariantType)
	if !ok || len(v.Types) != 2 {
		return false
	}
	for i := range v.Types {
		_, undef := v.Types[i].(*types.UndefType)
		if undef && isPresentAbsent(v.Types[1-i]) {
			return true
		}
	}
	return false
}

func isPresentAbsent(t types.Type) bool {
	e, ok := t.(*types.EnumType)
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, v := range e.Values {
		seen[v] = true
	}
	return len(seen) == 2 && seen["absent"] && seen["present"]
}
