package compiler

import (
	"bytes"
	"sort"
	"sync"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// deferredBlock is a resource block that needs the evaluation context:
// it uses var, local, facts, each or a function, has for_each, or
// interpolates its title.
type deferredBlock struct {
	block *hclsyntax.Block
	src   []byte
	// conds are the only_if of the group blocks around the resource.
	conds []*hclsyntax.Attribute
	// titleExpr is the title template, parsed once (titleTemplate).
	titleOnce sync.Once
	titleExpr hclsyntax.Expression
	// attrs are the block's attributes in source order, sorted once
	// (sortedAttrs).
	attrsOnce sync.Once
	attrs     []*hclsyntax.Attribute
}

// sortedAttrs are the block's attributes in source order, sorted once
// for all its decodings.
func (d *deferredBlock) sortedAttrs() []*hclsyntax.Attribute {
	d.attrsOnce.Do(func() { d.attrs = catalog.SortedAttrs(d.block.Body.Attributes) })
	return d.attrs
}

// scopeRoots are the names the evaluation context defines; a traversal
// from any other root in a relationship is a resource reference.
var scopeRoots = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"var": true, "local": true, "facts": true, "trusted": true, "each": true, "self": true}
})

// needsContext reports whether a block cannot be read without the
// evaluation context: it has for_each, only_if or a title template.
func needsContext(b *hclsyntax.Block, src []byte) bool {
	if _, ok := b.Body.Attributes["for_each"]; ok {
		return true
	}
	if _, ok := b.Body.Attributes["only_if"]; ok {
		return true
	}
	return len(b.LabelRanges) == 2 && isTitleTemplate(b.LabelRanges[1], src)
}

// isTitleTemplate reports whether a label's source interpolates.
func isTitleTemplate(r hcl.Range, src []byte) bool {
	raw := catalog.RangeBytes(r, src)
	return bytes.Contains(raw, []byte("${")) || bytes.Contains(raw, []byte("%{"))
}

// needsEvalContext reports whether evaluating without a context failed
// only for want of one.
func needsEvalContext(diags hcl.Diagnostics) bool {
	for _, d := range diags {
		if d.Summary == "Variables not allowed" || d.Summary == "Function calls not allowed" {
			return true
		}
	}
	return false
}

// isLabelTemplateDiag recognises the parser's complaint about a template
// in a title label, which catc evaluates itself.
func isLabelTemplateDiag(d *hcl.Diagnostic, labels []hcl.Range) bool {
	if d.Summary != "Invalid string literal" || d.Subject == nil {
		return false
	}
	for _, r := range labels {
		if r.Filename == d.Subject.Filename && r.Start.Byte <= d.Subject.Start.Byte && d.Subject.End.Byte <= r.End.Byte {
			return true
		}
	}
	return false
}

// expand decodes a deferred block with ctx: once, or once per for_each
// element in sorted key order, with each.key and each.value set.
func (d *deferredBlock) expand(ctx *hcl.EvalContext, s *secrets) ([]*rawResource, hcl.Diagnostics) {
	fe, ok := d.block.Body.Attributes["for_each"]
	if !ok {
		r, diags := d.instance(ctx)
		if r == nil {
			return nil, diags
		}
		return []*rawResource{r}, diags
	}
	keys, values, diags := forEachElements(fe, ctx, s.eachValue[fe])
	if len(keys) > 0 {
		w := bodyWeight(d.block.Body)
		if stop := chargeWeight(catalog.BudgetOf(ctx, nil), int64(len(keys)), w, fe.SrcRange, catalog.WhatForEach); stop != nil {
			return nil, append(diags, stop)
		}
	}
	var out []*rawResource
	for i, k := range keys {
		child := ctx.NewChild()
		child.Variables = map[string]cty.Value{"each": cty.ObjectVal(map[string]cty.Value{"key": cty.StringVal(k), "value": values[i]})}
		r, moreDiags := d.instance(child)
		diags = append(diags, moreDiags...)
		if r != nil {
			out = append(out, r)
		}
	}
	return out, diags
}

// instance decodes the block once with ctx, title template included; it
// returns nil without diagnostics when only_if is false.
func (d *deferredBlock) instance(ctx *hcl.EvalContext) (*rawResource, hcl.Diagnostics) {
	return d.instanceIn(nil, ctx)
}

