package catalog

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// declareResource declares one evaluated resource block in sc: a core
// resource (or one of the site's types), or an instance of a define.
func (k *compiler) declareResource(sc scope, r *rawResource) {
	lower := strings.ToLower(r.typeName)
	if def := k.st.defs[lower]; def != nil {
		if !def.define {
			k.diags = append(k.diags, errorAt(summaryUnknownType,
				fmt.Sprintf("%q is a class: declare it with an include, contain or require block (include %q {}), not a resource block.", def.name, def.name),
				r.typeRange, r.declRange.Ptr()))
			return
		}
		k.declareInstance(sc, r, def)
		return
	}
	if k.l.Type(lower) == nil && shippedType(lower) == nil {
		k.diags = append(k.diags, errorAt(summaryUnknownType,
			fmt.Sprintf("Unknown resource type: '%s'. Define it with a define or type block, or correct the name.%s", r.typeName, suggest(lower, k.typeNames())),
			r.typeRange, r.declRange.Ptr()))
		return
	}
	var virtual bool
	params, ok := k.resourceParams(r, &virtual)
	if !ok || !k.unique(lower, r) {
		return
	}
	params = sc.dflt.apply(lower, params)
	own := tagsOf(lower)
	own = appendTitleTag(own, r.title)
	own = append(own, explicitTags(params)...)
	i := k.addItem(External{Type: r.typeName, Title: r.title, Params: params, Range: r.declRange, Kind: "compilable_type"}, sc.item, sc.item, own...)
	k.items[i].virtual = virtual
	k.byType[lower] = append(k.byType[lower], i)
}

// typeNames are the names a resource block may use, for suggestions:
// the defines and the loaded types.
func (k *compiler) typeNames() []string {
	var out []string
	for _, n := range k.st.names {
		if k.st.defs[n].define {
			out = append(out, n)
		}
	}
	for _, t := range k.l.Types {
		out = append(out, t.Name)
	}
	return append(out, sortedNames(builtins())...)
}

// unique registers a core resource or instance by type and title, or
// reports Puppet's duplicate declaration citing the first one.
func (k *compiler) unique(lower string, r *rawResource) bool {
	key := lower + "\x00" + r.title
	if prev, dup := k.byKey[key]; dup {
		p := k.items[prev].ext
		k.diags = append(k.diags, errorAt(summaryDuplicate,
			fmt.Sprintf("Duplicate declaration: %s[%s] is already declared at %s; cannot redeclare. Rename one of them, or remove the duplicate.", capitalizeType(lower), r.title, p.Range),
			r.titleRange, r.declRange.Ptr()))
		return false
	}
	k.byKey[key] = len(k.items)
	return true
}

// resourceParams turns an evaluated block's arguments into catalog
// parameters (references as Puppet's strings), refusing what catc does
// not compile (virtual, exported) and a stage on anything but a class.
func (k *compiler) resourceParams(r *rawResource, virtual *bool) ([]ExternalParam, bool) {
	params := make([]ExternalParam, 0, len(r.args))
	ok := true
	for _, a := range r.args {
		switch {
		case !a.valid:
			ok = false
			continue
		case a.name == "exported":
			k.diags = append(k.diags, errorAt(summaryUnsupportedArg,
				"exported resources are out of scope: catc compiles one node's catalog and cannot collect what other nodes export. Declare the resource on the node that needs it.", a.nameRange, a.rng.Ptr()))
			ok = false
			continue
		case a.name == "virtual":
			if b, isBool := a.value.(bool); isBool {
				*virtual = b
			} else {
				k.diags = append(k.diags, errorAt(summaryInvalidValue, "virtual is true or false.", a.exprRange, a.rng.Ptr()))
				ok = false
			}
			continue
		case a.name == "stage":
			k.diags = append(k.diags, errorAt(summaryMetaparam,
				fmt.Sprintf("Only classes can set 'stage'; normal resources like %s[%s] cannot change run stage. Put the resource in a class and give the stage to the class's declaration.", capitalizeType(r.typeName), r.title),
				a.nameRange, a.rng.Ptr()))
			ok = false
			continue
		case a.refLike != "":
			k.diags = append(k.diags, errorAt(summaryInvalidValue,
				fmt.Sprintf("%s = %s: a resource reference is the value of require, before, notify or subscribe only.", a.name, a.refLike), a.exprRange, a.rng.Ptr()))
			ok = false
			continue
		}
		p := ExternalParam{Name: a.name, Value: a.value, Range: a.rng}
		if _, isRel := relationKinds[a.name]; isRel {
			p.Value = refStrings(a.refs)
		}
		params = append(params, p)
	}
	return params, ok
}

// refStrings are references in Puppet's form, Type[title].
func refStrings(refs []rawRef) types.Value {
	out := make([]types.Value, len(refs))
	for i, r := range refs {
		out[i] = r.text()
	}
	return out
}

// explicitTags are the values of a tag parameter.
func explicitTags(params []ExternalParam) []string {
	var out []string
	for _, p := range params {
		if p.Name == "tag" {
			out = append(out, appendTitles(nil, p.Value)...)
		}
	}
	return tagsOf(out...)
}

// tagsOf are names as Puppet tags them: in lower case, a qualified name
// also by each of its segments.
func tagsOf(names ...string) []string {
	var out []string
	for _, n := range names {
		n = strings.ToLower(n)
		out = append(out, n)
		if strings.Contains(n, "::") {
			out = append(out, strings.Split(n, "::")...)
		}
	}
	return out
}

// appendTitleTag adds a title as a tag when it is a valid one (Puppet's
// tag_if_valid).
func appendTitleTag(out []string, title string) []string {
	if t := strings.ToLower(title); validTag(t) {
		return append(out, tagsOf(t)...)
	}
	return out
}

// declareInstance declares an instance of a define, evaluated later.
func (k *compiler) declareInstance(sc scope, r *rawResource, def *classDef) {
	if !k.unique(def.name, r) {
		return
	}
	var virtual bool
	all, ok := k.resourceParams(r, &virtual)
	if !ok {
		delete(k.byKey, def.name+"\x00"+r.title)
		return
	}
	all = sc.dflt.apply(def.name, all)
	d := &instanceDecl{def: def, name: r.title, place: r.declRange, dflt: sc.dflt}
	var meta []ExternalParam
	for _, p := range all {
		switch {
		case p.Name == "name":
			if s, isString := p.Value.(string); isString {
				d.name = s
			}
			meta = append(meta, p) // Puppet keeps it among the parameters
		case isMetaparam(p.Name):
			meta = append(meta, p)
		default:
			d.args = append(d.args, declArg{name: p.Name, value: p.Value, rng: p.Range})
		}
	}
	own := tagsOf(def.name)
	own = appendTitleTag(own, r.title)
	own = append(own, explicitTags(meta)...)
	i := k.addItem(External{Type: capitalizeType(def.name), Title: r.title, Params: meta, Range: r.declRange, Kind: "defined_type"}, sc.item, sc.item, own...)
	k.items[i].instance, k.items[i].pending, k.items[i].virtual = d, !virtual, virtual
	k.byType[def.name] = append(k.byType[def.name], i)
}

// isMetaparam reports whether an argument of an instance or class
// declaration is one of Puppet's metaparameters.
func isMetaparam(name string) bool {
	if _, isRel := relationKinds[name]; isRel {
		return true
	}
	switch name {
	case "tag", "noop", "schedule", "loglevel", "audit", "alias":
		return true
	}
	return false
}
