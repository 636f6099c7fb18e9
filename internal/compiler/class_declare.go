package compiler

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// declareClass evaluates an include, contain or require block in sc: it
// declares the class (evaluating it at its first declaration), then
// contains it in sc's container (contain) or makes that container wait
// for it (require), as Puppet's functions of the same names do.
func (k *compiler) declareClass(sc scope, b *hclsyntax.Block, src []byte) {
	if len(b.Labels) != 1 {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryBlockLabels,
			fmt.Sprintf("An %s block has one label, the class's name: %s \"profile::web\" {}. %s", b.Type, b.Type, catalog.LabelAdvice(len(b.Labels), 1, "the class's name")), catalog.LabelsRange(b), b.DefRange().Ptr()))
		return
	}
	for _, nb := range b.Body.Blocks {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
			fmt.Sprintf("An %s block holds the class's parameters and metaparameters as arguments; a %s block is not expected here.", b.Type, nb.Type), nb.TypeRange, nb.DefRange().Ptr()))
	}
	name := className(b.Labels[0])
	args, meta, resourceLike, ok := k.declArgs(sc, b, src)
	if !ok {
		return
	}
	if catalog.CheckName(catalog.NameDeclared, b.Labels[0]) != nil {
		k.diags = append(k.diags, k.badDeclaredName(b, name, resourceLike))
		return
	}
	def := k.st.defs[name]
	if def == nil || def.define {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnknownType,
			fmt.Sprintf("Could not find class ::%s for %s. Define it with a class block, or correct the name.%s", name, k.nodeName(), words.DidYouMean(name, k.classNames())),
			b.LabelRanges[0], b.DefRange().Ptr()))
		return
	}
	if name == "main" {
		k.diags = append(k.diags, mainClassDeclared(def, b))
		return
	}
	if prev := k.classes[name]; prev != nil {
		if resourceLike {
			at := ""
			if prev.resourceLike {
				at = " at " + prev.place.String()
			}
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryDuplicate,
				fmt.Sprintf("Duplicate declaration: %s is already declared%s; cannot redeclare. A class is declared with parameters once, before any include of it: give every parameter in one declaration, and use empty include blocks elsewhere.", def.ref(), at),
				b.LabelRanges[0], b.DefRange().Ptr()))
			return
		}
	} else {
		k.evalClass(sc, def, args, meta, resourceLike, b.DefRange(), b.Type)
	}
	cl := k.classes[name]
	switch b.Type {
	case "contain":
		k.contain(sc.item, cl.item)
	case "require":
		k.addRelation(sc.item, "require", def.ref())
	}
}

// mainClassDeclared is the error on a declaration of a class block
// named main. Puppet compiles it beside the top scope's Class[main], but
// its agent names both Class[Main] and refuses the catalog before
// applying anything ("Could not intern from rich_data_json: Duplicate
// declaration"): the site cannot be applied.
func mainClassDeclared(def *classDef, b *hclsyntax.Block) *hcl.Diagnostic {
	return catalog.ErrorAt(catalog.SummaryDuplicate,
		fmt.Sprintf("Duplicate declaration: Class[Main] is already declared; cannot redeclare. Puppet compiles this declaration of the class main (defined at %s), but its agent refuses the catalog with these words, applying nothing: it names both this class and the top scope's Class[main] Class[Main]. Give the class a module's namespace (site::main).", def.block.DefRange()),
		b.LabelRanges[0], b.DefRange().Ptr())
}

// mainClassRefs are Puppet's errors on references to Class[main] among
// refs, the value of the relationship metaparameter kind (in context):
// Puppet's compiler never finds the top scope's class by reference, as
// Class['main'] names a class called main (Class[Main]), and refuses the
// site.
func mainClassRefs(kind string, refs []catalog.RawRef, context hcl.Range) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, r := range refs {
		if strings.EqualFold(r.TypeName, "class") && className(r.Title) == "main" {
			diags = append(diags, catalog.ErrorAt(catalog.SummaryUnresolvedRef,
				fmt.Sprintf("Could not find resource 'Class[Main]' in parameter '%s' %s. Puppet never finds the top scope's Class[main] by reference (Class['main'] would be a class named main): refer to the resources or classes it holds instead.", kind, catalog.Location(r.Rng)),
				r.Rng, context.Ptr()))
		}
	}
	return diags
}

