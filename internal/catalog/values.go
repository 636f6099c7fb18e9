package catalog

import (
	"bytes"
	"fmt"
	"math"
	"math/big"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/catc-dev/catc/internal/numbounds"
	"github.com/catc-dev/catc/internal/types"
)

// errUnknownValue marks a value left unknown by a syntax error that was
// already reported; evalValue drops it so it is not reported twice.
var errUnknownValue = &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summaryUnsupportedValue, Detail: "The value is unknown."}

// evalValue is exprValue for callers: ok is false when the value is
// unusable (its problems are in diags, or were reported by the parser).
func EvalValue(expr hclsyntax.Expression, src []byte, ctx *hcl.EvalContext) (v types.Value, diags hcl.Diagnostics, ok bool) {
	v, all := exprValue(expr, src, ctx)
	ok = !all.HasErrors()
	for _, d := range all {
		if d != errUnknownValue {
			diags = append(diags, d)
		}
	}
	return v, diags, ok
}

// exprValue evaluates an HCL expression (no variables, no functions) into
// a Puppet value: string → String; number → Integer when the literal has
// no fraction or exponent (and the value is integral), else Float; bool →
// Boolean; null → undef; tuple/list → Array; object/map → Hash in source
// order. src is the whole file, for reading number literals; ctx holds
// var, local, facts, each and the functions (nil: constants only).
func exprValue(expr hclsyntax.Expression, src []byte, ctx *hcl.EvalContext) (types.Value, hcl.Diagnostics) {
	switch e := expr.(type) {
	case *hclsyntax.TupleConsExpr:
		return tupleValue(e, src, ctx)
	case *hclsyntax.ObjectConsExpr:
		return objectValue(e, src, ctx)
	case *hclsyntax.ParenthesesExpr:
		return exprValue(e.Expression, src, ctx)
	case *hclsyntax.TemplateWrapExpr:
		return exprValue(e.Wrapped, src, ctx)
	case *hclsyntax.TemplateExpr:
		if s, ok := LiteralString(e); ok {
			return s, nil
		}
	case *hclsyntax.LiteralValueExpr:
		if e.Val.Type() == cty.Number && !e.Val.IsNull() {
			return numberValue(e.Val.AsBigFloat(), isFloatLiteral(e.SrcRange, src), e.SrcRange)
		}
	case *hclsyntax.UnaryOpExpr:
		if lit, ok := e.Val.(*hclsyntax.LiteralValueExpr); ok && e.Op == hclsyntax.OpNegate && lit.Val.Type() == cty.Number {
			f := new(big.Float).Neg(lit.Val.AsBigFloat())
			return numberValue(f, isFloatLiteral(lit.SrcRange, src), e.SrcRange)
		}
	}
	v, diags := EvalExpr(expr, ctx)
	if diags.HasErrors() {
		return nil, diags
	}
	if b := BudgetOf(ctx, nil); b != nil {
		// a value shared by many instances is converted for each
		if elems, _ := ValueSize(v); elems > 0 {
			if stop := b.Charge(SpendSteps, int64(elems), expr.Range(), WhatValue); stop != nil {
				return nil, append(diags, stop)
			}
		}
	}
	out, moreDiags := CtyValue(v, expr.Range())
	return out, append(diags, moreDiags...)
}

// literalString reads a quoted string without interpolation ("abc")
// directly: evaluating the template would copy it through a buffer and a
// new cty value, the same string, and that is most of the values.
func LiteralString(e *hclsyntax.TemplateExpr) (string, bool) {
	if !e.IsStringLiteral() {
		return "", false
	}
	lit := e.Parts[0].(*hclsyntax.LiteralValueExpr)
	v := lit.Val
	if v.Type() != cty.String || v.IsMarked() || !v.IsKnown() || v.IsNull() {
		return "", false
	}
	return v.AsString(), true
}

func tupleValue(e *hclsyntax.TupleConsExpr, src []byte, ctx *hcl.EvalContext) (types.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	out := make([]types.Value, 0, len(e.Exprs))
	for _, x := range e.Exprs {
		v, d := exprValue(x, src, ctx)
		diags = append(diags, d...)
		out = append(out, v)
	}
	return out, diags
}

func objectValue(e *hclsyntax.ObjectConsExpr, src []byte, ctx *hcl.EvalContext) (types.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	h := &types.Hash{}
	b := types.HashBuilder{H: h}
	for _, item := range e.Items {
		kv, d := item.KeyExpr.Value(ctx)
		diags = append(diags, d...)
		if d.HasErrors() {
			continue
		}
		if kv.ContainsMarked() {
			diags = append(diags, ErrorAt(SummaryInvalidValue, SecretUse("A hash key"), item.KeyExpr.Range(), nil))
			continue
		}
		ks, err := convert.Convert(kv, cty.String)
		if err != nil || ks.IsNull() || !ks.IsKnown() {
			diags = append(diags, ErrorAt(SummaryInvalidValue, "A hash key must be a string.", item.KeyExpr.Range(), nil))
			continue
		}
		v, d := exprValue(item.ValueExpr, src, ctx)
		diags = append(diags, d...)
		b.Set(ks.AsString(), v)
	}
	return h, diags
}

