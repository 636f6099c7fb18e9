package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// Virtual resources, realize and collectors, as Puppet's compiler has
// them: a virtual resource (virtual = true) keeps its place in the
// catalog and its container but is left out of it until a realize or a
// collector finds it; both are evaluated among the generators (before
// the pending instances of each pass), and a collector matches real
// resources too. A collector's overrides replace written values when it
// first collects a resource (a later collector wins); its
// relationships are made once everything is compiled, stored as Puppet
// stores a chain's: on the left side, as before or notify.

// collector is one collect block.
type collector struct {
	typ       string // lower case
	where     hcl.Expression
	ctx       *hcl.EvalContext
	overrides []catalog.ExternalParam
	rels      []catalog.ExternalParam
	collected map[int]bool
	order     []int // collected items, in the order found
	place     hcl.Range
	// scanned is how many items of its type it has searched, changedAt
	// how much of the compiler's log of changed items of its type.
	scanned, changedAt int
	// tag is set when where is contains(self.tag, "TAG"), Puppet's
	// `tag == 'TAG'`: searched in the tags without evaluating it.
	tag    string
	hasTag bool
}

// tagSearch recognises contains(self.tag, "TAG").
func tagSearch(e hcl.Expression) (string, bool) {
	call, ok := e.(*hclsyntax.FunctionCallExpr)
	if !ok || call.Name != "contains" || len(call.Args) != 2 || call.ExpandFinal {
		return "", false
	}
	tr, ok := call.Args[0].(*hclsyntax.ScopeTraversalExpr)
	if !ok || len(tr.Traversal) != 2 || tr.Traversal.RootName() != "self" {
		return "", false
	}
	if a, ok := tr.Traversal[1].(hcl.TraverseAttr); !ok || a.Name != "tag" {
		return "", false
	}
	t, ok := call.Args[1].(*hclsyntax.TemplateExpr)
	if !ok {
		return "", false
	}
	return catalog.LiteralString(t)
}

// realizeReq is one realize argument: the references still to realize.
type realizeReq struct {
	refs []catalog.RawRef
	done []bool
}

// realize evaluates a realize argument.
func (k *compiler) realize(sc scope, a *hclsyntax.Attribute, src []byte) {
	refs, diags := extractRefs(a.Expr, src, sc.ctx)
	k.diags = append(k.diags, diags...)
	k.realizes = append(k.realizes, &realizeReq{refs: refs, done: make([]bool, len(refs))})
}

// declareCollector evaluates a collect block: its overrides and
// relationships now, in its scope; its search in each pass.
func (k *compiler) declareCollector(sc scope, b *hclsyntax.Block, src []byte) {
	typ, ok := k.typeLabel(b, `collect "user" { where = … }`, "Resource type %s doesn't exist.")
	if !ok {
		return
	}
	c := &collector{typ: typ, ctx: sc.ctx, collected: map[int]bool{}, place: b.DefRange()}
	for _, a := range catalog.SortedAttrs(b.Body.Attributes) {
		switch {
		case a.Name == "where":
			c.where = a.Expr
			c.tag, c.hasTag = tagSearch(a.Expr)
		case isRelation(a.Name):
			refs, diags := extractRefs(a.Expr, src, sc.ctx)
			k.diags = append(k.diags, diags...)
			c.rels = append(c.rels, catalog.ExternalParam{Name: a.Name, Value: refStrings(refs), Range: a.SrcRange})
		default:
			v, diags, ok := catalog.EvalValue(a.Expr, src, sc.ctx)
			k.diags = append(k.diags, diags...)
			if ok {
				c.overrides = append(c.overrides, catalog.ExternalParam{Name: a.Name, Value: v, Range: a.SrcRange})
			}
		}
	}
	k.collectors = append(k.collectors, c)
}

// evalCollectors runs the realizes and collectors once and reports
// whether any found a resource it had not found before.
func (k *compiler) evalCollectors() bool {
	found := false
	for _, r := range k.realizes {
		for j, ref := range r.refs {
			if r.done[j] {
				continue
			}
			if i, ok := k.byKey[itemKey(strings.ToLower(ref.TypeName), ref.Title)]; ok {
				r.done[j], found = true, true
				k.unvirtual(i)
			}
		}
	}
	for _, c := range k.collectors {
		if k.collect(c) {
			found = true
		}
	}
	return found
}

