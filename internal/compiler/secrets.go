package compiler

import (
	"runtime"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// Secrets: a value written for a sensitive attribute must not reach any
// output, including diagnostics. Three things stop it:
//
//   - the source ranges that hold a secret (the attribute's expression, and
//     the definitions of the locals and variables it reads; in a file that
//     does not parse, and in var files, the values the tokens show may be
//     secrets: masktokens.go) are masked in the sources Files returns, so
//     no snippet shows them;
//   - the locals, variables and facts that feed a sensitive attribute are
//     marked in cty (whole, or only their values when a for_each carries
//     them: secretFlow), so HCL leaves them out of its "with local.x as …"
//     lines, and every value computed from them carries the mark: catc
//     wraps such a value in types.Sensitive wherever it lands, and refuses
//     it where it would be printed (a title, a for_each key, an auto rule's
//     title);
//   - a diagnostic about an expression that holds a secret, or reads a
//     marked value, loses its detail (cty functions quote their arguments
//     in their messages, marks or not).

// sensitiveMark is the cty mark of a value derived from a secret.
type sensitiveMark struct{}

// secrets is what the loader knows about secrets in the sources.
type secrets struct {
	// ranges are the source ranges holding a secret, per file, sorted by
	// start.
	ranges map[string][]hcl.Range
	// names are the scope values feeding a sensitive attribute as a
	// whole: "local.x", "var.y", "facts.z"; elems those feeding one by
	// their elements only (a for_each collection: secretFlow).
	names, elems map[string]bool
	// eachValue are the for_each arguments whose each.value a sensitive
	// attribute reads: their values are secrets (forEachElements).
	eachValue map[*hclsyntax.Attribute]bool
	// broken are the files with syntax errors, and attrs the names of the
	// sensitive attributes of every type: in a broken file, the value
	// after such a name may be a secret the parser could not read as an
	// argument (`password == "x"`, `port = 1; password = "x"`), and its
	// range is taken as a secret's (guessedRanges).
	broken map[string]bool
	attrs  map[string]bool
	// scoped are, per class or define block, the parameters and locals
	// of its own scope that feed a secret (class_secrets.go).
	scoped map[*hclsyntax.Block]*secrets
	// defParams are, per class or define name, its secret parameters
	// (Sensitive-typed or fed to a secret): catc doc names them
	// sensitive (DefDocs).
	defParams map[string]map[string]bool
}

// mayBeSecret reports whether, in a file that does not parse, the value
// of the argument name in a top-level block of type block may be a
// secret: one of a sensitive attribute's name, a local value, a
// variable's or an attribute definition's default, a for_each (which of them feed a secret cannot be
// told without the file's syntax tree).
func (s *secrets) mayBeSecret(name, block string) bool {
	switch block {
	case "locals":
		return true
	case "variable", "type":
		return name == "default"
	}
	return s.attrs[name] || name == "for_each"
}

func (s *secrets) markBroken(name string) {
	if s.broken == nil {
		s.broken = map[string]bool{}
	}
	s.broken[name] = true
}

func (s *secrets) markEach(fe *hclsyntax.Attribute) {
	if s.eachValue == nil {
		s.eachValue = map[*hclsyntax.Attribute]bool{}
	}
	s.eachValue[fe] = true
}

// feeds reports whether the scope value name ("var.x") feeds a sensitive
// attribute, as a whole or by its elements.
func (s *secrets) feeds(name string) bool { return s.names[name] || s.elems[name] }

// mark is v, the value of the scope value name, marked as it feeds a
// secret: whole, at its leaves, or not at all.
func (s *secrets) mark(name string, v cty.Value) cty.Value {
	switch {
	case s.names[name]:
		if !v.IsMarked() {
			v = v.Mark(sensitiveMark{})
		}
		return v
	case s.elems[name]:
		return markLeaves(v)
	}
	return v
}

// markLeaves marks the values at the leaves of v, not its map keys: the
// keys of a for_each map are titles, its values may be secrets. A set is
// marked whole (its elements are its keys, and cty cannot mark them).
func markLeaves(v cty.Value) cty.Value {
	if v.IsMarked() || !v.IsKnown() || v.IsNull() {
		return v.Mark(sensitiveMark{})
	}
	t := v.Type()
	if !(t.IsObjectType() || t.IsMapType() || t.IsListType() || t.IsTupleType()) || v.LengthInt() == 0 {
		return v.Mark(sensitiveMark{})
	}
	if t.IsObjectType() || t.IsMapType() {
		m := make(map[string]cty.Value, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			m[k.AsString()] = markLeaves(e)
		}
		if t.IsMapType() {
			return cty.MapVal(m)
		}
		return cty.ObjectVal(m)
	}
	l := make([]cty.Value, 0, v.LengthInt())
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		l = append(l, markLeaves(e))
	}
	if t.IsListType() {
		return cty.ListVal(l)
	}
	return cty.TupleVal(l)
}

