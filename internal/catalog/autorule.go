package catalog

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/words"
)

// autoKinds maps the auto* block names.
var autoKinds = enum.Index[AutoKind](autoKindNames[:])

// decodeAutoRules reads the auto rules in source order: each argument of
// an auto* block a target type, each value a title, a "$attr" reference,
// or a list of them. The object form, `autorequire = { "bind::zone" =
// "$zone" }`, takes the same rules with quoted keys: a target such as a
// defined type (`bind::zone`) is no HCL identifier, so it cannot be an
// argument name in a block.
func decodeAutoRules(td *TypeDef, blocks hcl.Blocks, objects hcl.Attributes) hcl.Diagnostics {
	var diags hcl.Diagnostics
	var rules []*AutoRule
	for _, b := range blocks {
		kind, ok := autoKinds[b.Type]
		if !ok {
			continue
		}
		attrs, d := b.Body.JustAttributes()
		diags = append(diags, d...)
		for _, a := range attrs {
			rule, d := decodeAutoRule(td, kind, a)
			diags = append(diags, d...)
			rules = append(rules, rule)
		}
	}
	for name, a := range objects {
		if kind, ok := autoKinds[name]; ok {
			r, d := decodeAutoObject(td, kind, a)
			diags = append(diags, d...)
			rules = append(rules, r...)
		}
	}
	sort.SliceStable(rules, func(i, j int) bool { return rules[i].Range.Start.Byte < rules[j].Range.Start.Byte })
	td.AutoRules = append(td.AutoRules, rules...)
	return diags
}

// decodeAutoObject reads `autorequire = { TYPE = TITLES, … }`.
func decodeAutoObject(td *TypeDef, kind AutoKind, a *hcl.Attribute) ([]*AutoRule, hcl.Diagnostics) {
	obj, ok := a.Expr.(*hclsyntax.ObjectConsExpr)
	if !ok {
		return nil, hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			fmt.Sprintf("%s = … takes an object of rules, { file = \"$source\", \"bind::zone\" = \"$zone\" }, or write an %s { … } block.", kind, kind),
			a.Expr.Range(), a.Range.Ptr())}
	}
	var rules []*AutoRule
	var diags hcl.Diagnostics
	for _, item := range obj.Items {
		target, ok := autoObjectKey(item.KeyExpr)
		if !ok {
			diags = append(diags, ErrorAt(SummaryAutoRule,
				"A rule's key is the target type, a name or a quoted string (\"bind::zone\").", item.KeyExpr.Range(), a.Range.Ptr()))
			continue
		}
		attr := &hcl.Attribute{Name: target, Expr: item.ValueExpr, NameRange: item.KeyExpr.Range(),
			Range: hcl.RangeBetween(item.KeyExpr.Range(), item.ValueExpr.Range())}
		rule, d := decodeAutoRule(td, kind, attr)
		diags = append(diags, d...)
		rules = append(rules, rule)
	}
	return rules, diags
}

// autoObjectKey is an object key as written: a bare name or a literal
// string, never evaluated.
func autoObjectKey(e hclsyntax.Expression) (string, bool) {
	if name := hcl.ExprAsKeyword(e); name != "" {
		return name, true
	}
	if k, ok := e.(*hclsyntax.ObjectConsKeyExpr); ok {
		e = k.Wrapped
	}
	if t, ok := e.(*hclsyntax.TemplateExpr); ok {
		if s, ok := LiteralString(t); ok && s != "" {
			return s, true
		}
	}
	return "", false
}

func decodeAutoRule(td *TypeDef, kind AutoKind, a *hcl.Attribute) (*AutoRule, hcl.Diagnostics) {
	rule := &AutoRule{Kind: kind, Target: a.Name, Range: a.Range, TargetRange: a.NameRange}
	var diags hcl.Diagnostics
	for _, e := range autoElems(a.Expr) {
		terms, d := autoTerms(td, kind, e)
		diags = append(diags, d...)
		rule.Terms = append(rule.Terms, terms...)
	}
	return rule, diags
}

// autoElems splits a list expression so each term keeps its own range.
func autoElems(e hcl.Expression) []hcl.Expression {
	if tup, ok := e.(*hclsyntax.TupleConsExpr); ok {
		out := make([]hcl.Expression, len(tup.Exprs))
		for i, x := range tup.Exprs {
			out[i] = x
		}
		return out
	}
	return []hcl.Expression{e}
}

