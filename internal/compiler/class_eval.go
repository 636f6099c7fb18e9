package compiler

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/types"
)

// The compiler of classes and defined types evaluates a site the way
// Puppet 7.23's compiler does: Class[main]'s body (the top level of every
// file, in file order), then the matching node block, then the defined
// type instances, pass after pass, in catalog order (instances declared
// by an instance wait for the next pass). A class is evaluated where it
// is first declared. What it yields is Puppet's catalog: resources in
// Puppet's order, each with its container, tags and parameters, built
// by the same code that reads Puppet's catalog JSON (class_model.go), so
// that the graph, the order and the cycles are the agent's.

// citem is one resource of the catalog being compiled: a core resource
// or a container (stage, class, node, defined-type instance).
type citem struct {
	ext catalog.External
	// scope is the item whose tags this one inherits (the container it
	// was declared in; for a class, the scope that declared it), -1 for
	// none; own are its own tags.
	scope int
	own   []string
	// contents are the items it contains, in the order they were added.
	contents []int
	// instance is set for a defined-type instance: its definition and
	// declaration, evaluated in a later pass (pending until then).
	instance *instanceDecl
	pending  bool
	// virtual is set for a virtual resource not realized (yet): it is in
	// no catalog until a realize or a collector finds it.
	virtual bool
}

// instanceDecl is a defined-type instance as declared.
type instanceDecl struct {
	def   *classDef
	args  []declArg
	name  string // self.name: the title, or the instance's name argument
	place hcl.Range
	// in is the item whose body declared it.
	in int
	// dflt are the defaults of the scope that declared it, which its
	// body's scope inherits (Puppet's dynamic scope).
	dflt *defaultsScope
}

// declArg is one parameter given in a declaration.
type declArg struct {
	name  string
	value types.Value
	rng   hcl.Range
	// fromDefaults is set for an instance's argument that a defaults
	// block of its scope gave.
	fromDefaults bool
}

// scope is where statements are evaluated: the container their
// resources go into, and the evaluation context (var and local are the
// class's or define's own).
type scope struct {
	item int
	ctx  *hcl.EvalContext
	dflt *defaultsScope
}

// classDecl is how a class was first declared.
type classDecl struct {
	item         int
	resourceLike bool
	place        hcl.Range
}

// compiler compiles one node's catalog of a site with a structure.
type compiler struct {
	l       *loader
	st      *structure
	base    *hcl.EvalContext
	node    string
	session *hiera.Session
	items   []*citem
	// byKey finds a core resource or instance by lower type and title
	// (Puppet's duplicate check); classes finds a declared class.
	byKey   map[string]int
	classes map[string]*classDecl
	stage   int
	diags   hcl.Diagnostics
	// refused are the places of errors reported once though evaluated
	// again (a define's body per instance, a collector per candidate).
	refused map[hcl.Pos]bool
	// collectors and realizes are the collect blocks and realize
	// arguments evaluated so far (class_collect.go).
	collectors []*collector
	realizes   []*realizeReq
	// byType are the core resources and instances of each type (lower
	// case) in catalog order; changed logs the items an override changed,
	// per type as byType, so a collector looks again only at those of its
	// type and at new ones.
	byType  map[string][]int
	changed map[string][]int
	// selves and tagMemo cache each item's self.* and tags for the
	// collectors' searches (an override drops them); tagMemo is indexed
	// by item, nil where not computed (a map of 100,000 items cost a
	// tenth of the compile of classes, and clearing it more).
	selves  map[int]cty.Value
	tagMemo [][]string
	// stop is the budget's error once spent: nothing more is evaluated.
	stop *hcl.Diagnostic
	// deferred are the resource blocks of bodies, made ready once for
	// every evaluation (a define's for each instance).
	deferred map[*hclsyntax.Block]*deferredBlock
	// bodies are the bodies of classes, defines and nodes, read once
	// (bodyOf).
	bodies map[*hclsyntax.Block]*parsed
	// room is where declareDeferred decodes a resource block.
	room rawRoom
	// itemRoom is where addItem carves the next items from, itemRoomSize
	// at a time: one allocation for many, where each item was one.
	itemRoom []citem
	// tagRoom is where tagsNow carves items' tags from (tagRoomFor).
	tagRoom []string
	// tagsOfType are each type's tags (typeTags).
	tagsOfType map[string][]string
}

// itemRoomSize is how many items addItem allocates at once.
const itemRoomSize = 256

// refuse reports an error once per place.
func (k *compiler) refuse(d *hcl.Diagnostic) {
	if k.refused == nil {
		k.refused = map[hcl.Pos]bool{}
	}
	if !k.refused[d.Subject.Start] {
		k.refused[d.Subject.Start] = true
		k.diags = append(k.diags, d)
	}
}