func (s *secrets) addRange(r hcl.Range) {
	if s.ranges == nil {
		s.ranges = map[string][]hcl.Range{}
	}
	s.ranges[r.Filename] = append(s.ranges[r.Filename], r)
}

// findSecrets finds, before anything is evaluated, the ranges and scope
// values that hold secrets: the expressions of sensitive attributes and,
// transitively, the locals and variables they read (a for_each whose
// each.value they read counts too).
func (c *loader) findSecrets(raws []*rawResource, vars, locals []catalog.SourceBlock, structure []structBlock) {
	s := &c.secrets
	// withSecrets are the types with a secret attribute, by lower-case
	// name (as Catalog.Type finds them): only their resources hold one.
	var withSecrets map[string]*catalog.TypeDef
	for _, td := range c.Types {
		for _, a := range td.Attributes {
			if !catalog.IsSecretAttr(a) {
				continue
			}
			if withSecrets == nil {
				withSecrets = map[string]*catalog.TypeDef{}
			}
			if c.Type(td.Name) == td { // not a duplicate definition
				withSecrets[strings.ToLower(td.Name)] = td
			}
			if a.DefaultRange.Filename != "" {
				s.addRange(a.DefaultRange)
			}
			if s.broken != nil {
				if s.attrs == nil {
					s.attrs = map[string]bool{}
				}
				s.attrs[a.Name] = true
			}
		}
	}
	f := &secretFlow{s: s}
	for _, sb := range vars {
		if name, ok := sensitiveVariable(sb, c.AliasTable()); ok {
			f.pending = append(f.pending, flowName{"var." + name, true})
		}
	}
	ss := &structSecrets{withSecrets: withSecrets} // a flat site's: its types' alone
	if structure != nil {
		ss = c.findStructSecrets(structure, withSecrets, f)
		s.defParams = ss.params
	}
	if len(withSecrets) == 0 && len(f.pending) == 0 && len(ss.params) == 0 {
		return // nothing reads a secret: no range, no scope value to find
	}
	for name := range s.broken {
		if f := c.Sources()[name]; f != nil {
			for _, r := range guessedRanges(f.Bytes, name, false, s.mayBeSecret) {
				s.addRange(r)
			}
		}
	}
	for _, r := range raws {
		secret := ss.argOf(r.TypeName)
		if secret == nil {
			continue
		}
		if r.deferred == nil {
			for _, arg := range r.Args {
				if secret(arg.Name) {
					s.addRange(arg.ExprRange)
				}
			}
			continue
		}
		f.resource(r.deferred.block.Body, secret)
	}
	if len(f.pending) == 0 {
		return
	}
	f.defs = map[string][]*hcl.Attribute{}
	for _, sb := range locals {
		attrs, _ := sb.Block.Body.JustAttributes()
		for name, a := range attrs {
			// every definition: a duplicate's snippet shows it too
			f.defs[name] = append(f.defs[name], a)
		}
	}
	s.names, s.elems = map[string]bool{}, map[string]bool{}
	f.run()
	for _, sb := range vars {
		b := sb.Block
		if len(b.Labels) == 1 && (s.names["var."+b.Labels[0]] || s.elems["var."+b.Labels[0]]) {
			if d := b.Body.Attributes["default"]; d != nil {
				s.addRange(d.Expr.Range())
			}
		}
	}
}

