package catalog

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
)

// checkValue checks v against the attribute's type with Puppet's message,
// prefixed `type.attr`, then a sentence of advice (valueAdvice). Plain
// values at the Sensitive[...] positions of the type are wrapped first
// (HCL has no Sensitive constructor; see types.SealSensitive) and must
// fit the parameter as written there. No message shows a secret: the
// value of a sensitive attribute, or one computed from a sensitive value.
// meter is charged the pattern matches (nil: nothing); when it stops the
// check, the message is its error's.
func checkValue(td *TypeDef, a *AttrDef, v types.Value, meter types.Meter) (string, bool) {
	if a.Type == nil {
		return "", true
	}
	v, tainted := unseal(v)
	bounded := true
	if hasSensitiveType(a) {
		v, bounded = types.SealSensitive(a.Type, v)
	}
	subject := a.subject
	if subject == "" {
		subject = td.Name + "." + a.Name
	}
	msg, ok := types.CheckMetered(subject, a.Type, v, meter)
	switch {
	case ok && bounded:
		return "", true
	case ok:
		return fmt.Sprintf("%s expects a value of type %s, got a sensitive value outside the bounds written inside Sensitive[...] (the value is not shown). Use a value within those bounds.", subject, a.TypeText), false
	case a.Sensitive || tainted || IsSecretAttr(a) && exposesScalars(v):
		why := "the attribute is sensitive"
		if tainted && !IsSecretAttr(a) {
			why = "it is computed from a sensitive value"
		}
		msg = fmt.Sprintf("%s expects a value of type %s, got a value that is not shown (%s)", subject, a.TypeText, why)
	}
	return WithAdvice(msg, ValueAdvice(a.Type, v, tainted || IsSecretAttr(a), msg)), false
}

// exposesScalars reports whether v has a scalar outside any Sensitive:
// Puppet's mismatch messages can quote one (`got 'x'`, Integer[5, 5]).
func exposesScalars(v types.Value) bool {
	switch x := v.(type) {
	case nil, types.Sensitive:
		return false
	case []types.Value:
		for _, e := range x {
			if exposesScalars(e) {
				return true
			}
		}
		return false
	case *types.Hash:
		if x != nil {
			for _, e := range x.Values {
				if exposesScalars(e) {
					return true
				}
			}
		}
		return false
	}
	return true
}

// checkEnsure is the Resource API's validate_ensure: an `ensure`
// attribute is Enum[present, absent], optionally wrapped in Optional or
// in a Variant with Undef.
func checkEnsure(td *TypeDef) hcl.Diagnostics {
	a := td.Attr("ensure")
	if a == nil || a.Type == nil || isEnsureType(a.Type) {
		return nil
	}
	return hcl.Diagnostics{ErrorAt(summaryEnsureType,
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
