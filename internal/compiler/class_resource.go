package compiler

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/coretypes"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// declareResource declares one evaluated resource block in sc: a core
// resource (or one of the site's types), or an instance of a define.
func (k *compiler) declareResource(sc scope, r *rawResource) {
	lower := strings.ToLower(r.TypeName)
	if def := k.st.defs[lower]; def != nil {
		if !def.define {
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnknownType,
				fmt.Sprintf("%q is a class: declare it with an include, contain or require block (include %q {}), not a resource block.", def.name, def.name),
				r.TypeRange, r.DeclRange.Ptr()))
			return
		}
		if words := catalog.RedefinesPuppetType(def.name); words != "" {
			b := def.block
			k.refuse(catalog.ErrorAt(catalog.SummaryInvalidName,
				fmt.Sprintf("%s The define %q has the name of one of Puppet's own types, which Puppet loads for the resource block at %s: rename the define into a module's namespace, such as \"site::%s\", and its instances with it.", words, def.name, r.DeclRange, def.name),
				b.LabelRanges[0], b.DefRange().Ptr()))
			return
		}
		k.declareInstance(sc, r, def)
		return
	}
	if !k.isType(lower) {
		if d := catalog.BadNameDiag(catalog.NameTypeRef, r.TypeName, "", k.typeNames, r.TypeRange, r.DeclRange.Ptr()); d != nil {
			k.diags = append(k.diags, d)
			return
		}
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnknownType,
			fmt.Sprintf("Unknown resource type: '%s'. Define it with a define or type block, or correct the name.%s", r.TypeName, words.DidYouMean(lower, k.typeNames())),
			r.TypeRange, r.DeclRange.Ptr()))
		return
	}
	var virtual bool
	params, ok := k.resourceParams(r, &virtual)
	if !ok || !k.unique(lower, r) {
		return
	}
	declared := explicitTags(params)
	params = sc.dflt.apply(lower, params)
	own := resourceTags(declared, k.typeTags(lower), r.Title, params)
	i := k.addItem(catalog.External{Type: r.TypeName, Title: r.Title, Params: params, Range: r.DeclRange, Kind: "compilable_type"}, sc.item, sc.item, own...)
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
	return append(out, builtinNames()...)
}

// builtinNames are the built-in types' names, sorted.
var builtinNames = sync.OnceValue(func() []string { return slices.Sorted(slices.Values(coretypes.Names)) })

// isType reports whether a resource block may declare the type called
// lower (in lower case): one of the site's types, or one catc ships.
func (k *compiler) isType(lower string) bool {
	if k.l.Type(lower) != nil {
		return true
	}
	_, ok := catalog.ShippedType(lower)
	return ok
}

// itemKey is the key of byKey for a type (in lower case) and a title.
func itemKey(lower, title string) string { return lower + "\x00" + title }

// unique registers a core resource or instance by type and title, or
// reports Puppet's duplicate declaration citing the first one.
func (k *compiler) unique(lower string, r *rawResource) bool {
	key := itemKey(lower, r.Title)
	if prev, dup := k.byKey[key]; dup {
		p := k.items[prev].ext
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryDuplicate,
			fmt.Sprintf("Duplicate declaration: %s[%s] is already declared at %s; cannot redeclare. Rename one of them, or remove the duplicate.", catalog.CapitalizeType(lower), r.Title, p.Range),
			r.TitleRange, r.DeclRange.Ptr()))
		return false
	}
	k.byKey[key] = len(k.items)
	return true
}