// collect runs one collector over the catalog, in catalog order: what
// it has not searched yet, and what an override changed since (nothing
// else can start to match).
func (k *compiler) collect(c *collector) bool {
	found := false
	list := k.byType[c.typ]
	unscanned := list[c.scanned:]
	// The changed items before the first unscanned one (the others are
	// among the unscanned: list is in catalog order), in catalog order,
	// then the unscanned ones: every candidate once, in catalog order,
	// without copying the unscanned ones.
	var again []int
	changed := k.changed[c.typ]
	for _, i := range changed[c.changedAt:] {
		if !c.collected[i] && (len(unscanned) == 0 || i < unscanned[0]) {
			again = append(again, i)
		}
	}
	slices.Sort(again)
	again = slices.Compact(again)
	c.scanned, c.changedAt = len(list), len(changed)
	for _, i := range again {
		found = k.collectOne(c, i) || found
	}
	for _, i := range unscanned {
		found = k.collectOne(c, i) || found
	}
	return found
}

// collectOne is collect's step for item i: realized and, at its first
// match, collected with the overrides applied; it reports whether i is
// newly collected.
func (k *compiler) collectOne(c *collector, i int) bool {
	if !k.matches(c, i) {
		return false
	}
	k.unvirtual(i)
	if c.collected[i] {
		return false
	}
	c.collected[i] = true
	c.order = append(c.order, i)
	for _, o := range c.overrides {
		k.override(i, o)
	}
	return true
}

// itemType is an item's type in lower case: a core type's, or the
// define's of an instance ("" for a container of another kind).
func (k *compiler) itemType(it *citem) string {
	if it.instance != nil {
		return it.instance.def.name
	}
	if it.ext.Kind != "compilable_type" {
		return ""
	}
	return strings.ToLower(it.ext.Type)
}

// unvirtual realizes an item: in the catalog, and an instance's body
// evaluated in the next pass.
func (k *compiler) unvirtual(i int) {
	it := k.items[i]
	if !it.virtual {
		return
	}
	it.virtual = false
	if it.instance != nil {
		it.pending = true
	}
}

// override replaces (or sets) a parameter of a collected item.
func (k *compiler) override(i int, o catalog.ExternalParam) {
	it := k.items[i]
	if it.instance != nil && !isMetaparam(o.Name) && o.Name != "name" {
		for j := range it.instance.args {
			if it.instance.args[j].name == o.Name {
				it.instance.args[j].value = o.Value
				k.changedItem(i)
				return
			}
		}
		it.instance.args = append(it.instance.args, declArg{name: o.Name, value: o.Value, rng: o.Range})
		k.changedItem(i)
		return
	}
	it.ext.Params = setParam(it.ext.Params, o)
	if o.Name == "tag" {
		it.own = append(it.own, explicitTags([]catalog.ExternalParam{o})...)
		clear(k.tagMemo)
		clear(k.selves)
	}
	k.changedItem(i)
}

// changedItem logs an item an override changed.
func (k *compiler) changedItem(i int) {
	delete(k.selves, i)
	if k.changed == nil {
		k.changed = map[string][]int{}
	}
	t := k.itemType(k.items[i])
	k.changed[t] = append(k.changed[t], i)
}

// matches evaluates a collector's where for item i, whose attributes
// are self.*: every attribute of its type (null when not written), its
// title and every tag it has.
func (k *compiler) matches(c *collector, i int) bool {
	if c.where == nil {
		return true
	}
	if c.hasTag {
		return slices.Contains(k.tagsNow(i), c.tag)
	}
	ctx := c.ctx.NewChild()
	ctx.Variables = map[string]cty.Value{"self": k.selfOf(i)}
	v, diags := catalog.EvalExpr(c.where, ctx)
	if diags.HasErrors() {
		k.refuseOnce(diags)
		return false
	}
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.Bool {
		k.refuseOnce(hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryInvalidValue,
			"A collector's where is true or false: a condition on the candidate such as contains(self.tag, \"admins\").", c.where.Range(), nil)})
		return false
	}
	return v.True()
}

