package catalog

import (
	"fmt"
	"strings"

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
	var whole []*Resource          // blocks whose identity does not depend on the node
	partial := map[*TypeDef]bool{} // types with a block whose identity may
	for _, raw := range raws {
		if raw.deferred == nil {
			continue
		}
		b, full := c.checkBlock(raw)
		diags = append(diags, b.diags...)
		if b.res == nil {
			continue
		}
		b.res.Index = -1 // in no catalog's Resources
		c.Conditional = append(c.Conditional, b.res)
		c.conditionalRefs = append(c.conditionalRefs, b.refs)
		if full {
			whole = append(whole, b.res)
		} else {
			partial[b.res.Type] = true
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
func (c *loader) checkBlock(raw *rawResource) (b built, full bool) {
	blk, src := raw.deferred.block, raw.deferred.src
	static := *raw
	static.deferred, static.prebuilt, static.args = nil, nil, nil
	var diags hcl.Diagnostics
	var dynamic []*rawArg // arguments whose value depends on the node
	for _, a := range sortedAttrs(blk.Body.Attributes) {
		if a.Name == "for_each" || a.Name == "only_if" {
			continue
		}
		arg := &rawArg{}
		d := extractArg(arg, a, src, nil)
		if needsEvalContext(d) {
			arg.valid, arg.value, arg.refs = false, nil, nil
			dynamic = append(dynamic, arg)
			if _, rel := relationKinds[a.Name]; rel {
				// The literal references of a list still count, and so
				// do the mistakes of its other elements that no node
				// can mend (file[local.docroot]).
				arg.refs = literalRefs(a.Expr, src)
				static.args = append(static.args, arg)
				diags = append(diags, withoutContextNeeds(d)...)
			}
			continue
		}
		diags = append(diags, d...)
		static.args = append(static.args, arg)
	}
	for _, nb := range blk.Body.Blocks {
		diags = append(diags, errorAt(summaryUnexpectedBlock,
			"A resource block holds only arguments; blocks of type \""+nb.Type+"\" are not expected here. Write it as an argument with a map value: "+nb.Type+" = { … }.",
			nb.TypeRange, nb.DefRange().Ptr()))
	}
	td := c.Type(raw.typeName)
	if td == nil {
		return built{diags: append(diags, unknownTypeDiag(c.Catalog, raw.typeName, raw.typeRange, raw.declRange))}, false
	}
	if len(dynamic) == 0 && !isTitleTemplate(raw.titleRange, src) {
		b := buildResource(c.Catalog, &static, c.budget) // nothing but the condition depends on the node
		b.diags = append(diags, b.diags...)
		b.diags = append(b.diags, c.checkRefTypes(b.res, b.refs)...)
		return b, true
	}
	b = partialBuild(c.Catalog, td, &static)
	for _, arg := range dynamic {
		if _, rel := relationKinds[arg.name]; !rel {
			b.checkName(td, arg)
		}
	}
	b.diags = append(diags, b.diags...)
	b.diags = append(b.diags, c.checkRefTypes(b.res, b.refs)...)
	return b, false
}

// checkConditionalRefs reports the literal references of the conditional
// blocks that no node can resolve: no resource of any block could be
// their target. It builds the union of what the nodes may declare of
// each type referred to — every block outside a condition, and every
// conditional block whose identity does not depend on the node — and
// leaves out the types that have a block whose title, namevars or aliases
// come from the node (any reference to them may resolve).
func (c *loader) checkConditionalRefs(raws []*rawResource, whole []*Resource, partial map[*TypeDef]bool) hcl.Diagnostics {
	// Most references name a block's title: those resolve, and only the
	// types of the others need building (a reference by alias or key).
	titled := map[string]bool{}
	for _, raw := range raws {
		titled[titleKey(strings.ToLower(raw.typeName), raw.title)] = true
	}
	needed := map[*TypeDef]bool{}
	for i := range c.Conditional {
		for _, p := range c.conditionalRefs[i] {
			if td := c.Type(p.ref.typeName); td != nil && !partial[td] && !titled[titleKey(td.Name, p.ref.title)] {
				needed[td] = true
			}
		}
	}
	if len(needed) == 0 {
		return nil
	}
	union := &loader{Catalog: &Catalog{Types: c.Types, typeByName: c.typeByName, table: map[string]*Resource{}}}
	add := func(r *Resource) {
		if r != nil && needed[r.Type] {
			union.Resources = append(union.Resources, r)
			union.register(r) // a clash is reported where a node has both
		}
	}
	for _, raw := range raws {
		if raw.deferred == nil && needed[c.Type(raw.typeName)] {
			add(buildResource(c.Catalog, raw, c.budget).res)
		}
	}
	for _, r := range whole {
		add(r)
	}
	union.retitle()
	var diags hcl.Diagnostics
	for i, r := range c.Conditional {
		for _, p := range c.conditionalRefs[i] {
			if !needed[c.Type(p.ref.typeName)] || union.Lookup(p.ref.typeName, p.ref.title) != nil || union.RenamedFrom(p.ref.typeName, p.ref.title) != nil {
				continue
			}
			text := p.ref.text()
			diags = append(diags, errorAt(summaryUnresolvedRef,
				fmt.Sprintf("Could not find resource '%s' in parameter '%s' %s: no block declares it on any node. %s", text, p.kind, location(p.ref.rng), union.unresolvedAdvice(text, p.ref.typeName)),
				p.ref.rng, r.DeclRange.Ptr()))
		}
	}
	return diags
}

// partialBuild checks the literal arguments of a block some of whose
// arguments, or its title, depend on the node: names, metaparameters and
// values, not the title nor the mandatory attributes.
func partialBuild(c *Catalog, td *TypeDef, raw *rawResource) built {
	r := newResource(td, raw)
	r.ref = r.Ref()
	b := built{res: r}
	explicit := make([]*rawArg, len(td.Attributes))
	for _, arg := range raw.args {
		r.addAttrRange(arg.name, arg.rng)
		b.decodeArg(td, arg, explicit)
	}
	for i, a := range td.Attributes {
		if e := explicit[i]; e != nil {
			b.check(td, a, e.value, e.exprRange, e.rng)
		}
	}
	return b
}

// checkName checks the name of an argument whose value depends on the
// node, as decodeArg would.
func (b *built) checkName(td *TypeDef, arg *rawArg) {
	b.res.addAttrRange(arg.name, arg.rng)
	if td.Attr(arg.name) != nil || arg.name == "name" || contains(metaparamNames, arg.name) {
		return
	}
	if contains(unsupportedMetaparams, arg.name) {
		b.unsupportedMetaparam(arg)
		return
	}
	if arg.name == "stage" {
		b.stageArg(arg)
		return
	}
	b.unknownAttr(td, arg)
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
func literalRefs(e hclsyntax.Expression, src []byte) []rawRef {
	elems := []hclsyntax.Expression{e}
	if tup, ok := e.(*hclsyntax.TupleConsExpr); ok {
		elems = tup.Exprs
	}
	var out []rawRef
	for _, x := range elems {
		if ref, d := extractRef(x, src, nil); !d.HasErrors() {
			out = append(out, ref)
		}
	}
	return out
}

// checkRefTypes reports the references to a type no file defines: which
// resource they name may depend on the node, their type does not.
func (c *loader) checkRefTypes(r *Resource, refs []pendingRef) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range refs {
		if c.Type(p.ref.typeName) == nil {
			diags = append(diags, c.resolve(r, []pendingRef{p})...)
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
			if t := c.Lookup(p.ref.typeName, p.ref.title); t != nil {
				r.Relations = append(r.Relations, Relation{Kind: p.kind, Target: t, RefText: p.ref.text(), Range: p.ref.rng})
			}
		}
	}
	c.conditionalRefs = nil
}