// resourceParams turns an evaluated block's arguments into catalog
// parameters (references as Puppet's strings), refusing what catc does
// not compile (virtual, exported) and a stage on anything but a class.
func (k *compiler) resourceParams(r *rawResource, virtual *bool) ([]catalog.ExternalParam, bool) {
	params := make([]catalog.ExternalParam, 0, len(r.Args))
	ok := true
	for _, a := range r.Args {
		switch {
		case !a.Valid:
			ok = false
			continue
		case a.Name == "exported":
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnsupportedArg,
				"exported resources are out of scope: catc compiles one node's catalog and cannot collect what other nodes export. Declare the resource on the node that needs it.", a.NameRange, a.Rng.Ptr()))
			ok = false
			continue
		case a.Name == "virtual":
			if b, isBool := a.Value.(bool); isBool {
				*virtual = b
			} else {
				k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryInvalidValue, "virtual is true or false.", a.ExprRange, a.Rng.Ptr()))
				ok = false
			}
			continue
		case a.Name == "stage":
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryMetaparam,
				fmt.Sprintf("Only classes can set 'stage'; normal resources like %s[%s] cannot change run stage. Put the resource in a class and give the stage to the class's declaration.", catalog.CapitalizeType(r.TypeName), r.Title),
				a.NameRange, a.Rng.Ptr()))
			ok = false
			continue
		case a.RefLike != "":
			k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryInvalidValue,
				fmt.Sprintf("%s = %s: a resource reference is the value of require, before, notify or subscribe only.", a.Name, a.RefLike), a.ExprRange, a.Rng.Ptr()))
			ok = false
			continue
		}
		p := catalog.ExternalParam{Name: a.Name, Value: a.Value, Range: a.Rng}
		if _, isRel := catalog.RelationKinds[a.Name]; isRel {
			if diags := mainClassRefs(a.Name, a.Refs, a.Rng); diags != nil {
				k.diags = append(k.diags, diags...)
				ok = false
				continue
			}
			p.Value = refStrings(a.Refs)
		}
		params = append(params, p)
	}
	return params, ok
}

// refStrings are references in Puppet's form, Type[title].
func refStrings(refs []catalog.RawRef) types.Value {
	out := make([]types.Value, len(refs))
	for i, r := range refs {
		out[i] = r.Text()
	}
	return out
}

// explicitTags are the tags a tag parameter among params gives.
func explicitTags(params []catalog.ExternalParam) []string {
	var out []string
	for _, p := range params {
		if p.Name == "tag" {
			out = append(out, catalog.TagValues(p.Value)...)
		}
	}
	return out
}

// resourceTags are a resource's own tags in Puppet's order: the tags
// its block declares (set with its parameters, before the type and the
// title), its type's and its title, then those of a defaults block
// (applied after), when the block declares none.
func resourceTags(declared, typeTags []string, title string, params []catalog.ExternalParam) []string {
	own := make([]string, 0, len(declared)+len(typeTags)+1) // the title most often one tag
	own = append(append(own, declared...), typeTags...)
	own = catalog.AppendTitleTag(own, title)
	if len(declared) == 0 {
		own = append(own, explicitTags(params)...)
	}
	return own
}

// typeTags are the tags of a type (lower case): its name and, for a
// name with ::, each of its segments; made once per type and compile (the
// callers copy them).
func (k *compiler) typeTags(lower string) []string {
	if t, ok := k.tagsOfType[lower]; ok {
		return t
	}
	t := catalog.TagsOf(lower)
	k.tagsOfType[lower] = t
	return t
}

// declareInstance declares an instance of a define, evaluated later.
func (k *compiler) declareInstance(sc scope, r *rawResource, def *classDef) {
	if !k.unique(def.name, r) {
		return
	}
	var virtual bool
	all, ok := k.resourceParams(r, &virtual)
	if !ok {
		delete(k.byKey, itemKey(def.name, r.Title))
		return
	}
	declared := explicitTags(all)
	written := len(all)
	all = sc.dflt.apply(def.name, all)
	d := &instanceDecl{def: def, name: r.Title, place: r.DeclRange, in: sc.item, dflt: sc.dflt}
	var meta []catalog.ExternalParam
	for j, p := range all {
		switch {
		case p.Name == "name":
			if s, isString := p.Value.(string); isString {
				d.name = s
			}
			meta = append(meta, p) // Puppet keeps it among the parameters
		case isMetaparam(p.Name):
			meta = append(meta, p)
		default:
			d.args = append(d.args, declArg{name: p.Name, value: p.Value, rng: p.Range, fromDefaults: j >= written})
		}
	}
	own := resourceTags(declared, k.typeTags(def.name), r.Title, meta)
	i := k.addItem(catalog.External{Type: catalog.CapitalizeType(def.name), Title: r.Title, Params: meta, Range: r.DeclRange, Kind: "defined_type"}, sc.item, sc.item, own...)
	k.items[i].instance, k.items[i].pending, k.items[i].virtual = d, !virtual, virtual
	k.byType[def.name] = append(k.byType[def.name], i)
}

// isMetaparam reports whether an argument of an instance or class
// declaration is one of Puppet's metaparameters.
func isMetaparam(name string) bool { return slices.Contains(catalog.MetaparamNames, name) }