// declArgs reads a declaration's arguments: parameters, metaparameters
// (stored on the class resource), and whether it is resource-like.
func (k *compiler) declArgs(sc scope, b *hclsyntax.Block, src []byte) (args []declArg, meta []catalog.ExternalParam, resourceLike, ok bool) {
	ok = true
	for _, a := range catalog.SortedAttrs(b.Body.Attributes) {
		resourceLike = true
		switch {
		case a.Name == "resource_like":
			v, diags := catalog.EvalExpr(a.Expr, sc.ctx)
			k.diags = append(k.diags, diags...)
			if !diags.HasErrors() && (v.IsNull() || !v.IsKnown() || v.Type() != cty.Bool) {
				k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryInvalidValue, "resource_like is true or false.", a.Expr.Range(), a.SrcRange.Ptr()))
				ok = false
			}
		case isRelation(a.Name):
			refs, diags := extractRefs(a.Expr, src, sc.ctx)
			diags = append(diags, mainClassRefs(a.Name, refs, a.SrcRange)...)
			k.diags = append(k.diags, diags...)
			ok = ok && !diags.HasErrors()
			meta = append(meta, catalog.ExternalParam{Name: a.Name, Value: refStrings(refs), Range: a.SrcRange})
		default:
			v, diags, good := catalog.EvalValue(a.Expr, src, sc.ctx)
			k.diags = append(k.diags, diags...)
			if !good {
				ok = false
				continue
			}
			if isMetaparam(a.Name) || a.Name == "stage" {
				meta = append(meta, catalog.ExternalParam{Name: a.Name, Value: v, Range: a.SrcRange})
				continue
			}
			args = append(args, declArg{name: a.Name, value: v, rng: a.SrcRange})
		}
	}
	return args, meta, resourceLike, ok
}

// isRelation reports whether name is a relationship metaparameter.
func isRelation(name string) bool {
	_, ok := catalog.RelationKinds[name]
	return ok
}

// evalClass evaluates a class at its first declaration: its resource in
// Stage[main], its parameters, then its body.
func (k *compiler) evalClass(sc scope, def *classDef, args []declArg, meta []catalog.ExternalParam, resourceLike bool, place hcl.Range, via string) {
	kind := "unknown"
	if resourceLike {
		kind = "class"
	}
	// a resource-like declaration's tags come first, as a resource's
	own := append(explicitTags(meta), "class")
	own = append(own, catalog.TagsOf(def.name)...)
	stage, stageName, found := k.classStage(sc, meta)
	i := k.addItem(catalog.External{Type: "Class", Title: catalog.CapitalizeType(def.name), Kind: kind, Range: place}, stage, sc.item, own...)
	k.classes[def.name] = &classDecl{item: i, resourceLike: resourceLike, place: place}
	vars, params, origins, ok := k.resolveParams(def, args, place, cty.NilVal, &declOrigin{via: via, in: sc.item})
	k.items[i].ext.Params = append(params, meta...)
	k.items[i].ext.Origins = origins
	if !found {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnresolvedRef,
			fmt.Sprintf("Could not find stage %s specified by %s. Declare it with a stage block (stage %q { before = \"Stage[main]\" }) before the class, or correct the name.", stageName, def.ref(), stageName),
			place, nil))
		return
	}
	if stageName != "main" && paramOf(k.items[i].ext.Params, "stage") == nil {
		k.items[i].ext.Params = append(k.items[i].ext.Params, catalog.ExternalParam{Name: "stage", Value: stageName, Range: place})
	}
	if !ok {
		return
	}
	k.body(scope{item: i, ctx: k.childContext(def, vars, cty.NilVal), dflt: newDefaults(sc.dflt)}, def.block, def.src)
}

