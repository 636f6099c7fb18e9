package compiler

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/words"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// RawResource is a resource block as the front end reads it: the
// declaration the catalog builds, or the block itself when it needs the
// evaluation context.
type rawResource struct {
	catalog.RawResource
	// deferred is set instead of args for a block that needs variables,
	// functions or for_each: it is decoded once they are known.
	deferred *deferredBlock
	// prebuilt is the resource built once for every node of a Site (a
	// block that needs no evaluation context); each node's catalog gets a
	// copy.
	prebuilt *catalog.Built
}

// extractResource reads a resource block with ctx (nil while parsing).
// It returns nil when the labels are unusable. Without ctx, a block that
// needs one comes back deferred, its diagnostics left for later.
func extractResource(b *hclsyntax.Block, src []byte, ctx *hcl.EvalContext) (*rawResource, hcl.Diagnostics) {
	if len(b.Labels) != 2 {
		return nil, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryBlockLabels,
			fmt.Sprintf("A resource block has two labels, the type and the title (resource \"software\" \"php\"); this one has %d. %s", len(b.Labels), catalog.LabelAdvice(len(b.Labels), 2, "the type and the title")),
			catalog.LabelsRange(b), b.DefRange().Ptr())}
	}
	if ctx == nil && needsContext(b, src) {
		r := newRawResource(b)
		r.deferred = &deferredBlock{block: b, src: src}
		return r, nil
	}
	return extractIn(nil, b, catalog.SortedAttrs(b.Body.Attributes), src, ctx)
}

// extractIn reads a resource block of two labels, its attributes in
// source order (attrs), with ctx; into room when not nil (its last
// resource is then overwritten), else into a new resource.
func extractIn(room *rawRoom, b *hclsyntax.Block, attrs []*hclsyntax.Attribute, src []byte, ctx *hcl.EvalContext) (*rawResource, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	for _, nb := range b.Body.Blocks {
		diags = append(diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
			fmt.Sprintf("A resource block holds only arguments; blocks of type %q are not expected here. Write it as an argument with a map value: %s = { … }.", nb.Type, nb.Type),
			nb.TypeRange, nb.DefRange().Ptr()))
	}
	var r *rawResource
	var slab []catalog.RawArg
	if room == nil {
		r = newRawResource(b)
		slab = make([]catalog.RawArg, len(attrs)) // one allocation for the block's arguments
		r.Args = make([]*catalog.RawArg, 0, len(attrs))
	} else {
		r, slab = room.take(b, len(attrs))
	}
	for i, a := range attrs {
		if a.Name == "for_each" || a.Name == "only_if" {
			continue
		}
		arg := &slab[i]
		d := extractArg(arg, a, src, ctx)
		if ctx == nil && needsEvalContext(d) {
			r.deferred = &deferredBlock{block: b, src: src}
			r.Args = nil
			return r, nil
		}
		diags = append(diags, d...)
		r.Args = append(r.Args, arg)
	}
	return r, diags
}

// rawRoom is the room a compiler decodes its deferred resource blocks
// into, one at a time (compiler.declareDeferred): each is declared before
// the next is decoded, and declaring one keeps nothing of it but values
// (its title, ranges, and its arguments' values, which every decoding
// makes anew), so the room is reused where each decoding allocated a
// resource and its arguments.
type rawRoom struct {
	r    rawResource
	slab []catalog.RawArg
	args []*catalog.RawArg
}

// take is the room's resource, set to b's labels and ranges with no
// arguments, and a cleared slab of n arguments.
func (m *rawRoom) take(b *hclsyntax.Block, n int) (*rawResource, []catalog.RawArg) {
	if cap(m.slab) < n {
		m.slab = make([]catalog.RawArg, n)
		m.args = make([]*catalog.RawArg, 0, n)
	}
	slab := m.slab[:n]
	clear(slab)
	m.r = rawResource{RawResource: catalog.RawResource{
		TypeName: b.Labels[0], Title: b.Labels[1],
		DeclRange: b.DefRange(), TypeRange: b.LabelRanges[0], TitleRange: b.LabelRanges[1],
		Args: m.args[:0],
	}}
	return &m.r, slab
}

// newRawResource is a resource block's labels and ranges; b has two
// labels.
func newRawResource(b *hclsyntax.Block) *rawResource {
	return &rawResource{RawResource: catalog.RawResource{
		TypeName: b.Labels[0], Title: b.Labels[1],
		DeclRange: b.DefRange(), TypeRange: b.LabelRanges[0], TitleRange: b.LabelRanges[1],
	}}
}

