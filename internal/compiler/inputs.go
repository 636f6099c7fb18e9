package compiler

import (
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// What a node's catalog reads of the node, known from the expressions
// alone (Site.Inputs): a fleet compiles the site once for every set of
// nodes whose read values are equal (package fleet). A read is Verbatim
// when every use copies the value unchanged into a string that no stage
// examines (inertAttr): nodes that differ only there get the same
// catalog with their own value in its place.

// Inputs is what a site's node-dependent blocks read of a node.
type Inputs struct {
	// Blocks are the node-dependent resource blocks, in declaration
	// order, then one for the locals when the site has any (every
	// node evaluates every local).
	Blocks []BlockInputs
}

// BlockInputs is what one block reads of the node.
type BlockInputs struct {
	// Range is the block's header (the locals': the first locals block's).
	Range hcl.Range
	// All is set when what the block reads cannot be known from its
	// expressions: a function that may read the node itself (lookup,
	// or one catc does not know). Every value of the node counts.
	All bool
	// Reads are the node's values it reads, directly or through locals,
	// sorted by path, each once.
	Reads []Read
}

// Read is one value of the node that expressions read.
type Read struct {
	// Root is "facts" or "trusted"; Path the steps below it as far as
	// they are written literally (facts.os.family; facts[local.name] reads
	// facts whole: an empty Path). Steps are hcl.TraverseAttr and
	// hcl.TraverseIndex with a string or number key.
	Root string
	Path hcl.Traversal
	// Verbatim is set when every use copies the value as it is into a
	// string of an attribute that no stage examines (inertAttr): the
	// whole value of the attribute, or a part of its string template,
	// directly or through locals used so.
	Verbatim bool
}

// String is the read as written: facts.os.family, facts.disks[0].
func (r Read) String() string {
	var b strings.Builder
	b.WriteString(r.Root)
	for _, st := range r.Path {
		switch st := st.(type) {
		case hcl.TraverseAttr:
			b.WriteString("." + st.Name)
		case hcl.TraverseIndex:
			if st.Key.Type() == cty.String {
				b.WriteString("[" + quoted(st.Key.AsString()) + "]")
			} else {
				b.WriteString("[" + st.Key.AsBigFloat().Text('f', -1) + "]")
			}
		}
	}
	return b.String()
}

func quoted(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// Union is what all the blocks read together: a value read verbatim
// in one block and otherwise in another is not verbatim.
func (in Inputs) Union() BlockInputs {
	var u BlockInputs
	seen := map[string]int{}
	for _, b := range in.Blocks {
		u.All = u.All || b.All
		for _, r := range b.Reads {
			k := r.String()
			if i, ok := seen[k]; ok {
				u.Reads[i].Verbatim = u.Reads[i].Verbatim && r.Verbatim
				continue
			}
			seen[k] = len(u.Reads)
			u.Reads = append(u.Reads, r)
		}
	}
	sortReads(u.Reads)
	return u
}

func sortReads(rs []Read) {
	sort.Slice(rs, func(i, j int) bool { return rs[i].String() < rs[j].String() })
}

// Inputs says what the site's node-dependent blocks read of a node. It
// is computed once; the site must have loaded without errors.
func (s *Site) Inputs() Inputs {
	s.inputsOnce.Do(func() { s.inputs = s.tmpl.inputsOf(s.parts) })
	return s.inputs
}

// siteInputs is the part of a Site that Inputs fills.
type siteInputs struct {
	inputsOnce sync.Once
	inputs     Inputs
}

// exprReads is what one expression reads directly: values of the node,
// and locals (by name: true when every use of it is verbatim).
type exprReads struct {
	all        bool
	reads      []Read
	locals     map[string]bool
	wholeLocal bool // local as a whole, or by a computed name
}

func (e *exprReads) merge(o exprReads) {
	e.all = e.all || o.all
	e.wholeLocal = e.wholeLocal || o.wholeLocal
	e.reads = append(e.reads, o.reads...)
	for name, v := range o.locals {
		e.useLocal(name, v)
	}
}

func (e *exprReads) useLocal(name string, verbatim bool) {
	if e.locals == nil {
		e.locals = map[string]bool{}
	}
	if prev, ok := e.locals[name]; ok {
		verbatim = verbatim && prev
	}
	e.locals[name] = verbatim
}

// inputsOf analyses the deferred blocks and the locals of p.
func (c *loader) inputsOf(p *prepared) Inputs {
	locals := map[string]exprReads{}
	var localNames []string
	var localsRange hcl.Range
	for i, sb := range p.locals {
		if i == 0 {
			localsRange = sb.Block.DefRange()
		}
		for _, a := range catalog.SortedAttrs(sb.Block.Body.Attributes) {
			if _, dup := locals[a.Name]; dup {
				continue // an error already; the first counts
			}
			locals[a.Name] = readsOf(a.Expr, true)
			localNames = append(localNames, a.Name)
		}
	}
	type block struct {
		rng   hcl.Range
		reads exprReads
	}
	var blocks []block
	for _, raw := range p.raws {
		if raw.deferred != nil {
			blocks = append(blocks, block{raw.DeclRange, c.blockReads(raw)})
		}
	}
	// A local used otherwise than verbatim anywhere (or used by such a
	// local, or when local is read as a whole) copies nothing verbatim.
	plain := map[string]bool{}
	var mark func(name string)
	mark = func(name string) {
		if plain[name] {
			return
		}
		plain[name] = true
		for dep := range locals[name].locals {
			mark(dep)
		}
	}
	whole := false
	uses := func(e exprReads) {
		whole = whole || e.wholeLocal
		for name, verbatim := range e.locals {
			if !verbatim {
				mark(name)
			}
		}
	}
	for _, b := range blocks {
		uses(b.reads)
	}
	for _, name := range localNames {
		uses(locals[name])
	}
	if whole {
		for _, name := range localNames {
			mark(name)
		}
	}
	// resolve is what e reads, the locals it uses followed.
	resolve := func(e exprReads) BlockInputs {
		out := BlockInputs{All: e.all}
		seen := map[string]bool{}
		var add func(e exprReads, plainLocal bool)
		add = func(e exprReads, plainLocal bool) {
			out.All = out.All || e.all
			for _, r := range e.reads {
				r.Verbatim = r.Verbatim && !plainLocal
				out.Reads = append(out.Reads, r)
			}
			names := e.locals
			if e.wholeLocal {
				names = map[string]bool{}
				for _, n := range localNames {
					names[n] = false
				}
			}
			for name := range names {
				if !seen[name] {
					seen[name] = true
					add(locals[name], plain[name])
				}
			}
		}
		add(e, false)
		out.Reads = Inputs{Blocks: []BlockInputs{out}}.Union().Reads
		return out
	}
	var in Inputs
	for _, b := range blocks {
		bi := resolve(b.reads)
		bi.Range = b.rng
		in.Blocks = append(in.Blocks, bi)
	}
	if len(localNames) > 0 {
		all := exprReads{locals: map[string]bool{}}
		for _, name := range localNames {
			all.locals[name] = !plain[name]
		}
		bi := resolve(all)
		bi.Range = localsRange
		in.Blocks = append(in.Blocks, bi)
	}
	if len(p.structure) > 0 {
		// A site with classes is not analysed: its node blocks match the
		// node's name, and its bodies read facts as they are evaluated.
		// Every value of the node counts, so each node compiles alone.
		in.Blocks = append(in.Blocks, BlockInputs{Range: p.structure[0].rangeOf(), All: true})
	}
	return in
}

// blockReads is what a deferred resource block reads: its conditions,
// for_each and title template never verbatim, its arguments verbatim
// where they copy a value into an inert attribute.
func (c *loader) blockReads(raw *rawResource) exprReads {
	d := raw.deferred
	var e exprReads
	for _, cond := range d.conds {
		e.merge(readsOf(cond.Expr, false))
	}
	td := c.Type(raw.TypeName)
	for _, a := range catalog.SortedAttrs(d.block.Body.Attributes) {
		verbatim := a.Name != "only_if" && a.Name != "for_each" && inertAttr(td, a.Name)
		e.merge(readsOf(a.Expr, verbatim))
	}
	if isTitleTemplate(raw.TitleRange, d.src) {
		expr, diags := parseTitle(raw.TitleRange, d.src)
		if diags.HasErrors() {
			e.all = true // it fails on every node; no need to know more
		} else {
			e.merge(readsOf(expr, false))
		}
	}
	return e
}

// readsOf is what expr reads. With verbatim, the traversals that are
// the whole expression or a part of its string template are verbatim
// uses; every other read is not.
func readsOf(expr hclsyntax.Expression, verbatim bool) exprReads {
	direct := map[*hclsyntax.ScopeTraversalExpr]bool{}
	if verbatim {
		for _, st := range verbatimTraversals(expr) {
			direct[st] = true
		}
	}
	var e exprReads
	hclsyntax.VisitAll(expr, func(n hclsyntax.Node) hcl.Diagnostics {
		switch n := n.(type) {
		case *hclsyntax.FunctionCallExpr:
			if !pureFunctions()[n.Name] {
				e.all = true
			}
		case *hclsyntax.ScopeTraversalExpr:
			e.traversal(n.Traversal, direct[n])
		}
		return nil
	})
	return e
}

// verbatimTraversals are the traversals of expr whose value becomes the
// attribute's value as it is, or a part of its string: expr itself, an
// interpolation of its template, a result of a conditional or of try
// (the condition, and anything computed, are no such place). The
// budget's wrappers (charged) are looked through.
func verbatimTraversals(expr hclsyntax.Expression) []*hclsyntax.ScopeTraversalExpr {
	switch e := unwrapCharged(expr).(type) {
	case *hclsyntax.ScopeTraversalExpr:
		return []*hclsyntax.ScopeTraversalExpr{e}
	case *hclsyntax.TemplateWrapExpr:
		return verbatimTraversals(e.Wrapped)
	case *hclsyntax.ParenthesesExpr:
		return verbatimTraversals(e.Expression)
	case *hclsyntax.TemplateExpr:
		var out []*hclsyntax.ScopeTraversalExpr
		for _, p := range e.Parts {
			out = append(out, verbatimTraversals(p)...)
		}
		return out
	case *hclsyntax.ConditionalExpr:
		return append(verbatimTraversals(e.TrueResult), verbatimTraversals(e.FalseResult)...)
	case *hclsyntax.FunctionCallExpr:
		if e.Name != "try" || e.ExpandFinal {
			return nil
		}
		var out []*hclsyntax.ScopeTraversalExpr
		for _, a := range e.Args {
			out = append(out, verbatimTraversals(a)...)
		}
		return out
	}
	return nil
}

// traversal records one variable reference: a value of the node, a
// local, or nothing of the node (var, each, an iteration variable).
func (e *exprReads) traversal(tr hcl.Traversal, verbatim bool) {
	switch root := tr.RootName(); root {
	case "facts", "trusted":
		r := Read{Root: root, Verbatim: verbatim}
		for _, st := range tr[1:] {
			step, ok := staticStep(st)
			if !ok {
				r.Verbatim = false // a part of what is read, not the value copied
				break
			}
			r.Path = append(r.Path, step)
		}
		e.reads = append(e.reads, r)
	case "local":
		if len(tr) >= 2 {
			if step, ok := staticStep(tr[1]); ok {
				if a, isAttr := step.(hcl.TraverseAttr); isAttr {
					e.useLocal(a.Name, verbatim && len(tr) == 2)
					return
				}
			}
		}
		e.wholeLocal = true
	}
}

// staticStep is a traversal step as Read keeps it: an attribute, or an
// index by a known number, or by a string (as an attribute).
func staticStep(st hcl.Traverser) (hcl.Traverser, bool) {
	switch st := st.(type) {
	case hcl.TraverseAttr:
		return st, true
	case hcl.TraverseIndex:
		k := st.Key
		if !k.IsKnown() || k.IsNull() || k.IsMarked() {
			return nil, false
		}
		switch k.Type() {
		case cty.String:
			return hcl.TraverseAttr{Name: k.AsString(), SrcRange: st.SrcRange}, true
		case cty.Number:
			return hcl.TraverseIndex{Key: k, SrcRange: st.SrcRange}, true
		}
	}
	return nil, false
}

// pureFunctions are the functions whose result depends on their
// arguments alone. lookup is left out: Puppet's lookup() reads the
// node's Hiera data, whose hierarchy reads facts and trusted; so is
// every function not listed here (a new one must be added once known
// to read nothing of the node: TestFunctionsClassified). Built on first
// use, as catc's tables are.
var pureFunctions = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, name := range []string{
		"abs", "ceil", "chomp", "chunklist", "coalesce", "coalescelist", "compact", "concat", "contains",
		"csvdecode", "distinct", "element", "flatten", "floor", "format", "formatdate", "formatlist", "indent",
		"index", "join", "jsondecode", "jsonencode", "keys", "length", "log", "lower", "max", "merge", "min",
		"parseint", "pow", "range", "regex", "regexall", "regex_replace", "replace", "reverse",
		"setintersection", "setproduct", "setsubtract", "setunion", "signum", "slice", "sort", "split",
		"strrev", "substr", "title", "trim", "trimprefix", "trimspace", "trimsuffix", "upper", "values",
		"zipmap", "tobool", "tonumber", "tostring", "tolist", "toset", "tomap", "try", "can",
	} {
		m[name] = true
	}
	return m
})