// resolveParams gives each parameter of def its value: the
// declaration's, else (classes) the data's, else its default, else it is
// Puppet's error; each is checked against its type. It returns var.* of
// the body, the parameters the catalog records (those with a value) and
// where each came from (decl: how the class or instance was declared).
func (k *compiler) resolveParams(def *classDef, args []declArg, place hcl.Range, self cty.Value, decl *declOrigin) (map[string]cty.Value, []catalog.ExternalParam, []catalog.ParamOrigin, bool) {
	lookup := !def.define
	ok := true
	for _, a := range args {
		if def.param(a.name) == nil {
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnknownAttr,
				fmt.Sprintf("%s: has no parameter named '%s'.%s", k.refOf(def, self), a.name, words.DidYouMean(a.name, def.paramNames())),
				a.rng, place.Ptr()))
			ok = false
		}
	}
	vars := make(map[string]cty.Value, len(def.params))
	var out []catalog.ExternalParam
	origins := make([]catalog.ParamOrigin, 0, len(def.params)) // one allocation per declaration
	dc := defaultContext{k: k, self: self, vars: vars}
	for _, p := range def.params {
		v, rng, origin, found := k.paramValue(def, p, args, &dc, lookup, place, decl)
		if !found {
			ok = false
			vars[p.name] = cty.DynamicVal
			continue
		}
		// A value from the data was checked by hiera.CheckParameter, which
		// takes an eyaml secret where the type takes a String (Puppet
		// decrypts it to one); checked again here, it would be refused as
		// Sensitive. The message is made only for a value that fails.
		if p.typ != nil && origin.Kind != catalog.OriginData && !types.IsInstance(p.typ, v) {
			if msg, good := types.Check(fmt.Sprintf("%s: parameter '%s'", k.refOf(def, self), p.name), p.typ, v); !good {
				k.diags = append(k.diags, catalog.ErrorAt(summaryWrongParamType, catalog.WithAdvice(msg, "Give it a value of the parameter's type."), rng, place.Ptr()))
				ok = false
			}
		}
		if c := p.defValue; c != nil && origin.Kind == catalog.OriginDefault {
			vars[p.name] = c.cty
		} else {
			vars[p.name] = hieraValue(v)
		}
		if v != nil {
			out = append(out, catalog.ExternalParam{Name: p.name, Value: k.secretParam(def, p.name, v), Range: rng})
			origins = append(origins, origin)
		}
	}
	return vars, out, origins, ok
}

// defaultContext is the context the defaults of one declaration's
// parameters are evaluated in, made at the first default evaluated and
// kept for the others: var holds the parameters resolved so far (vars),
// made again only for a default that reads var.
type defaultContext struct {
	k    *compiler
	self cty.Value
	vars map[string]cty.Value
	ctx  *hcl.EvalContext
}

// of is the context for p's default.
func (d *defaultContext) of(p *paramDef) *hcl.EvalContext {
	if d.ctx == nil {
		d.ctx = d.k.base.NewChild()
		d.ctx.Variables = map[string]cty.Value{"var": cty.EmptyObjectVal, "local": cty.EmptyObjectVal}
		if d.self != cty.NilVal {
			d.ctx.Variables["self"] = d.self
		}
	}
	if p.defReadsVar {
		d.ctx.Variables["var"] = cty.ObjectVal(d.vars)
	}
	return d.ctx
}

// secretParam is v, the value of def's parameter name, as the container's
// parameter: sensitive when the parameter is a secret (Sensitive-typed,
// or fed to a secret in the body: class_secrets.go), so no output shows
// it.
func (k *compiler) secretParam(def *classDef, name string, v types.Value) types.Value {
	s := k.l.secrets.scoped[def.block]
	if s == nil || !s.feeds("var."+name) {
		return v
	}
	switch v.(type) {
	case types.Sensitive, *types.Sensitive:
		return v
	}
	return types.Sensitive{Value: v}
}

