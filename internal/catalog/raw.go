package catalog

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/didyoumean"
	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/types"
)

// rawResource is a resource block read without its type: labels, ranges
// and every argument already evaluated, so the syntax tree can be dropped
// before types are known.
type rawResource struct {
	typeName, title                  string
	declRange, typeRange, titleRange hcl.Range
	args                             []*rawArg // source order
	// deferred is set instead of args for a block that needs variables,
	// functions or for_each: it is decoded once they are known.
	deferred *deferredBlock
	// prebuilt is the resource built once for every node of a Site (a
	// block that needs no evaluation context); each node's catalog gets a
	// copy.
	prebuilt *built
	// external is what a resource read from a Puppet catalog keeps of it
	// (nil for HCL), set before the checks so that they see it.
	external *ExternalInfo
	// res is where to build the resource (FromExternal's room for it, its
	// attrRanges ready), nil for a new one; room is the rest of
	// FromExternal's room.
	res  *Resource
	room *externalRoom
	// refs is room for the resource's references (FromExternal's).
	refs []pendingRef
}

// rawArg is one `name = value` of a resource block.
type rawArg struct {
	name                      string
	rng, nameRange, exprRange hcl.Range
	value                     types.Value
	valid                     bool // false: evaluation failed, already diagnosed
	// refLike is set, instead of a value, for a resource reference
	// (package.nginx) given to an argument that is no relationship
	// metaparameter: the name is checked first (a mistyped requires),
	// then the value is refused (see built.refLikeArg).
	refLike    string      // its source text
	refs       []rawRef    // relationship metaparameters only
	elemRanges []hcl.Range // per list element (alias, tag); else one range
}

// rawRef is one reference of a relationship metaparameter.
type rawRef struct {
	typeName, title string
	rng             hcl.Range
}

// text is the reference in Puppet's form, `Type[title]`.
func (r rawRef) text() string { return r.textIn(nil) }

// textIn is text cut from s (FromExternal's room; nil: a new string).
func (r rawRef) textIn(s *stringRoom) string {
	return s.join(capitalizeType(r.typeName), "[", r.title, "]")
}

// relationKinds maps the relationship metaparameters.
var relationKinds = enum.Index[RelationKind](relationKindNames[:])

// extractResource reads a resource block with ctx (nil while parsing).
// It returns nil when the labels are unusable. Without ctx, a block that
// needs one comes back deferred, its diagnostics left for later.
func extractResource(b *hclsyntax.Block, src []byte, ctx *hcl.EvalContext) (*rawResource, hcl.Diagnostics) {
	if len(b.Labels) != 2 {
		return nil, hcl.Diagnostics{errorAt(summaryBlockLabels,
			fmt.Sprintf("A resource block has two labels, the type and the title (resource \"software\" \"php\"); this one has %d. %s", len(b.Labels), labelAdvice(len(b.Labels), 2, "the type and the title")),
			labelsRange(b), b.DefRange().Ptr())}
	}
	r := newRawResource(b)
	if ctx == nil && needsContext(b, src) {
		r.deferred = &deferredBlock{block: b, src: src}
		return r, nil
	}
	var diags hcl.Diagnostics
	for _, nb := range b.Body.Blocks {
		diags = append(diags, errorAt(summaryUnexpectedBlock,
			fmt.Sprintf("A resource block holds only arguments; blocks of type %q are not expected here. Write it as an argument with a map value: %s = { … }.", nb.Type, nb.Type),
			nb.TypeRange, nb.DefRange().Ptr()))
	}
	attrs := sortedAttrs(b.Body.Attributes)
	slab := make([]rawArg, len(attrs)) // one allocation for the block's arguments
	r.args = make([]*rawArg, 0, len(attrs))
	for i, a := range attrs {
		if a.Name == "for_each" || a.Name == "only_if" {
			continue
		}
		arg := &slab[i]
		d := extractArg(arg, a, src, ctx)
		if ctx == nil && needsEvalContext(d) {
			r.deferred = &deferredBlock{block: b, src: src}
			r.args = nil
			return r, nil
		}
		diags = append(diags, d...)
		r.args = append(r.args, arg)
	}
	return r, diags
}

// newRawResource is a resource block's labels and ranges; b has two
// labels.
func newRawResource(b *hclsyntax.Block) *rawResource {
	return &rawResource{
		typeName: b.Labels[0], title: b.Labels[1],
		declRange: b.DefRange(), typeRange: b.LabelRanges[0], titleRange: b.LabelRanges[1],
	}
}

func labelsRange(b *hclsyntax.Block) hcl.Range {
	if len(b.LabelRanges) == 0 {
		return b.TypeRange
	}
	return hcl.RangeBetween(b.LabelRanges[0], b.LabelRanges[len(b.LabelRanges)-1])
}

// extractArg reads the attribute a into arg.
func extractArg(arg *rawArg, a *hclsyntax.Attribute, src []byte, ctx *hcl.EvalContext) hcl.Diagnostics {
	*arg = rawArg{name: a.Name, rng: a.SrcRange, nameRange: a.NameRange, exprRange: a.Expr.Range()}
	if _, ok := relationKinds[a.Name]; ok {
		var diags hcl.Diagnostics
		arg.refs, diags = extractRefs(a.Expr, src, ctx)
		arg.valid = !diags.HasErrors()
		return diags
	}
	if isRefLike(a.Expr) {
		arg.refLike = string(rangeBytes(a.Expr.Range(), src))
		return nil
	}
	v, diags, ok := evalValue(a.Expr, src, ctx)
	arg.value, arg.valid = v, ok
	if tup, ok := a.Expr.(*hclsyntax.TupleConsExpr); ok {
		arg.elemRanges = make([]hcl.Range, len(tup.Exprs))
		for i, e := range tup.Exprs {
			arg.elemRanges[i] = e.Range()
		}
	}
	return diags
}

