package compiler

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// hcl evaluates a for expression, a template, a splat, a comparison and
// a conditional in one call that nothing can interrupt. So that the
// budget (budget.go) stops them before they do the work, the syntax tree
// is changed once after parsing (boundExpressions): the part of each
// that sizes the work (a for's collection, a template's interpolations,
// a splat's source, a comparison's operands, a conditional's results) is
// wrapped in a charged expression, which evaluates it, charges what the
// rest will cost from its value and, when the budget is spent, returns
// an unknown value (on which hcl stops at once) with the diagnostic.

// charged is an expression evaluated and then charged. It embeds a
// ParenthesesExpr around the expression, so that every walk of the tree
// (Variables, VisitAll) goes on into the expression as before; code that
// looks at the type of a node it did not wrap itself unwraps it first
// (unwrapCharged).
type charged struct {
	*hclsyntax.ParenthesesExpr
	// measure and per say what evaluating the rest costs, given the
	// value (see cost).
	measure measure
	per     weight
	// rng and what name the expression whose work is charged.
	rng  hcl.Range
	what string
	// fallback holds the budget of an evaluation without a context.
	fallback *catalog.BudgetSlot
}

// cost is a charge in each kind.
type cost struct{ steps, text int64 }

// measure is how a charged expression's value sizes the work after it.
type measure int

const (
	perElement measure = iota // a for: per weight for each element of the collection
	text                      // a template's part, or a for directive's strings: their text
	spread                    // a splat: a step per element
	compared                  // a comparison's operand: a step per element, and its text
	converted                 // a conditional's result: a step per element
)

// cost is what the rest costs, given the value.
func (c *charged) cost(v cty.Value) cost {
	switch c.measure {
	case perElement:
		n := int64(length(v)) // the elements are not walked: a large value is shared, not copied
		return cost{steps: n * c.per.steps, text: n * c.per.text}
	case text:
		return textCost(v)
	case spread:
		return cost{steps: int64(length(v))}
	}
	elems, txt := catalog.ValueSize(v)
	if c.measure == converted {
		txt = 0 // strings are not copied
	}
	return cost{steps: int64(elems), text: int64(txt)}
}

func wrapCharged(e hclsyntax.Expression, rng hcl.Range, what string, fallback *catalog.BudgetSlot, m measure, per weight) hclsyntax.Expression {
	if _, done := e.(*charged); done {
		return e
	}
	return &charged{
		ParenthesesExpr: &hclsyntax.ParenthesesExpr{Expression: e, SrcRange: e.Range()},
		measure:         m, per: per, rng: rng, what: what, fallback: fallback,
	}
}

// Value evaluates the expression, then charges it.
func (c *charged) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	b := catalog.BudgetOf(ctx, c.fallback.Budget())
	if b.Over() {
		return cty.DynamicVal, hcl.Diagnostics{b.Stopped()}
	}
	v, diags := c.Expression.Value(ctx)
	if b == nil {
		return v, diags
	}
	k := c.cost(v)
	for _, s := range []struct {
		kind catalog.BudgetKind
		n    int64
	}{{catalog.SpendSteps, k.steps}, {catalog.SpendText, k.text}} {
		if d := b.Charge(s.kind, s.n, c.rng, c.what); d != nil {
			return cty.DynamicVal, append(catalog.DedupBudget(diags, b), d)
		}
	}
	if c.measure == converted {
		v = asCollection(v)
	}
	return v, catalog.DedupBudget(diags, b)
}

// asCollection is a large tuple (or object) whose elements all have the
// same type as the list (or map) of them: the same values, for catc. A
// conditional unifies its results' types, and cty unifies a tuple's
// element types with one another (quadratic: a conditional between a
// tuple of 1,000 elements and [] took 6 ms, one of 100,000 would take a
// minute), but not a list's.
func asCollection(v cty.Value) cty.Value {
	const large = 64
	t := v.Type()
	if !(t.IsTupleType() || t.IsObjectType()) || !v.IsWhollyKnown() || v.IsMarked() || v.LengthInt() < large {
		return v
	}
	var ety cty.Type
	elems := make(map[string]cty.Value, v.LengthInt())
	list := make([]cty.Value, 0, v.LengthInt())
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		if list != nil && ety != cty.NilType && !e.Type().Equals(ety) {
			return v
		}
		ety = e.Type()
		if t.IsTupleType() {
			list = append(list, e)
		} else {
			elems[k.AsString()] = e
		}
	}
	if t.IsTupleType() {
		return cty.ListVal(list)
	}
	return cty.MapVal(elems)
}

