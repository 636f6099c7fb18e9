package compiler

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// A resource block that depends on the node (in a group, with only_if
// or for_each, or reading var, local, facts or each) is decoded per node,
// so a node that does not declare it would never see its mistakes:
// `validate --facts bastion.json` said Valid with `verison = …` inside
// group "web". Every such block is therefore also checked once, without
// a node, as far as that is possible: its type, every argument's name,
// the values and references written literally, and, when nothing in it
// but its condition depends on the node, all a declared resource gets
// (title, mandatory attributes). What depends on the node is checked
// where a node declares it; a node's diagnostics that repeat one of these
// are dropped (see nodeIndependent).

// diagKey identifies a diagnostic by what it says about which place: a
// node's instance of a block repeats the block's literal mistakes with
// the same summary at the same place (its detail may name the instance).
type diagKey struct {
	severity hcl.DiagnosticSeverity
	summary  string
	subject  hcl.Range
}

func keyOf(d *hcl.Diagnostic) (diagKey, bool) {
	if d.Subject == nil {
		return diagKey{}, false
	}
	return diagKey{d.Severity, d.Summary, *d.Subject}, true
}

// checkConditional checks every deferred block without a node. It
// records the diagnostics it gives (c.conditionalDiags), the resources as
// written (c.Conditional) and their literal references (c.conditionalRefs,
// for resolveConditional).
func (c *loader) checkConditional(raws []*rawResource) hcl.Diagnostics {
	var diags hcl.Diagnostics
	var whole []*catalog.Resource          // blocks whose identity does not depend on the node
	partial := map[*catalog.TypeDef]bool{} // types with a block whose identity may
	for _, raw := range raws {
		if raw.deferred == nil {
			continue
		}
		b, full := c.checkBlock(raw)
		diags = append(diags, b.Diags...)
		if b.Res == nil {
			continue
		}
		b.Res.Index = -1 // in no catalog's Resources
		c.Conditional = append(c.Conditional, b.Res)
		c.conditionalRefs = append(c.conditionalRefs, b.Refs)
		if full {
			whole = append(whole, b.Res)
		} else {
			partial[b.Res.Type] = true
		}
	}
	diags = append(diags, c.checkConditionalRefs(raws, whole, partial)...)
	c.conditionalDiags = make(map[diagKey]bool, len(diags))
	for _, d := range diags {
		if k, ok := keyOf(d); ok {
			c.conditionalDiags[k] = true
		}
	}
	return diags
}

// checkBlock decodes one deferred block without a context: the arguments
// that need one are left out (their names still checked).
// full reports that the block was checked whole: only its condition
// depends on the node.
func (c *loader) checkBlock(raw *rawResource) (b catalog.Built, full bool) {
	blk, src := raw.deferred.block, raw.deferred.src
	static := *raw
	static.deferred, static.prebuilt, static.Args = nil, nil, nil
	var diags hcl.Diagnostics
	var dynamic []*catalog.RawArg // arguments whose value depends on the node
	for _, a := range catalog.SortedAttrs(blk.Body.Attributes) {
		if a.Name == "for_each" || a.Name == "only_if" {
			continue
		}
		arg := &catalog.RawArg{}
		d := extractArg(arg, a, src, nil)
		if needsEvalContext(d) {
			arg.Valid, arg.Value, arg.Refs = false, nil, nil
			dynamic = append(dynamic, arg)
			if _, rel := catalog.RelationKinds[a.Name]; rel {
				// The literal references of a list still count, and so
				// do the mistakes of its other elements that no node
				// can mend (file[local.docroot]).
				arg.Refs = literalRefs(a.Expr, src)
				static.Args = append(static.Args, arg)
				diags = append(diags, withoutContextNeeds(d)...)
			}
			continue
		}
		diags = append(diags, d...)
		static.Args = append(static.Args, arg)
	}
	for _, nb := range blk.Body.Blocks {
		diags = append(diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
			"A resource block holds only arguments; blocks of type \""+nb.Type+"\" are not expected here. Write it as an argument with a map value: "+nb.Type+" = { … }.",
			nb.TypeRange, nb.DefRange().Ptr()))
	}
	td := c.Type(raw.TypeName)
	if td == nil {
		return catalog.Built{Diags: append(diags, catalog.UnknownTypeDiag(c.Catalog, raw.TypeName, raw.TypeRange, raw.DeclRange))}, false
	}
	if len(dynamic) == 0 && !isTitleTemplate(raw.TitleRange, src) {
		b := catalog.BuildResource(c.Catalog, &static.RawResource, c.Budget) // nothing but the condition depends on the node
		b.Diags = append(diags, b.Diags...)
		b.Diags = append(b.Diags, c.checkRefTypes(b.Res, b.Refs)...)
		return b, true
	}
	b = catalog.PartialBuild(c.Catalog, td, &static.RawResource)
	for _, arg := range dynamic {
		if _, rel := catalog.RelationKinds[arg.Name]; !rel {
			b.CheckName(td, arg)
		}
	}
	b.Diags = append(diags, b.Diags...)
	b.Diags = append(b.Diags, c.checkRefTypes(b.Res, b.Refs)...)
	return b, false
}