// instanceIn is instance decoded into room (nil: a new resource).
func (d *deferredBlock) instanceIn(room *rawRoom, ctx *hcl.EvalContext) (*rawResource, hcl.Diagnostics) {
	for _, a := range d.conds {
		if declared, diags := onlyIf(a, ctx); !declared {
			return nil, diags
		}
	}
	if a, ok := d.block.Body.Attributes["only_if"]; ok {
		if declared, diags := onlyIf(a, ctx); !declared {
			return nil, diags
		}
	}
	if len(d.block.Labels) != 2 {
		return extractResource(d.block, d.src, ctx) // its diagnostic
	}
	r, diags := extractIn(room, d.block, d.sortedAttrs(), d.src, ctx)
	if isTitleTemplate(r.TitleRange, d.src) {
		title, moreDiags := d.evalTitle(r.TitleRange, ctx)
		diags = append(diags, moreDiags...)
		if moreDiags.HasErrors() {
			return nil, diags
		}
		r.Title = title
	}
	return r, diags
}

// onlyIf evaluates the only_if meta-argument: the resource is declared on
// the node only when it is true.
func onlyIf(a *hclsyntax.Attribute, ctx *hcl.EvalContext) (bool, hcl.Diagnostics) {
	v, diags := catalog.EvalExpr(a.Expr, ctx)
	if diags.HasErrors() {
		return false, diags
	}
	if v.ContainsMarked() {
		return false, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidValue, onlyIfSecret, a.Expr.Range(), a.SrcRange.Ptr())}
	}
	if v.IsNull() || !v.IsKnown() || !v.Type().Equals(cty.Bool) {
		return false, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidValue,
			"only_if must be true or false: a condition on the node such as facts.os.family == \"Debian\" or startswith(trusted.certname, \"web-\").",
			a.Expr.Range(), a.SrcRange.Ptr())}
	}
	return v.True(), nil
}

// onlyIfSecret is the detail of an only_if computed from a secret.
const onlyIfSecret = "An only_if condition may not be computed from a value that feeds a sensitive attribute: whether the resource is declared would tell something of the secret (in plans, graphs and diffs). Compute it from other values."

// evalTitle evaluates the title label at r as a template.
func (d *deferredBlock) evalTitle(r hcl.Range, ctx *hcl.EvalContext) (string, hcl.Diagnostics) {
	expr, diags := d.titleTemplate(r)
	if diags.HasErrors() {
		return "", diags
	}
	v, diags := catalog.EvalExpr(expr, ctx)
	if diags.HasErrors() {
		return "", diags
	}
	if v.ContainsMarked() {
		return "", hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidValue, catalog.SecretUse("A title"), r, nil)}
	}
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		return "", hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidValue, "The title must evaluate to a string.", r, nil)}
	}
	return v.AsString(), nil
}

// titleTemplate is the title label at r parsed as a template, once per
// block: every instance on every node evaluates the same one. A label
// that does not parse is parsed again each time, so that no instance
// shares a diagnostic (they are redacted in place).
func (d *deferredBlock) titleTemplate(r hcl.Range) (hclsyntax.Expression, hcl.Diagnostics) {
	d.titleOnce.Do(func() {
		if expr, diags := parseTitle(r, d.src); !diags.HasErrors() {
			d.titleExpr = expr
		}
	})
	if d.titleExpr != nil {
		return d.titleExpr, nil
	}
	return parseTitle(r, d.src)
}

// parseTitle parses the title label at r of src as a template (HCL
// labels are literal strings, so the label's source is parsed again).
func parseTitle(r hcl.Range, src []byte) (hclsyntax.Expression, hcl.Diagnostics) {
	raw := catalog.RangeBytes(r, src)
	if len(raw) < 2 {
		return nil, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidValue, "The title is not a quoted string.", r, nil)}
	}
	start := catalog.Advance(r.Start, raw[:1])
	expr, diags := hclsyntax.ParseTemplate(raw[1:len(raw)-1], r.Filename, start)
	if diags.HasErrors() {
		return nil, diags
	}
	boundExpressions(expr, nil) // evaluated in a node's context, which holds the budget
	return expr, nil
}