// sensitiveVariable is the name of a variable block whose type has a
// Sensitive[...] in it: its value is a secret whatever reads it.
func sensitiveVariable(sb catalog.SourceBlock, aliases *types.Aliases) (string, bool) {
	b := sb.Block
	a := b.Body.Attributes["type"]
	if len(b.Labels) != 1 || a == nil {
		return "", false
	}
	str, diags := catalog.StringAttr(a.AsHCLAttribute(), sb.Src, true)
	if diags.HasErrors() {
		return "", false
	}
	t, err := types.ParseDataWith(str, aliases)
	return b.Labels[0], err == nil && types.ContainsSensitive(t)
}

// secretFlow follows, before anything is evaluated, the scope values that
// feed a sensitive attribute. A value feeds one as a whole (password =
// local.pw: marked whole, keys of a map included) or by its elements only
// (the collection of a for_each whose each.value a sensitive attribute
// reads: its map keys become titles and stay plain, so only the values
// at its leaves are marked; see markLeaves).
type secretFlow struct {
	s       *secrets
	defs    map[string][]*hcl.Attribute // every definition of each local
	pending []flowName
}

// flowName is a scope value ("local.x") and whether it feeds a secret
// as a whole or by its elements.
type flowName struct {
	name  string
	whole bool
}

// resource notes the flows of one deferred resource's body (or of a
// declaration's, a defaults or collect block's): its secret arguments'
// expressions, and the for_each they read through each.
func (f *secretFlow) resource(body *hclsyntax.Body, secret func(name string) bool) {
	fe := body.Attributes["for_each"]
	for name, a := range body.Attributes {
		if !secret(name) {
			continue
		}
		f.s.addRange(a.Expr.Range())
		refs := a.Expr.Variables()
		f.values(refs)
		if fe == nil || !readsEach(refs) {
			continue
		}
		// each.key is a title, plain: only each.value makes the for_each
		// a carrier of secrets
		f.s.addRange(fe.Expr.Range())
		if readsEachValue(refs) {
			f.s.markEach(fe)
			f.collection(fe.Expr)
		}
	}
}

// values notes scope values read where a secret is computed: as a whole,
// unless the traversal picks an element (local.pws.db, local.pws["db"]).
func (f *secretFlow) values(refs []hcl.Traversal) {
	for _, tr := range refs {
		if name := scopeName(tr); name != "" {
			f.pending = append(f.pending, flowName{name, len(tr) == 2})
		}
	}
}

// collection notes the flows of an expression whose elements (not keys)
// feed a secret: a for_each collection. Keys written in an object, a
// for expression's key and conditions do not feed it; a function's
// arguments, a conditional's results and an indexed collection do.
// Any other expression is taken as a whole (conservative: a map whose
// keys are computed from it is then refused as a for_each).
func (f *secretFlow) collection(e hclsyntax.Expression) {
	switch x := unwrapCharged(e).(type) {
	case *hclsyntax.ScopeTraversalExpr:
		if name := scopeName(x.Traversal); name != "" {
			f.pending = append(f.pending, flowName{name, false})
		}
	case *hclsyntax.ObjectConsExpr:
		for _, item := range x.Items {
			f.values(item.ValueExpr.Variables())
		}
	case *hclsyntax.ForExpr:
		f.values(x.ValExpr.Variables())
		if x.KeyExpr == nil || readsAny(x.ValExpr.Variables(), x.KeyVar, x.ValVar) {
			f.collection(x.CollExpr)
		}
	case *hclsyntax.FunctionCallExpr:
		for _, arg := range x.Args {
			f.collection(arg)
		}
	case *hclsyntax.ConditionalExpr:
		f.collection(x.TrueResult)
		f.collection(x.FalseResult)
	case *hclsyntax.ParenthesesExpr:
		f.collection(x.Expression)
	case *hclsyntax.IndexExpr:
		f.collection(x.Collection)
	default:
		f.values(e.Variables())
	}
}