// summaryWrongParamType is the summary of a parameter of the wrong type.
const summaryWrongParamType = "Wrong parameter type"

// paramValue is one parameter's value, the range diagnostics about it
// name and where it comes from; found is false (and diagnosed) when it
// has none.
func (k *compiler) paramValue(def *classDef, p *paramDef, given []declArg, dc *defaultContext, lookup bool, place hcl.Range, decl *declOrigin) (v types.Value, rng hcl.Range, origin catalog.ParamOrigin, found bool) {
	if a, ok := givenArg(given, p.name); ok {
		return a.value, a.rng, k.declaredOrigin(p.name, a, decl), true
	}
	if lookup && k.session != nil {
		res, found, diags := k.session.ParameterValue(def.name, p.name)
		k.diags = append(k.diags, diags...)
		if found {
			if d := hiera.CheckParameter(def.name, p.name, p.typ, res); d != nil {
				k.diags = append(k.diags, d)
				return nil, place, origin, false
			}
			return res.Value, place, k.dataOrigin(p.name, hiera.ParameterKey(def.name, p.name), res.Origins), true
		}
	}
	if p.def == nil {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryMandatory,
			fmt.Sprintf("%s: expects a value for parameter '%s'. Give it in the declaration (%s = …)%s, or a default in its variable block.", k.refOf(def, dc.self), p.name, p.name, dataAdvice(lookup, def.name, p.name)),
			place, nil))
		return nil, place, origin, false
	}
	if c := p.defValue; c != nil {
		return c.value, p.def.Range(), defaultOrigin(p.name, p.def.Range()), true
	}
	cv, diags := catalog.EvalExpr(p.def, dc.of(p))
	k.diags = append(k.diags, diags...)
	if diags.HasErrors() {
		return nil, p.def.Range(), origin, false
	}
	v, diags = catalog.CtyValue(cv, p.def.Range())
	k.diags = append(k.diags, diags...)
	if p.defConstant && len(diags) == 0 && isScalar(v) {
		p.defValue = &constantDefault{value: v, cty: hieraValue(v)}
	}
	return v, p.def.Range(), defaultOrigin(p.name, p.def.Range()), !diags.HasErrors()
}

// isScalar reports whether v is a string, a number or a boolean: a value
// no one changes in place, which declarations may share.
func isScalar(v types.Value) bool {
	switch v.(type) {
	case string, bool, int64, float64:
		return true
	}
	return false
}

// givenArg is the argument given for the parameter called name: the last
// one, as a map of the arguments by name kept it. An argument that names
// no parameter (resolveParams refused it) is never asked for.
func givenArg(given []declArg, name string) (declArg, bool) {
	for i := len(given) - 1; i >= 0; i-- {
		if given[i].name == name {
			return given[i], true
		}
	}
	return declArg{}, false
}

// dataAdvice names the data key that would give a class parameter.
func dataAdvice(lookup bool, class, param string) string {
	if !lookup {
		return ""
	}
	return ", in the data (" + hiera.ParameterKey(class, param) + ")"
}

// refOf is Puppet's name of a class or instance in messages:
// Class[Web], App::Vhost[shop].
func (k *compiler) refOf(def *classDef, self cty.Value) string {
	if !def.define || self == cty.NilVal {
		return def.ref()
	}
	return def.ref() + "[" + self.GetAttr("title").AsString() + "]"
}

// addRelation appends a reference to a relationship metaparameter of an
// item (the require function's `require` on its caller).
func (k *compiler) addRelation(item int, kind, ref string) {
	ps := k.items[item].ext.Params
	for i := range ps {
		if ps[i].Name == kind {
			if list, isList := ps[i].Value.([]types.Value); isList {
				ps[i].Value = append(list, ref)
			} else {
				ps[i].Value = []types.Value{ps[i].Value, ref}
			}
			return
		}
	}
	k.items[item].ext.Params = append(ps, catalog.ExternalParam{Name: kind, Value: []types.Value{ref}})
}