// readByName are the attributes some stage reads by name, whatever the
// type (the exec checks, purges and a purging directory's limits,
// ensure, agent names, renames, concat's order, newline and replace): a
// value there is examined, so a node's value cannot simply take the
// place of another's.
var readByName = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"ensure": true, "name": true, "path": true, "provider": true, "type": true, "target": true,
		"recurse": true, "purge": true, "purge_ssh_keys": true, "recurselimit": true, "ignore": true, "force": true,
		"command": true, "refresh": true, "onlyif": true, "unless": true,
		"order": true, "ensure_newline": true, "replace": true,
	}
})

// readByTypeName are the attributes a stage reads by name on one type
// only (lower case): a concat_fragment's content, which the diff joins
// with the other fragments' in their order and compares whole to say
// whether the concat file is rewritten.
var readByTypeName = sync.OnceValue(func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"concat_fragment": {"content": true},
	}
})

// inertAttr reports whether a string in attribute name of td reaches the
// catalog and the diff unchanged and unexamined: a property or
// parameter (no namevar, init_only or read_only), no metaparameter,
// not sensitive, read by no auto rule nor by name, and of a type that
// accepts every string as it is. Two nodes whose values differ only
// there get catalogs that differ only there.
func inertAttr(td *catalog.TypeDef, name string) bool {
	if td == nil || readByName()[name] || readByTypeName()[strings.ToLower(td.Name)][name] {
		return false
	}
	a := td.Attr(name)
	if a == nil || a.Behaviour != catalog.Property && a.Behaviour != catalog.Parameter || a.Sensitive ||
		a.Type == nil || types.ContainsSensitive(a.Type) || !acceptsEveryString(a.Type, 0) {
		return false
	}
	for _, rule := range td.AutoRules {
		for _, t := range rule.Terms {
			for _, read := range t.Attrs() {
				if read == name {
					return false
				}
			}
		}
	}
	return true
}