// run follows the pending scope values through the locals' definitions
// until none is left: a name fed as a whole feeds everything its
// definition reads as a whole, one fed by its elements feeds what its
// definition's elements are made of.
func (f *secretFlow) run() {
	s := f.s
	for len(f.pending) > 0 {
		p := f.pending[len(f.pending)-1]
		f.pending = f.pending[:len(f.pending)-1]
		if s.names[p.name] || !p.whole && s.elems[p.name] {
			continue
		}
		if p.whole {
			s.names[p.name] = true
			delete(s.elems, p.name)
		} else {
			s.elems[p.name] = true
		}
		local, ok := strings.CutPrefix(p.name, "local.")
		if !ok {
			continue
		}
		for _, a := range f.defs[local] {
			s.addRange(a.Expr.Range())
			if p.whole {
				f.values(wholeRefs(a.Expr.Variables()))
			} else if x, ok := a.Expr.(hclsyntax.Expression); ok {
				f.collection(x)
			} else {
				f.values(a.Expr.Variables())
			}
		}
	}
}

// wholeRefs is refs cut to their scope value (local.x.y becomes local.x),
// so values marks them as a whole.
func wholeRefs(refs []hcl.Traversal) []hcl.Traversal {
	out := make([]hcl.Traversal, 0, len(refs))
	for _, tr := range refs {
		if len(tr) > 2 {
			tr = tr[:2]
		}
		out = append(out, tr)
	}
	return out
}

// scopeName is "local.x", "var.x" or "facts.x" for a traversal of one of
// them, else "".
func scopeName(tr hcl.Traversal) string {
	root := tr.RootName()
	if root != "local" && root != "var" && root != "facts" || len(tr) < 2 {
		return ""
	}
	switch step := tr[1].(type) {
	case hcl.TraverseAttr:
		return root + "." + step.Name
	case hcl.TraverseIndex:
		if step.Key.Type() == cty.String && step.Key.IsKnown() && !step.Key.IsNull() {
			return root + "." + step.Key.AsString()
		}
	}
	return ""
}

func readsEach(refs []hcl.Traversal) bool {
	for _, tr := range refs {
		if tr.RootName() == "each" {
			return true
		}
	}
	return false
}

// readsEachValue reports whether refs read each.value (or each whole):
// anything of each but its key.
func readsEachValue(refs []hcl.Traversal) bool {
	for _, tr := range refs {
		if tr.RootName() != "each" {
			continue
		}
		if len(tr) < 2 {
			return true
		}
		if step, ok := tr[1].(hcl.TraverseAttr); !ok || step.Name != "key" {
			return true
		}
	}
	return false
}

// readsAny reports whether refs read one of the named roots (a for
// expression's iterator variables; "" never matches).
func readsAny(refs []hcl.Traversal, names ...string) bool {
	for _, tr := range refs {
		for _, n := range names {
			if n != "" && tr.RootName() == n {
				return true
			}
		}
	}
	return false
}

// markSecrets marks the members of obj (var.*, facts.* or local.*) that
// feed a sensitive attribute.
func (s *secrets) markSecrets(root string, obj cty.Value) cty.Value {
	if len(s.names) == 0 && len(s.elems) == 0 || obj.IsNull() || !obj.IsKnown() || !obj.Type().IsObjectType() {
		return obj
	}
	m := obj.AsValueMap()
	changed := false
	for k, v := range m {
		if s.feeds(root+"."+k) && !v.IsMarked() {
			m[k] = s.mark(root+"."+k, v)
			changed = true
		}
	}
	if !changed {
		return obj
	}
	return cty.ObjectVal(m)
}