// badDeclaredName is the error on a declaration of a class whose name
// Puppet refuses, in the words of Puppet's evaluator for this node.
func (k *compiler) badDeclaredName(b *hclsyntax.Block, name string, resourceLike bool) *hcl.Diagnostic {
	puppet := "%s for " + k.nodeName()
	switch {
	case b.Labels[0] == "":
		puppet = "" // Puppet's words as they are
	case resourceLike:
		puppet = "Could not find declared class " + name
	}
	return catalog.BadNameDiag(catalog.NameDeclared, b.Labels[0], puppet, k.classNames, b.LabelRanges[0], b.DefRange().Ptr())
}

// classNames are the defined classes, for suggestions.
func (k *compiler) classNames() []string {
	var out []string
	for _, n := range k.st.names {
		if !k.st.defs[n].define {
			out = append(out, n)
		}
	}
	return out
}

// nodeName is the node being compiled, as Puppet names it in messages.
func (k *compiler) nodeName() string {
	if k.node == "" {
		return "the node (give its facts with --facts)"
	}
	return strings.ToLower(k.node)
}

// classStage is the run stage a class declared in sc goes into, as
// Puppet's compiler finds it: the declaration's stage, else the stage of
// the class that declares it, else main. found is false when no stage
// of that name is declared.
func (k *compiler) classStage(sc scope, meta []catalog.ExternalParam) (item int, name string, found bool) {
	name = "main"
	if p := paramOf(meta, "stage"); p != nil {
		name = fmt.Sprint(p.Value)
	} else if p := paramOf(k.items[sc.item].ext.Params, "stage"); p != nil && k.items[sc.item].ext.Type == "Class" {
		name = fmt.Sprint(p.Value)
	}
	if name == "main" {
		return k.stage, name, true
	}
	i, ok := k.byKey[itemKey("stage", name)]
	return i, name, ok
}

// paramOf is the parameter called name, or nil.
func paramOf(ps []catalog.ExternalParam, name string) *catalog.ExternalParam {
	for i := range ps {
		if ps[i].Name == name {
			return &ps[i]
		}
	}
	return nil
}

// declareStage declares a run stage (Puppet's stage resource): in no
// container, with its relationships to other stages.
func (k *compiler) declareStage(sc scope, b *hclsyntax.Block, src []byte) {
	if len(b.Labels) != 1 {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryBlockLabels,
			"A stage block has one label, the stage's name: stage \"pre\" { before = \"Stage[main]\" }. "+catalog.LabelAdvice(len(b.Labels), 1, "the name"), catalog.LabelsRange(b), b.DefRange().Ptr()))
		return
	}
	name := b.Labels[0]
	var params []catalog.ExternalParam
	for _, a := range catalog.SortedAttrs(b.Body.Attributes) {
		if !isRelation(a.Name) {
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnsupportedArg,
				fmt.Sprintf("A stage block holds only its relationships to other stages (before, require, notify, subscribe); %q is not expected here.", a.Name), a.NameRange, a.SrcRange.Ptr()))
			continue
		}
		refs, diags := extractRefs(a.Expr, src, sc.ctx)
		k.diags = append(k.diags, diags...)
		params = append(params, catalog.ExternalParam{Name: a.Name, Value: refStrings(refs), Range: a.SrcRange})
	}
	raw := &rawResource{RawResource: catalog.RawResource{TypeName: "stage", Title: name, DeclRange: b.DefRange(), TitleRange: b.LabelRanges[0]}}
	if name == "main" || !k.unique("stage", raw) {
		if name == "main" {
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryDuplicate, "Duplicate declaration: Stage[main] is already declared; cannot redeclare. Stage main always exists: order other stages against it.", b.LabelRanges[0], b.DefRange().Ptr()))
		}
		return
	}
	k.addItem(catalog.External{Type: "Stage", Title: name, Params: params, Range: b.DefRange(), Kind: "compilable_type"}, -1, sc.item, catalog.AppendTitleTag([]string{"stage"}, name)...)
}