// extractRefs reads a reference or a list of them, each a traversal
// (`software.php-yum`, `apt_key["…"]`) or a string (`Software[php-yum]`).
func extractRefs(expr hclsyntax.Expression, src []byte, ctx *hcl.EvalContext) ([]rawRef, hcl.Diagnostics) {
	elems := []hclsyntax.Expression{expr}
	if tup, ok := expr.(*hclsyntax.TupleConsExpr); ok {
		elems = tup.Exprs
	}
	var refs []rawRef
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

func extractRef(e hclsyntax.Expression, src []byte, ctx *hcl.EvalContext) (rawRef, hcl.Diagnostics) {
	if tr, ok := traversalOf(e); ok && !scopeRoots()[tr.RootName()] {
		return traversalRef(tr, e.Range())
	}
	if d := computedTitleRef(e, src); d != nil {
		return rawRef{}, hcl.Diagnostics{d}
	}
	if t, ok := e.(*hclsyntax.TemplateExpr); ok {
		if s, ok := literalString(t); ok {
			return stringRef(s, e.Range())
		}
	}
	v, diags := evalExpr(e, ctx)
	if diags.HasErrors() {
		return rawRef{}, diags
	}
	if v.ContainsMarked() {
		return rawRef{}, hcl.Diagnostics{errorAt(summaryInvalidRef, secretUse("A reference"), e.Range(), nil)}
	}
	if v.IsNull() || !v.IsKnown() || v.Type().FriendlyName() != "string" {
		return rawRef{}, hcl.Diagnostics{errorAt(summaryInvalidRef,
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
	key := string(rangeBytes(ix.Key.Range(), src))
	if n := len(key); n >= 2 && key[0] == '"' && key[n-1] == '"' {
		key = key[1 : n-1] // a template: its text goes into the string as it is
	} else {
		key = "${" + key + "}"
	}
	return errorAt(summaryInvalidRef,
		fmt.Sprintf("The title of a reference traversal must be literal (%s.name or %s[\"title\"]): %s is not evaluated. To compute the title, write the reference in Puppet's form, a string that interpolates: \"%s[%s]\".",
			root.Traversal.RootName(), root.Traversal.RootName(), rangeBytes(e.Range(), src), capitalizeType(root.Traversal.RootName()), key),
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
	return !scopeRoots()[root] && didyoumean.NameSuggestion(root, scopeRootNames) == ""
}

// scopeRootNames are the keys of scopeRoots, for suggestions.
var scopeRootNames = []string{"each", "facts", "local", "self", "trusted", "var"}

// stringRef reads a reference written as a string, "Type[title]".
func stringRef(s string, rng hcl.Range) (rawRef, hcl.Diagnostics) {
	typ, title, ok := ParseRef(s)
	if !ok {
		return rawRef{}, hcl.Diagnostics{errorAt(summaryInvalidRef,
			fmt.Sprintf("%q is not a valid resource reference: write \"Type[title]\" or \"Type['title']\".", s),
			rng, nil)}
	}
	return rawRef{typeName: typ, title: title, rng: rng}, nil
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
func traversalRef(tr hcl.Traversal, r hcl.Range) (rawRef, hcl.Diagnostics) {
	bad := hcl.Diagnostics{errorAt(summaryInvalidRef,
		"A reference traversal is a type and a title: software.php-yum or apt_key[\"ABCD1234\"].", r, nil)}
	if len(tr) != 2 {
		return rawRef{}, bad
	}
	root, ok := tr[0].(hcl.TraverseRoot)
	if !ok {
		return rawRef{}, bad
	}
	switch step := tr[1].(type) {
	case hcl.TraverseAttr:
		return rawRef{typeName: root.Name, title: step.Name, rng: r}, nil
	case hcl.TraverseIndex:
		if step.Key.IsKnown() && !step.Key.IsNull() && step.Key.Type().FriendlyName() == "string" {
			return rawRef{typeName: root.Name, title: step.Key.AsString(), rng: r}, nil
		}
	}
	return rawRef{}, bad
}

// ParseRef reads a reference in Puppet's form `Type[title]`,
// `Type['title']` or `Type["title"]`, as a manifest or a user writes it;
// the type is a name with optional `::` segments, returned as written
// (Lookup is case-insensitive in it).
func ParseRef(s string) (typ, title string, ok bool) {
	typ, title, ok = SplitRef(s)
	if !ok || !validRefType(typ) {
		return "", "", false
	}
	if n := len(title); n >= 2 && (title[0] == '\'' || title[0] == '"') && title[n-1] == title[0] {
		title = title[1 : n-1]
	}
	if title == "" {
		return "", "", false
	}
	return typ, title, true
}

func validRefType(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || c >= '0' && c <= '9' || c == '_' || c == ':') {
			return false
		}
	}
	return true
}