// within reports whether r lies inside a range that holds a secret (the
// ranges are sorted and disjoint: see sortRanges).
func (s *secrets) within(r *hcl.Range) bool {
	if r == nil {
		return false
	}
	rs := s.ranges[r.Filename]
	i := sort.Search(len(rs), func(i int) bool { return rs[i].Start.Byte > r.Start.Byte })
	return i > 0 && rs[i-1].End.Byte >= r.End.Byte
}

// valueNotShown is the Extra of a catc diagnostic whose detail never
// shows the value it is about, so it needs no redaction.
type valueNotShown struct{}

// redactedDetail replaces the detail of a diagnostic that could show a
// secret.
const redactedDetail = "The details are not shown because the expression involves a sensitive value. Check the expression and the values it uses."

// redactDiagnostics strips the detail of every diagnostic that could show
// a secret: one inside a secret's source range (except catc's own value
// checks, which never show the value), and one about an expression that
// reads a marked value. Its Expression and EvalContext go too, so no
// writer can print the values it reads. A diagnostic already redacted is
// only read, so diagnostics shared between goroutines may be passed.
func (s *secrets) redactDiagnostics(diags hcl.Diagnostics) {
	if len(s.ranges) == 0 && len(s.names) == 0 && len(s.elems) == 0 {
		return
	}
	for _, d := range diags {
		// catc's own value checks never show a secret
		_, own := d.Extra.(valueNotShown)
		own = own || d.Summary == catalog.SummaryAttrValue || d.Summary == catalog.SummaryBadDefault
		leaks := !own && s.within(d.Subject)
		if !leaks && d.Expression != nil && d.EvalContext != nil {
			leaks = readsMarked(d.Expression, d.EvalContext)
		}
		// a diagnostic redacted already is left untouched, not written
		// again: prebuilt ones are shared by parallel Site.Compile calls
		if leaks && (d.Detail != redactedDetail || d.Expression != nil || d.EvalContext != nil) {
			d.Detail, d.Expression, d.EvalContext = redactedDetail, nil, nil
		}
	}
}

// readsMarked reports whether expr reads a value derived from a secret.
func readsMarked(expr hcl.Expression, ctx *hcl.EvalContext) bool {
	for _, tr := range expr.Variables() {
		v, diags := tr.TraverseAbs(ctx)
		if !diags.HasErrors() && v.ContainsMarked() {
			return true
		}
		// a part of it may be marked while the traversal fails further on
		if len(tr) > 1 {
			if v, diags := tr[:2].TraverseAbs(ctx); !diags.HasErrors() && v.ContainsMarked() {
				return true
			}
		}
	}
	return false
}

// sortRanges orders each file's secret ranges by start and merges those
// that overlap (a for_each read by a sensitive attribute may lie inside a
// local's range), so that within needs one comparison.
func (s *secrets) sortRanges() {
	for name, rs := range s.ranges {
		sort.Slice(rs, func(i, j int) bool { return rs[i].Start.Byte < rs[j].Start.Byte })
		merged := rs[:0]
		for _, r := range rs {
			if n := len(merged); n > 0 && r.Start.Byte <= merged[n-1].End.Byte {
				if r.End.Byte > merged[n-1].End.Byte {
					merged[n-1].End = r.End
				}
				continue
			}
			merged = append(merged, r)
		}
		s.ranges[name] = merged
	}
}

// MaskSources is the sources (srcs[i] named names[i]) with every secret a
// load of them finds masked, as Files masks them: for the snippets of a
// command that reads the files without loading them (catc fmt).
//
// Only what finds the secrets runs: parsing and the type definitions
// (findSecrets needs no evaluation and no declaration built).
func MaskSources(names []string, srcs [][]byte) map[string]*hcl.File {
	c := newLoader(LoadOptions{})
	files := make([]*sourceFile, len(names))
	for i, n := range names {
		files[i] = &sourceFile{name: n, src: srcs[i]}
	}
	c.prepare(files, runtime.GOMAXPROCS(0), nil) // its diagnostics are the caller's to report
	c.secrets.sortRanges()
	return catalog.MaskedFiles(c.Sources(), c.secrets.ranges)
}