// isFloatLiteral reports whether a number literal is written with a
// fraction or an exponent (`1.0`, `1e3`).
func isFloatLiteral(r hcl.Range, src []byte) bool {
	if r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte > r.End.Byte {
		return false
	}
	return bytes.ContainsAny(src[r.Start.Byte:r.End.Byte], ".eE")
}

// numberValue is Integer for an integral non-float literal that fits 64
// bits, Float otherwise.
func numberValue(f *big.Float, float bool, r hcl.Range) (types.Value, hcl.Diagnostics) {
	if msg := numbounds.BoundsMsg(f); msg != "" {
		return nil, hcl.Diagnostics{ErrorAt(SummaryNumberBounds, msg, r, nil)}
	}
	if !float && f.IsInt() {
		if i, acc := f.Int64(); acc == big.Exact {
			return i, nil
		}
		return nil, hcl.Diagnostics{ErrorAt(SummaryIntegerRange,
			fmt.Sprintf("The integer %s does not fit in 64 bits, the range catc supports. Use a number from -9223372036854775808 to 9223372036854775807, or a string where the type allows one.", f.Text('g', 20)), r, nil)}
	}
	x, _ := f.Float64()
	if math.IsInf(x, 0) {
		return nil, hcl.Diagnostics{ErrorAt(SummaryIntegerRange,
			fmt.Sprintf("The number %s is out of the range of a 64-bit float. Use a smaller number, or a string where the type allows one.", f.Text('g', 20)), r, nil)}
	}
	return x, nil
}

// ctyValue maps an evaluated value; numbers follow integrality since
// their literal is not at hand.
func CtyValue(v cty.Value, r hcl.Range) (types.Value, hcl.Diagnostics) {
	if v.IsNull() {
		return nil, nil
	}
	if v.IsMarked() {
		// computed from a secret (secrets.go): a secret wherever it lands
		u, _ := v.Unmark()
		x, diags := CtyValue(u, r)
		if x == nil {
			return nil, diags
		}
		return types.Sensitive{Value: plainValue(x)}, diags
	}
	if !v.IsKnown() {
		// Only a syntax error, already reported, leaves a value unknown
		// when there are no variables.
		return nil, hcl.Diagnostics{errUnknownValue}
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return v.AsString(), nil
	case t == cty.Bool:
		return v.True(), nil
	case t == cty.Number:
		return numberValue(v.AsBigFloat(), false, r)
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		var diags hcl.Diagnostics
		out := make([]types.Value, 0, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			x, d := CtyValue(ev, r)
			diags = append(diags, d...)
			out = append(out, x)
		}
		return out, diags
	case t.IsMapType() || t.IsObjectType():
		var diags hcl.Diagnostics
		h := &types.Hash{}
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			x, d := CtyValue(ev, r)
			diags = append(diags, d...)
			h.Append(k.AsString(), x) // an object's or a map's keys are distinct
		}
		return h, diags
	}
	return nil, hcl.Diagnostics{ErrorAt(summaryUnsupportedValue,
		fmt.Sprintf("A value of type %s has no Puppet equivalent. Use a string, number, bool, list or map.", t.FriendlyName()), r, nil)}
}

// valueSize counts the elements (nested ones included) and the bytes of
// text of v, stopping once either is beyond its bound.
func ValueSize(v cty.Value) (elems, text int) {
	var walk func(v cty.Value)
	walk = func(v cty.Value) {
		v, _ = v.Unmark()
		if !v.IsKnown() || v.IsNull() || elems > MaxElements || text > MaxTextBytes {
			return
		}
		t := v.Type()
		switch {
		case t == cty.String:
			text += len(v.AsString())
		case t.IsCollectionType() || t.IsTupleType() || t.IsObjectType():
			if t.IsObjectType() || t.IsMapType() {
				for it := v.ElementIterator(); it.Next(); {
					k, _ := it.Element()
					text += len(k.AsString())
				}
			}
			elems += v.LengthInt()
			if !hasTextOrElems(t) {
				return
			}
			for it := v.ElementIterator(); it.Next(); {
				_, e := it.Element()
				walk(e)
			}
		}
	}
	walk(v)
	return elems, text
}

// hasTextOrElems tells whether elements of type t can hold text or
// elements, so that a list of numbers is not walked.
func hasTextOrElems(t cty.Type) bool {
	switch {
	case t.IsCollectionType():
		e := t.ElementType()
		return e == cty.String || e == cty.DynamicPseudoType || !e.IsPrimitiveType()
	}
	return true
}

// Evaluation is bounded so that no input can exhaust memory or time: a
// value (a function's result, a local, an attribute, a for_each
// collection) holds at most maxElements elements, nested ones included,
// and maxTextBytes of text; numbers stay within the bounds of numbers.go.
// Functions whose result can outgrow their arguments (setproduct,
// concat, formatlist, indent, join, replace...) are checked before they
// run, from the sizes of their arguments; every result is checked after.
const (
	MaxElements  = 1000000
	MaxTextBytes = 64 << 20

	SummaryTooLarge = "Value too large"
)