// unwrapCharged is the expression a charged expression wraps, or e.
func unwrapCharged(e hclsyntax.Expression) hclsyntax.Expression {
	if c, ok := e.(*charged); ok {
		return c.Expression
	}
	return e
}

// boundExpressions prepares the syntax tree n for bounded evaluation: the
// arithmetic operations are bounded (bounded.go), and the expressions
// that repeat work are charged, to the budget of their evaluation
// context, or without one to fallback's (nil for trees every load
// shares, such as the built-in types'). The tree is walked once, after
// parsing (the walk's depth is bounded by checkNesting).
func boundExpressions(n hclsyntax.Node, fallback *catalog.BudgetSlot) {
	ops := boundedOps()
	hclsyntax.VisitAll(n, func(n hclsyntax.Node) hcl.Diagnostics {
		switch e := n.(type) {
		case *hclsyntax.BinaryOpExpr:
			if op := ops[e.Op]; op != nil {
				e.Op = op
			}
			if e.Op == hclsyntax.OpEqual || e.Op == hclsyntax.OpNotEqual {
				e.LHS = wrapCharged(e.LHS, e.SrcRange, catalog.WhatCompare, fallback, compared, weight{})
				e.RHS = wrapCharged(e.RHS, e.SrcRange, catalog.WhatCompare, fallback, compared, weight{})
			}
		case *hclsyntax.ForExpr:
			e.CollExpr = wrapCharged(e.CollExpr, e.SrcRange, catalog.WhatFor, fallback, perElement, bodyWeight(e.KeyExpr, e.ValExpr, e.CondExpr))
		case *hclsyntax.TemplateExpr:
			for i, p := range e.Parts {
				if _, lit := p.(*hclsyntax.LiteralValueExpr); !lit {
					e.Parts[i] = wrapCharged(p, e.SrcRange, catalog.WhatTemplate, fallback, text, weight{})
				}
			}
		case *hclsyntax.TemplateJoinExpr:
			e.Tuple = wrapCharged(e.Tuple, e.Range(), catalog.WhatJoin, fallback, text, weight{})
		case *hclsyntax.SplatExpr:
			e.Source = wrapCharged(e.Source, e.SrcRange, catalog.WhatSplat, fallback, spread, weight{})
		case *hclsyntax.ConditionalExpr:
			e.TrueResult = wrapCharged(e.TrueResult, e.SrcRange, catalog.WhatConditional, fallback, converted, weight{})
			e.FalseResult = wrapCharged(e.FalseResult, e.SrcRange, catalog.WhatConditional, fallback, converted, weight{})
		}
		return nil
	})
}

// chargeWeight charges n evaluations of an expression of weight w.
func chargeWeight(b *catalog.Budget, n int64, w weight, rng hcl.Range, what string) *hcl.Diagnostic {
	if d := b.Charge(catalog.SpendSteps, n*w.steps, rng, what); d != nil {
		return d
	}
	return b.Charge(catalog.SpendText, n*w.text, rng, what)
}

// weight is what one evaluation of some expressions costs at least: a
// step per node, and the bytes of their literal strings.
type weight struct{ steps, text int64 }

// bodyWeight is the weight of a for expression's body (or of a block),
// plus one step.
func bodyWeight(nodes ...hclsyntax.Node) weight {
	w := weight{steps: 1}
	for _, e := range nodes {
		if e == nil {
			continue
		}
		hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
			w.steps++
			if lit, ok := n.(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && lit.Val.IsKnown() && !lit.Val.IsNull() {
				w.text += int64(len(lit.Val.AsString()))
			}
			return nil
		})
	}
	return w
}

// textCost charges the text of a string, or of a tuple of strings.
func textCost(v cty.Value) cost {
	v, _ = v.Unmark()
	if !v.IsKnown() || v.IsNull() {
		return cost{}
	}
	switch t := v.Type(); {
	case t == cty.String:
		return cost{text: int64(len(v.AsString()))}
	case t.IsTupleType():
		var n int64
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			n += textCost(e).text
		}
		return cost{steps: int64(v.LengthInt()), text: n}
	}
	return cost{}
}