// checkConditionalRefs reports the literal references of the conditional
// blocks that no node can resolve: no resource of any block could be
// their target. It builds the union of what the nodes may declare of
// each type referred to — every block outside a condition, and every
// conditional block whose identity does not depend on the node — and
// leaves out the types that have a block whose title, namevars or aliases
// come from the node (any reference to them may resolve).
func (c *loader) checkConditionalRefs(raws []*rawResource, whole []*catalog.Resource, partial map[*catalog.TypeDef]bool) hcl.Diagnostics {
	if len(c.Conditional) == 0 {
		return nil // nothing to check (a flat site's every load: the language server's)
	}
	// Most references name a block's title: those resolve, and only the
	// types of the others need building (a reference by alias or key).
	titled := map[string]bool{}
	for _, raw := range raws {
		titled[catalog.TitleKey(strings.ToLower(raw.TypeName), raw.Title)] = true
	}
	needed := map[*catalog.TypeDef]bool{}
	for i := range c.Conditional {
		for _, p := range c.conditionalRefs[i] {
			if td := c.Type(p.Ref.TypeName); td != nil && !partial[td] && !titled[catalog.TitleKey(td.Name, p.Ref.Title)] {
				needed[td] = true
			}
		}
	}
	if len(needed) == 0 {
		return nil
	}
	union := catalog.NewBuilder(c.Derive(), catalog.Limits{})
	add := func(r *catalog.Resource) {
		if r != nil && needed[r.Type] {
			union.Resources = append(union.Resources, r)
			union.Register(r) // a clash is reported where a node has both
		}
	}
	for _, raw := range raws {
		if raw.deferred == nil && needed[c.Type(raw.TypeName)] {
			add(catalog.BuildResource(c.Catalog, &raw.RawResource, c.Budget).Res)
		}
	}
	for _, r := range whole {
		add(r)
	}
	union.Retitle()
	var diags hcl.Diagnostics
	for i, r := range c.Conditional {
		for _, p := range c.conditionalRefs[i] {
			if !needed[c.Type(p.Ref.TypeName)] || union.Lookup(p.Ref.TypeName, p.Ref.Title) != nil || union.RenamedFrom(p.Ref.TypeName, p.Ref.Title) != nil {
				continue
			}
			text := p.Ref.Text()
			diags = append(diags, catalog.ErrorAt(catalog.SummaryUnresolvedRef,
				fmt.Sprintf("Could not find resource '%s' in parameter '%s' %s: no block declares it on any node. %s", text, p.Kind, catalog.Location(p.Ref.Rng), union.UnresolvedAdvice(text, p.Ref.TypeName)),
				p.Ref.Rng, r.DeclRange.Ptr()))
		}
	}
	return diags
}

// withoutContextNeeds drops the complaints that a context is missing.
func withoutContextNeeds(diags hcl.Diagnostics) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, d := range diags {
		if !needsEvalContext(hcl.Diagnostics{d}) {
			out = append(out, d)
		}
	}
	return out
}

// literalRefs are the references of a relationship list written
// literally, its other elements left for the node.
func literalRefs(e hclsyntax.Expression, src []byte) []catalog.RawRef {
	elems := []hclsyntax.Expression{e}
	if tup, ok := e.(*hclsyntax.TupleConsExpr); ok {
		elems = tup.Exprs
	}
	var out []catalog.RawRef
	for _, x := range elems {
		if ref, d := extractRef(x, src, nil); !d.HasErrors() {
			out = append(out, ref)
		}
	}
	return out
}

// checkRefTypes reports the references to a type no file defines: which
// resource they name may depend on the node, their type does not.
func (c *loader) checkRefTypes(r *catalog.Resource, refs []catalog.PendingRef) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range refs {
		if c.Type(p.Ref.TypeName) == nil {
			diags = append(diags, c.Resolve(r, []catalog.PendingRef{p})...)
		}
	}
	return diags
}

// nodeIndependent drops from a node's diagnostics those the check
// without a node gave already.
func (c *loader) nodeIndependent(diags hcl.Diagnostics) hcl.Diagnostics {
	if len(c.conditionalDiags) == 0 {
		return diags
	}
	out := diags[:0]
	for _, d := range diags {
		if k, ok := keyOf(d); ok && c.conditionalDiags[k] {
			continue
		}
		out = append(out, d)
	}
	return out
}

// resolveConditional resolves the literal references of the resources in
// Conditional against the declared ones, for the editor's navigation;
// a reference to nothing is no error here (a node may declare it).
func (c *loader) resolveConditional() {
	for i, r := range c.Conditional {
		for _, p := range c.conditionalRefs[i] {
			if t := c.Lookup(p.Ref.TypeName, p.Ref.Title); t != nil {
				r.Relations = append(r.Relations, catalog.Relation{Kind: p.Kind, Target: t, RefText: p.Ref.Text(), Range: p.Ref.Rng})
			}
		}
	}
	c.conditionalRefs = nil
}