// acceptsEveryString reports whether t accepts every non-empty string,
// unchanged: Any, Scalar, ScalarData, Data, String without a fixed
// value or an upper bound, and what holds one of these.
func acceptsEveryString(t types.Type, depth int) bool {
	if depth > 16 {
		return false // an alias that refers to itself
	}
	switch t := t.(type) {
	case *types.AnyType, *types.ScalarType, *types.ScalarDataType:
		return true
	case *types.StringType:
		return t.Value == nil && (t.Size == nil || t.Size.Min <= 1 && t.Size.Max == types.MaxInt && !t.Size.ExplicitMax)
	case *types.PatternType:
		return len(t.Patterns) == 0
	case *types.OptionalType:
		return t.Type == nil || acceptsEveryString(t.Type, depth+1)
	case *types.NotUndefType:
		return t.Type == nil || acceptsEveryString(t.Type, depth+1)
	case *types.VariantType:
		for _, m := range t.Types {
			if acceptsEveryString(m, depth+1) {
				return true
			}
		}
	case *types.AliasType:
		return t.Resolved != nil && acceptsEveryString(t.Resolved, depth+1)
	}
	return false
}

// Exceeds reports whether d says that a bound of evaluation was passed
// (a value too large, a number too large, a value too deeply nested,
// an evaluation too costly): what a longer string may cause where a
// shorter one does not. Every bound's summary says what is "too" much.
func Exceeds(d *hcl.Diagnostic) bool {
	s := " " + strings.ToLower(d.Summary) + " "
	return d.Severity == hcl.DiagError && strings.Contains(s, " too ")
}