// addItem appends an item to the catalog, contained in container (-1:
// none), and returns its index.
func (k *compiler) addItem(e catalog.External, container, scopeItem int, own ...string) int {
	if k.stop == nil {
		k.stop = k.l.Budget.Charge(catalog.SpendSteps, stepsPerResource, e.Range, whatDeclare)
	}
	i := len(k.items)
	if len(k.itemRoom) == 0 {
		k.itemRoom = make([]citem, itemRoomSize)
	}
	it := &k.itemRoom[0]
	k.itemRoom = k.itemRoom[1:]
	*it = citem{ext: e, scope: scopeItem, own: own}
	k.items = append(k.items, it)
	if container >= 0 {
		k.contain(container, i)
	}
	return i
}

// contain adds the containment edge container → i, once.
func (k *compiler) contain(container, i int) {
	c := k.items[container]
	for _, x := range c.contents {
		if x == i {
			return
		}
	}
	c.contents = append(c.contents, i)
}

// run evaluates the site: main, the node, the instances.
func (k *compiler) run(top []*rawResource) {
	name := func(v string) []catalog.ExternalParam { return []catalog.ExternalParam{{Name: "name", Value: v}} }
	k.stage = k.addItem(catalog.External{Type: "Stage", Title: "main", Kind: "compilable_type", Params: name("main")}, -1, -1, "stage")
	settings := k.addItem(catalog.External{Type: "Class", Title: "Settings", Kind: "unknown"}, k.stage, -1, "class", "settings")
	k.evalSettings(settings)
	main := k.addItem(catalog.External{Type: "Class", Title: "main", Kind: "unknown", Params: name("main")}, k.stage, -1, "class")
	mainScope := scope{item: main, ctx: k.base, dflt: newDefaults(nil)}
	k.topLevel(mainScope, top)
	k.evalNode(mainScope)
	k.evalGenerators()
	k.realizeMissing()
	k.collectorRelations()
}

// evalSettings evaluates a class block named settings as the body of
// Class[Settings], declared or not, before the top level: Puppet's
// compiler evaluates its settings class so on every node
// (compiler.rb, create_settings_scope), in the top scope, where no
// defaults are set yet. Later declarations of it find it evaluated.
func (k *compiler) evalSettings(item int) {
	def := k.st.defs["settings"]
	if def == nil || def.define {
		return
	}
	place := def.block.LabelRanges[0]
	k.classes[def.name] = &classDecl{item: item, place: place}
	vars, params, origins, ok := k.resolveParams(def, nil, place, cty.NilVal, &declOrigin{via: "Puppet's compiler", in: item})
	k.items[item].ext.Params = params
	k.items[item].ext.Origins = origins
	k.items[item].ext.Range = def.block.DefRange()
	if ok {
		k.body(scope{item: item, ctx: k.childContext(def, vars, cty.NilVal), dflt: newDefaults(nil)}, def.block, def.src)
	}
}

// topLevel evaluates Class[main]'s body: the top-level resource blocks
// and the structure's statements, in file order.
func (k *compiler) topLevel(sc scope, top []*rawResource) {
	k.statements(sc, top, k.st.top)
}

// statements evaluates the resource blocks of a body (or the top level)
// and its other statements, in source order: each statement comes
// before the resource blocks its place (at) counts past.
func (k *compiler) statements(sc scope, resources []*rawResource, others []structBlock) {
	next := 0
	for i, r := range resources {
		for ; next < len(others) && others[next].at <= i; next++ {
			k.topStatement(sc, others[next])
		}
		k.declareRaw(sc, r)
	}
	for ; next < len(others); next++ {
		k.topStatement(sc, others[next])
	}
}

// topStatement evaluates one statement of the structure.
func (k *compiler) topStatement(sc scope, s structBlock) {
	if s.attr != nil {
		k.realize(sc, s.attr, s.src)
		return
	}
	k.statement(sc, s.block, s.src)
}

// declareRaw declares a resource block, expanding it first
// when it needs the context.
func (k *compiler) declareRaw(sc scope, r *rawResource) {
	if r.deferred == nil {
		k.declareResource(sc, r)
		return
	}
	k.declareDeferred(sc, r.deferred)
}

// declareDeferred expands a resource block that needs the context and
// declares what it yields. A block without for_each is decoded into the
// compiler's room (k.room), declared, and its room reused by the next:
// a define's body is decoded once per instance.
func (k *compiler) declareDeferred(sc scope, d *deferredBlock) {
	if _, many := d.block.Body.Attributes["for_each"]; many {
		raws, diags := d.expand(sc.ctx, &k.l.secrets)
		k.diags = append(k.diags, diags...)
		for _, x := range raws {
			k.declareResource(sc, x)
		}
		return
	}
	r, diags := d.instanceIn(&k.room, sc.ctx)
	k.diags = append(k.diags, diags...)
	if r != nil {
		k.declareResource(sc, r)
	}
}

// body evaluates the statements of a class, define or node block.
func (k *compiler) body(sc scope, b *hclsyntax.Block, src []byte) {
	for _, a := range catalog.SortedAttrs(b.Body.Attributes) {
		if a.Name == "realize" {
			k.realize(sc, a, src)
			continue
		}
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnsupportedArg,
			fmt.Sprintf("An argument named %q is not expected in a %s block: it holds variable, locals, resource, include, contain and require blocks.", a.Name, b.Type),
			a.NameRange, a.SrcRange.Ptr()))
	}
	pb := k.bodyOf(b, src)
	k.statements(sc, pb.resources, pb.structure)
}