// extractArg reads the attribute a into arg.
func extractArg(arg *catalog.RawArg, a *hclsyntax.Attribute, src []byte, ctx *hcl.EvalContext) hcl.Diagnostics {
	*arg = catalog.RawArg{Name: a.Name, Rng: a.SrcRange, NameRange: a.NameRange, ExprRange: a.Expr.Range()}
	if _, ok := catalog.RelationKinds[a.Name]; ok {
		var diags hcl.Diagnostics
		arg.Refs, diags = extractRefs(a.Expr, src, ctx)
		arg.Valid = !diags.HasErrors()
		return diags
	}
	if isRefLike(a.Expr) {
		arg.RefLike = string(catalog.RangeBytes(a.Expr.Range(), src))
		return nil
	}
	v, diags, ok := catalog.EvalValue(a.Expr, src, ctx)
	arg.Value, arg.Valid = v, ok
	if tup, ok := a.Expr.(*hclsyntax.TupleConsExpr); ok {
		arg.ElemRanges = make([]hcl.Range, len(tup.Exprs))
		for i, e := range tup.Exprs {
			arg.ElemRanges[i] = e.Range()
		}
	}
	return diags
}

// extractRefs reads a reference or a list of them, each a traversal
// (`software.php-yum`, `apt_key["…"]`) or a string (`Software[php-yum]`).
func extractRefs(expr hclsyntax.Expression, src []byte, ctx *hcl.EvalContext) ([]catalog.RawRef, hcl.Diagnostics) {
	elems := []hclsyntax.Expression{expr}
	if tup, ok := expr.(*hclsyntax.TupleConsExpr); ok {
		elems = tup.Exprs
	}
	var refs []catalog.RawRef
	var diags hcl.Diagnostics
	for _, e := range elems {
		ref, d := extractRef(e, src, ctx)
		diags = append(diags, d...)
		if !d.HasErrors() {
			refs = append(refs, ref)
		}
	}
	return refs, diags
}

func extractRef(e hclsyntax.Expression, src []byte, ctx *hcl.EvalContext) (catalog.RawRef, hcl.Diagnostics) {
	if tr, ok := traversalOf(e); ok && !scopeRoots()[tr.RootName()] {
		return traversalRef(tr, e.Range())
	}
	if d := computedTitleRef(e, src); d != nil {
		return catalog.RawRef{}, hcl.Diagnostics{d}
	}
	if t, ok := e.(*hclsyntax.TemplateExpr); ok {
		if s, ok := catalog.LiteralString(t); ok {
			return stringRef(s, e.Range())
		}
	}
	v, diags := catalog.EvalExpr(e, ctx)
	if diags.HasErrors() {
		return catalog.RawRef{}, diags
	}
	if v.ContainsMarked() {
		return catalog.RawRef{}, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidRef, catalog.SecretUse("A reference"), e.Range(), nil)}
	}
	if v.IsNull() || !v.IsKnown() || v.Type().FriendlyName() != "string" {
		return catalog.RawRef{}, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidRef,
			"A reference is a traversal (software.php-yum, apt_key[\"ABCD1234\"]) or a string in Puppet's form \"Type[title]\".",
			e.Range(), nil)}
	}
	return stringRef(v.AsString(), e.Range())
}

// computedTitleRef refuses a traversal reference whose title is computed
// (file[local.docroot]): HCL would read it as an index into a variable
// named file. The string form takes interpolation; the advice writes it.
func computedTitleRef(e hclsyntax.Expression, src []byte) *hcl.Diagnostic {
	ix, ok := e.(*hclsyntax.IndexExpr)
	if !ok {
		return nil
	}
	root, ok := ix.Collection.(*hclsyntax.ScopeTraversalExpr)
	if !ok || len(root.Traversal) != 1 || scopeRoots()[root.Traversal.RootName()] {
		return nil
	}
	key := string(catalog.RangeBytes(ix.Key.Range(), src))
	if n := len(key); n >= 2 && key[0] == '"' && key[n-1] == '"' {
		key = key[1 : n-1] // a template: its text goes into the string as it is
	} else {
		key = "${" + key + "}"
	}
	return catalog.ErrorAt(catalog.SummaryInvalidRef,
		fmt.Sprintf("The title of a reference traversal must be literal (%s.name or %s[\"title\"]): %s is not evaluated. To compute the title, write the reference in Puppet's form, a string that interpolates: \"%s[%s]\".",
			root.Traversal.RootName(), root.Traversal.RootName(), catalog.RangeBytes(e.Range(), src), catalog.CapitalizeType(root.Traversal.RootName()), key),
		e.Range(), nil)
}