// forEachElements evaluates for_each: a map or object (keys and values),
// or a set, list or tuple of strings (each key and value the string).
// Keys come sorted; duplicates in a list count once. secret is set when a
// sensitive attribute reads each.value: every value is then a secret,
// written in the expression or not.
func forEachElements(a *hclsyntax.Attribute, ctx *hcl.EvalContext, secret bool) ([]string, []cty.Value, hcl.Diagnostics) {
	v, diags := catalog.EvalExpr(a.Expr, ctx)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	if secret && v.IsWhollyKnown() && !v.IsNull() {
		v = markValues(v)
	}
	bad := hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidValue,
		"for_each must be a map, or a set or list of strings.", a.Expr.Range(), a.SrcRange.Ptr())}
	if v.IsNull() || !v.IsWhollyKnown() {
		return nil, nil, bad
	}
	// A map marked as a whole has keys computed from a secret (HCL marks
	// an object whose key is marked, and so do the functions): they
	// would become titles. Only a map's values may be secrets.
	v, marks := v.Unmark()
	t := v.Type()
	isMap := t.IsMapType() || t.IsObjectType()
	if !isMap && !(t.IsListType() || t.IsSetType() || t.IsTupleType()) {
		return nil, nil, bad
	}
	if n := v.LengthInt(); n > catalog.MaxElements {
		return nil, nil, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryTooLarge, tooManyInstances(n), a.Expr.Range(), a.SrcRange.Ptr())}
	}
	elems := map[string]cty.Value{}
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		if k.IsMarked() || len(marks) > 0 || !isMap && e.IsMarked() {
			d := catalog.ErrorAt(catalog.SummaryInvalidValue,
				catalog.SecretUse("A for_each key (each.key, and each.value of a list or set)"), a.Expr.Range(), a.SrcRange.Ptr())
			d.Extra = valueNotShown{} // inside the for_each's secret range, but shows nothing of it
			return nil, nil, hcl.Diagnostics{d}
		}
		if isMap {
			elems[k.AsString()] = e
			continue
		}
		if e.IsNull() || e.Type() != cty.String {
			return nil, nil, bad
		}
		elems[e.AsString()] = e
	}
	keys := make([]string, 0, len(elems))
	for k := range elems {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	values := make([]cty.Value, len(keys))
	for i, k := range keys {
		values[i] = elems[k]
	}
	return keys, values, nil
}

// markValues marks each value of a map or object, or a list or set as a
// whole (its values are its keys).
func markValues(v cty.Value) cty.Value {
	t := v.Type()
	if !(t.IsMapType() || t.IsObjectType()) || v.IsMarked() || v.LengthInt() == 0 {
		return v.Mark(sensitiveMark{})
	}
	m := make(map[string]cty.Value, v.LengthInt())
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		m[k.AsString()] = e.Mark(sensitiveMark{})
	}
	if t.IsMapType() {
		return cty.MapVal(m)
	}
	return cty.ObjectVal(m)
}

// expandAll replaces every deferred resource by its instances, in place
// (instances take the block's place in declaration order).
func expandAll(raws []*rawResource, ctx *hcl.EvalContext, s *secrets) ([]*rawResource, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	deferred := false
	for _, r := range raws {
		deferred = deferred || r.deferred != nil
	}
	if !deferred {
		return raws, nil
	}
	out := make([]*rawResource, 0, len(raws))
	seen := map[string]bool{}
	for _, r := range raws {
		if r.deferred == nil {
			out = append(out, r)
			continue
		}
		if ctx == nil {
			continue // the context could not be built; its errors are reported
		}
		inst, d := r.deferred.expand(ctx, s)
		diags = appendNew(diags, d, seen)
		out = append(out, inst...)
	}
	return out, diags
}

// appendNew appends the diagnostics not seen before: a group's only_if
// that fails is reported once, not once per resource.
func appendNew(diags, more hcl.Diagnostics, seen map[string]bool) hcl.Diagnostics {
	for _, m := range more {
		key := m.Summary + "\x00" + m.Detail
		if m.Subject != nil {
			key += "\x00" + m.Subject.String()
		}
		if !seen[key] {
			seen[key] = true
			diags = append(diags, m)
		}
	}
	return diags
}