// bodyOf is a class's, define's or node's body read by the walk of
// declarations, once: its diagnostics are reported at its first
// evaluation, and every evaluation (a define's for each instance)
// declares its resource blocks as read.
func (k *compiler) bodyOf(b *hclsyntax.Block, src []byte) *parsed {
	if pb := k.bodies[b]; pb != nil {
		return pb
	}
	pb := &parsed{in: b}
	pb.declarations(b.Body.Blocks, src) // the title templates' diagnostics were dropped with the file's
	k.diags = append(k.diags, pb.diags...)
	k.bodies[b] = pb
	return pb
}

// statement evaluates one block of a body.
func (k *compiler) statement(sc scope, b *hclsyntax.Block, src []byte) {
	switch b.Type {
	case "resource":
		if len(b.Labels) != 2 {
			_, d := extractResource(b, src, nil)
			k.diags = append(k.diags, d...)
			return
		}
		d := k.deferred[b]
		if d == nil { // once per block: its title template is parsed once
			d = &deferredBlock{block: b, src: src}
			k.deferred[b] = d
		}
		k.declareDeferred(sc, d)
	case "include", "contain", "require":
		k.declareClass(sc, b, src)
	case "group":
		k.group(sc, b, src)
	case "stage":
		k.declareStage(sc, b, src)
	case "defaults":
		k.declareDefaults(sc, b, src)
	case "collect":
		k.declareCollector(sc, b, src)
	case "class", "define", "node":
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
			fmt.Sprintf("A %s block stands at the top level of a file only. Move it out of this block.", b.Type), b.TypeRange, b.DefRange().Ptr()))
	default:
		k.diags = append(k.diags, unexpectedInBody(b))
	}
}

// group evaluates a group that declares classes: its statements, when
// its only_if holds.
func (k *compiler) group(sc scope, b *hclsyntax.Block, src []byte) {
	cond := b.Body.Attributes["only_if"]
	if cond == nil {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryInvalidValue,
			"A group block needs only_if, the condition on the node that declares its resources: only_if = facts.role == \"web\".", b.DefRange(), nil))
		return
	}
	ok, diags := onlyIf(cond, sc.ctx)
	k.diags = append(k.diags, diags...)
	if !ok {
		return
	}
	for _, nb := range b.Body.Blocks {
		k.statement(sc, nb, src)
	}
}

// evalGenerators evaluates the collectors (realize included) and the
// pending defined-type instances, pass after pass, until neither finds
// anything new, as Puppet's compiler's evaluate_generators does:
// collectors first, then the instances pending, in catalog order.
func (k *compiler) evalGenerators() {
	for pass := 0; ; pass++ {
		if pass > maxPasses || len(k.items) > catalog.MaxElements {
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryTooLarge,
				fmt.Sprintf("Somehow looped more than %d times while evaluating host catalog (%d resources so far): a define declares instances of itself without end. Stop the recursion with only_if.", maxPasses, len(k.items)),
				k.items[len(k.items)-1].ext.Range, nil))
			return
		}
		if k.stop != nil {
			k.diags = append(k.diags, k.stop)
			return
		}
		collected := k.evalCollectors()
		if !k.evalInstances() && !collected {
			return
		}
	}
}

// stepsPerResource is what declaring a resource costs of the budget
// (budget.go): about what building it takes, so that a define declaring
// instances of itself stops within seconds.
const stepsPerResource = 10

// whatDeclare names what the budget stops.
const whatDeclare = "the resources the site declares (each costs 10 steps: a define declaring instances of itself?)"

// maxPasses bounds the generators' passes, as Puppet's compiler does.
const maxPasses = 1000

// evalInstances evaluates the instances pending, in catalog order, and
// reports whether there were any.
func (k *compiler) evalInstances() bool {
	var pending []int
	for i, it := range k.items {
		if it.pending {
			pending = append(pending, i)
		}
	}
	for _, i := range pending {
		k.items[i].pending = false
		k.evalInstance(i)
	}
	return len(pending) > 0
}

// childContext is the context of a class or define body: var are its
// parameters, self (defines) its title and name, local its locals. The
// parameters and locals that feed a secret in the body are marked, as
// the top level's are (class_secrets.go).
func (k *compiler) childContext(def *classDef, vars map[string]cty.Value, self cty.Value) *hcl.EvalContext {
	s := k.l.secrets.scoped[def.block]
	if s == nil {
		s = &secrets{}
	}
	ctx := k.base.NewChild()
	ctx.Variables = map[string]cty.Value{"var": s.markSecrets("var", cty.ObjectVal(vars)), "local": cty.EmptyObjectVal}
	if self != cty.NilVal {
		ctx.Variables["self"] = self
	}
	if locals := def.locals; len(locals) > 0 {
		v, diags := evalLocals(locals, ctx, s)
		k.diags = append(k.diags, diags...)
		ctx.Variables["local"] = v
	}
	return ctx
}