func autoTerms(td *TypeDef, kind AutoKind, e hcl.Expression) ([]AutoTerm, hcl.Diagnostics) {
	if c, ok := e.(*hclsyntax.FunctionCallExpr); ok {
		call, diags := decodeAutoCall(td, kind, c, true)
		if call == nil {
			return nil, diags
		}
		return []AutoTerm{{Call: call, Range: e.Range()}}, diags
	}
	v, diags := EvalExpr(e, nil)
	if diags.HasErrors() {
		return nil, diags
	}
	var vals []cty.Value
	if !flattenScalars(v, &vals) {
		return nil, hcl.Diagnostics{ErrorAt(SummaryAutoRule,
			fmt.Sprintf("An %s value is a title, a \"$attr\" reference, or a list of them.", kind), e.Range(), nil)}
	}
	var terms []AutoTerm
	for _, x := range vals {
		term := AutoTerm{Range: e.Range()}
		s := scalarCtyString(x)
		if strings.HasPrefix(s, "$") {
			term.Attr = s[1:]
			if d := checkAutoAttr(td, kind, term); d.HasErrors() {
				diags = append(diags, d...)
				continue
			}
		} else {
			term.Title = s
		}
		terms = append(terms, term)
	}
	return terms, diags
}

// checkAutoSecrets refuses a resource whose attribute named by an auto
// rule holds a value computed from a secret: the edge the rule draws, or
// its absence, would tell whether the secret equals another resource's
// title, and anyone could test a guess. The error does not depend on the
// value, so it tells nothing itself. One error per attribute.
func (b *Built) checkAutoSecrets(td *TypeDef) {
	r := b.Res
	done := map[string]bool{}
	for _, rule := range td.AutoRules {
		for _, term := range rule.Terms {
			var buf [4]string
			for _, attr := range term.appendAttrs(buf[:0]) {
				if done[attr] {
					continue
				}
				v, _ := r.Attributes.Get(attr)
				if !ContainsSensitive(v) {
					continue
				}
				done[attr] = true
				rng, ok := r.AttrRange(attr)
				if !ok {
					rng = r.DeclRange
				}
				b.errorf(SummaryAutoRule, rng, r.DeclRange,
					"The %s rule of type %q uses \"$%s\", and %s sets %s from a value that feeds a sensitive attribute: a value derived from a secret cannot be used for automatic relationships (whether the edge exists would tell whether the secret is another resource's title). Compute %s from values that are not secrets.",
					rule.Kind, td.Name, attr, r.Ref(), attr, attr)
			}
		}
	}
}

func unknownAutoAttr(td *TypeDef, kind AutoKind, term AutoTerm) *hcl.Diagnostic {
	detail := fmt.Sprintf("The %s rule refers to \"$%s\", but type %q has no attribute %q (Puppet fails the whole run with \"Invalid parameter %s(:%s)\").",
		kind, term.Attr, td.Name, term.Attr, term.Attr, term.Attr)
	names := make([]string, len(td.Attributes))
	for i, a := range td.Attributes {
		names[i] = a.Name
	}
	detail += fmt.Sprintf(" Refer to an attribute of %s (%s).", td.Name, shortList(names, 12))
	if sug := words.Closest(term.Attr, names); sug != "" {
		detail += fmt.Sprintf(" Did you mean \"$%s\"?", sug)
	}
	return ErrorAt(SummaryAutoRule, detail, term.Range, nil)
}

// flattenScalars collects the strings, numbers and bools of a value,
// flattening nested lists; it fails on maps and nulls.
func flattenScalars(v cty.Value, out *[]cty.Value) bool {
	if v.IsNull() || !v.IsKnown() {
		return false
	}
	t := v.Type()
	switch {
	case t == cty.String || t == cty.Number || t == cty.Bool:
		*out = append(*out, v)
		return true
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if !flattenScalars(e, out) {
				return false
			}
		}
		return true
	}
	return false
}

func scalarCtyString(v cty.Value) string {
	switch v.Type() {
	case cty.String:
		return v.AsString()
	case cty.Bool:
		if v.True() {
			return "true"
		}
		return "false"
	}
	return v.AsBigFloat().Text('g', -1)
}

// checkAutoTargets warns about rules naming a type no loaded file
// defines: Puppet ignores them silently, but the types may simply come
// from another file set.
func checkAutoTargets(td *TypeDef, known map[string]bool) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, r := range td.AutoRules {
		if known[strings.ToLower(r.Target)] {
			continue
		}
		if strings.Contains(r.Target, "::") {
			// A defined type or class: Puppet makes the edge to its
			// resources, which catc, declaring none, never has.
			diags = append(diags, warningAt(summaryAutoUnknownType,
				fmt.Sprintf("The %s rule of type %q names %q, a defined type or class (a name with ::), whose resources catc never declares: the rule has no effect in catc, where Puppet makes the edge to them. Keep it for Puppet, or remove it.", r.Kind, td.Name, r.Target),
				r.TargetRange))
			continue
		}
		detail := fmt.Sprintf("The %s rule of type %q names the type %q, which no loaded file defines; the rule has no effect unless that type is loaded. Load the file that defines the type %q, or remove it from the rule.", r.Kind, td.Name, r.Target, r.Target)
		detail += words.DidYouMean(strings.ToLower(r.Target), slices.Sorted(maps.Keys(known)))
		diags = append(diags, warningAt(summaryAutoUnknownType, detail, r.TargetRange))
	}
	return diags
}