// isRefLike reports whether an argument's value is, or lists, a resource
// reference traversal, type.title or type[…]: a root that is no variable
// scope (var, local, facts, trusted, each) nor a misspelling of one
// (vars.x keeps HCL's own "Did you mean var?"). A bare word (ensure =
// present) is no reference: it keeps the advice on variables.
func isRefLike(e hclsyntax.Expression) bool {
	if tup, ok := e.(*hclsyntax.TupleConsExpr); ok {
		for _, x := range tup.Exprs {
			if isRefLike(x) {
				return true
			}
		}
		return false
	}
	steps := 2
	if ix, ok := e.(*hclsyntax.IndexExpr); ok {
		e, steps = ix.Collection, 1 // type[computed title]
	}
	st, ok := e.(*hclsyntax.ScopeTraversalExpr)
	if !ok || len(st.Traversal) != steps {
		return false
	}
	root := st.Traversal.RootName()
	return !scopeRoots()[root] && words.Closest(root, scopeRootNames) == ""
}

// scopeRootNames are the keys of scopeRoots, for suggestions.
var scopeRootNames = []string{"each", "facts", "local", "self", "trusted", "var"}

// stringRef reads a reference written as a string, "Type[title]".
func stringRef(s string, rng hcl.Range) (catalog.RawRef, hcl.Diagnostics) {
	typ, title, ok := catalog.ParseRef(s)
	if !ok {
		// a name Puppet refuses (Foo-bar[x], Class['']) gets its verdict
		if typ, title, split := catalog.SplitRef(s); split {
			if d := badRefName(typ, catalog.UnquoteRefTitle(title), rng); d != nil {
				return catalog.RawRef{}, hcl.Diagnostics{d}
			}
		}
		return catalog.RawRef{}, hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidRef,
			fmt.Sprintf("%q is not a valid resource reference: write \"Type[title]\" or \"Type['title']\".", s),
			rng, nil)}
	}
	if d := badRefName(typ, title, rng); d != nil {
		return catalog.RawRef{}, hcl.Diagnostics{d}
	}
	return catalog.RawRef{TypeName: typ, Title: title, Rng: rng}, nil
}

// traversalOf recognises a bare traversal expression without evaluating
// it (which would fail: there are no variables).
func traversalOf(e hclsyntax.Expression) (hcl.Traversal, bool) {
	switch e.(type) {
	case *hclsyntax.ScopeTraversalExpr, *hclsyntax.RelativeTraversalExpr, *hclsyntax.IndexExpr:
		tr, diags := hcl.AbsTraversalForExpr(e)
		return tr, !diags.HasErrors()
	}
	return nil, false
}

// traversalRef reads type.title or type["title"].
func traversalRef(tr hcl.Traversal, r hcl.Range) (catalog.RawRef, hcl.Diagnostics) {
	bad := hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidRef,
		"A reference traversal is a type and a title: software.php-yum or apt_key[\"ABCD1234\"].", r, nil)}
	if len(tr) != 2 {
		return catalog.RawRef{}, bad
	}
	root, ok := tr[0].(hcl.TraverseRoot)
	if !ok {
		return catalog.RawRef{}, bad
	}
	ref := catalog.RawRef{TypeName: root.Name, Rng: r}
	switch step := tr[1].(type) {
	case hcl.TraverseAttr:
		ref.Title = step.Name
	case hcl.TraverseIndex:
		if !step.Key.IsKnown() || step.Key.IsNull() || step.Key.Type().FriendlyName() != "string" {
			return catalog.RawRef{}, bad
		}
		ref.Title = step.Key.AsString()
	default:
		return catalog.RawRef{}, bad
	}
	if d := badRefName(ref.TypeName, ref.Title, r); d != nil {
		return catalog.RawRef{}, hcl.Diagnostics{d}
	}
	return ref, nil
}

// badRefName refuses a reference whose name Puppet refuses: a class's
// (Class[…], class["…"]) or a type's.
func badRefName(typ, title string, rng hcl.Range) *hcl.Diagnostic {
	if strings.EqualFold(typ, "class") {
		return catalog.BadNameDiag(catalog.NameClassRef, title, "", nil, rng, nil)
	}
	return catalog.BadNameDiag(catalog.NameTypeRef, typ, "", nil, rng, nil)
}