// refuseOnce reports diagnostics once per place (a where fails for
// every candidate alike).
func (k *compiler) refuseOnce(diags hcl.Diagnostics) {
	for _, d := range diags {
		if d.Subject == nil {
			k.diags = append(k.diags, d)
			continue
		}
		k.refuse(d)
	}
}

// selfOf is self.* of an item for a collector's where.
func (k *compiler) selfOf(i int) cty.Value {
	if v, ok := k.selves[i]; ok {
		return v
	}
	it := k.items[i]
	attrs := map[string]cty.Value{}
	null := cty.NullVal(cty.DynamicPseudoType)
	for _, n := range k.attrNames(it) {
		attrs[n] = null
	}
	for _, m := range catalog.MetaparamNames {
		attrs[m] = null // tag is set below
	}
	for _, p := range it.ext.Params {
		attrs[p.Name] = hieraValue(p.Value)
	}
	if it.instance != nil {
		for _, a := range it.instance.args {
			attrs[a.name] = hieraValue(a.value)
		}
	}
	attrs["title"] = cty.StringVal(it.ext.Title)
	tags := k.tagsNow(i)
	if len(tags) == 0 {
		attrs["tag"] = cty.ListValEmpty(cty.String)
	} else {
		vs := make([]cty.Value, len(tags))
		for j, t := range tags {
			vs[j] = cty.StringVal(t)
		}
		attrs["tag"] = cty.ListVal(vs)
	}
	v := cty.ObjectVal(attrs)
	k.selves[i] = v
	return v
}

// attrNames are the attributes an item's type has.
func (k *compiler) attrNames(it *citem) []string {
	if it.instance != nil {
		return it.instance.def.paramNames()
	}
	typ := strings.ToLower(it.ext.Type)
	td := k.l.Type(typ)
	if td == nil {
		td, _ = catalog.ShippedType(typ)
	}
	if td == nil {
		return nil
	}
	out := make([]string, len(td.Attributes))
	for j, a := range td.Attributes {
		out[j] = a.Name
	}
	return out
}

// realizeMissing reports what no realize found, in Puppet's words.
func (k *compiler) realizeMissing() {
	for _, r := range k.realizes {
		var missing []string
		var at hcl.Range
		for j, ref := range r.refs {
			if !r.done[j] {
				if missing == nil {
					at = ref.Rng
				}
				missing = append(missing, ref.Text())
			}
		}
		if missing != nil {
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnresolvedRef,
				fmt.Sprintf("Failed to realize virtual resources %s. Declare each as a resource block with virtual = true, or correct the reference.", strings.Join(missing, ", ")), at, nil))
		}
	}
}

// collectorRelations makes each collector's relationships with what it
// collected, as Puppet's chains with a collector are stored: a before
// or notify on the left side (the collected resource for before and
// notify, the other resource for require and subscribe).
func (k *compiler) collectorRelations() {
	for _, c := range k.collectors {
		for _, rel := range c.rels {
			for _, ref := range rel.Value.([]types.Value) {
				for _, x := range c.order {
					k.chain(rel, ref.(string), x)
				}
			}
		}
	}
}

// chain stores one relationship of a collector between the collected
// item x and the resource ref.
func (k *compiler) chain(rel catalog.ExternalParam, ref string, x int) {
	xref := catalog.CapitalizeType(k.itemType(k.items[x])) + "[" + k.items[x].ext.Title + "]"
	switch rel.Name {
	case "before", "notify":
		k.addRelation(x, rel.Name, ref)
		return
	}
	other, ok := k.itemOf(ref)
	if !ok {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnresolvedRef,
			fmt.Sprintf("Could not find resource '%s' for relationship on '%s'. Declare it, or correct the reference.", ref, xref), rel.Range, nil))
		return
	}
	kind := "before"
	if rel.Name == "subscribe" {
		kind = "notify"
	}
	k.addRelation(other, kind, xref)
}

// itemOf is the item a reference designates: a class, or a resource or
// instance by type and title.
func (k *compiler) itemOf(ref string) (int, bool) {
	typ, title, ok := catalog.ParseRef(ref)
	if !ok {
		return 0, false
	}
	if strings.EqualFold(typ, "class") {
		if cl := k.classes[className(title)]; cl != nil {
			return cl.item, true
		}
		return 0, false
	}
	i, found := k.byKey[itemKey(strings.ToLower(typ), title)]
	return i, found
}
