package importer

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/coretypes"
	"github.com/catc-dev/catc/internal/importer/ruby"
)

// noTypeDefinition is the warning on a Ruby file without a register_type
// call. Such a file is usually a `Puppet::Type.newtype` type, whose
// attributes and auto relationships are Ruby code that catc does not
// run; the warning says where its definition can come from instead: the
// module type catc ships under the file's name (lib/puppet/type/NAME.rb
// defines NAME), or a type block written by hand.
func noTypeDefinition(file string) *hcl.Diagnostic {
	detail := "This file has no Puppet::ResourceApi.register_type call, so nothing is imported from it (a type written with Puppet::Type.newtype is not a Resource API type)."
	name := strings.TrimSuffix(filepath.Base(file), ".rb")
	if td := catalog.ModuleType(name); td != nil {
		detail += fmt.Sprintf(" catc ships its own definition of %s for Puppet catalogs, with the module's auto relationships (catc doc --module-types); nothing needs importing for it.", td.Name)
	} else {
		detail += " For a Puppet catalog that uses it, write its type block by hand, with its namevars and auto rules (catc's docs/puppet.md, Module types), and load it beside the catalog."
	}
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "No type definition", Detail: detail,
		Subject: &hcl.Range{Filename: file, Start: hcl.InitialPos, End: hcl.InitialPos}}
}

// newtypeSpecs turns the Puppet::Type.newtype blocks of a file into
// types: every parameter and property an unchecked Optional[Data] (the
// Ruby validates values in code catc does not run) but ensure (present or
// absent, as for every catc type), namevars Strings, and
// the auto rules of the simple shapes. What cannot be read is a warning
// at its Ruby range, and is left out.
func newtypeSpecs(nts []*ruby.Newtype) ([]*typeSpec, hcl.Diagnostics) {
	var specs []*typeSpec
	var diags hcl.Diagnostics
	for _, nt := range nts {
		spec := &typeSpec{name: nt.Name, call: nt.Rng, nameRng: nt.NameRng,
			docs: []docSpec{{key: "desc", rng: nt.Rng, text: fmt.Sprintf("Imported by catc from the Puppet::Type.newtype type %s: its namevars and the auto rules catc could read; attribute values are not checked.", nt.Name)}}}
		spec.attrs = newtypeAttrs(nt)
		spec.refreshable = nt.Refresh
		var d hcl.Diagnostics
		spec.autos, d = newtypeAutos(nt)
		diags = append(diags, d...)
		if shipped := catalog.ModuleType(nt.Name); shipped != nil {
			diags = append(diags, replacesShipped(nt, shipped))
		}
		if nt.TitlePatterns != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Title patterns not imported",
				Detail:  fmt.Sprintf("The type %s defines title_patterns in Ruby, which catc does not run: the imported type gives the whole title to its first namevar. Write its title_pattern blocks by hand.", nt.Name),
				Subject: nt.TitlePatterns})
		}
		specs = append(specs, spec)
	}
	return specs, diags
}

// newtypeAttrs are the type's attributes in Ruby's order, each once. As
// in Puppet, a parameter called name is a namevar when no other is.
// `tag` and `provider` are left out: catc takes tag as the metaparameter,
// and a provider is the agent's choice.
func newtypeAttrs(nt *ruby.Newtype) []*attrSpec {
	hasNamevar := false
	for _, a := range nt.Attrs {
		hasNamevar = hasNamevar || a.Namevar
	}
	var out []*attrSpec
	seen := map[string]bool{}
	for _, a := range nt.Attrs {
		if seen[a.Name] || a.Name == "tag" || a.Name == "provider" {
			continue
		}
		seen[a.Name] = true
		kind := "parameter"
		if a.Property {
			kind = "property"
		}
		spec := &attrSpec{name: a.Name, rng: a.Rng,
			typ:  &stringSpec{value: "Optional[Data]", rng: a.Rng},
			desc: &stringSpec{value: fmt.Sprintf("The Ruby type's %s %s; catc does not check its value.", a.Name, kind), rng: a.Rng}}
		switch {
		case a.Name == "ensure":
			// catc takes ensure as the Resource API does (present or
			// absent), which is what ensurable gives.
			spec.typ.value = "Optional[Enum[present, absent]]"
			spec.desc.value = "Whether it is present or absent."
		case a.Namevar || !hasNamevar && a.Name == "name":
			spec.typ.value = "String"
			spec.behaviour = &behaviourSpec{key: "behaviour", value: "namevar", rng: a.Rng}
		case !a.Property:
			spec.behaviour = &behaviourSpec{key: "behaviour", value: "parameter", rng: a.Rng}
		}
		out = append(out, spec)
	}
	return out
}

// newtypeAutos are the auto rules catc translates (ruby.AutoTerm), grouped
// by kind in the order of their first rule. Any other block is a
// warning; for a type catc ships, the shipped type's rules for that kind
// and target are kept instead, with a warning that says so.
func newtypeAutos(nt *ruby.Newtype) ([]autoSpec, hcl.Diagnostics) {
	var out []autoSpec
	var diags hcl.Diagnostics
	at := map[string]int{}
	defaults := attrDefaults(nt)
	// add appends r to its kind; a second block for the same target
	// adds its values to the first's rule (HCL takes a key once), the
	// same edges.
	add := func(kind string, rng hcl.Range, r autoRule) {
		i, ok := at[kind]
		if !ok {
			i = len(out)
			at[kind] = i
			out = append(out, autoSpec{kind: kind, rng: rng})
		}
		for j := range out[i].rules {
			if prev := &out[i].rules[j]; prev.typ == r.typ {
				prev.terms, prev.list = append(prev.terms, r.terms...), true
				return
			}
		}
		out[i].rules = append(out[i].rules, r)
	}
	for _, a := range nt.Autos {
		if !a.Read {
			kept := shippedRules(nt.Name, a)
			for _, r := range kept {
				add(a.Kind, a.Rng, r)
			}
			diags = append(diags, notTranslated(nt.Name, a, kept))
			continue
		}
		if a.Type == "class" {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Auto relationship not imported",
				Detail:  fmt.Sprintf("This %s(:class) block has no effect in Puppet, which skips a rule whose target is no resource type; it is not imported.", a.Kind),
				Subject: a.Rng.Ptr()})
			continue
		}
		terms := make([]ruleTerm, len(a.Terms))
		for i, t := range a.Terms {
			terms[i] = translateTerm(t, defaults)
		}
		add(a.Kind, a.Rng, autoRule{typ: a.Type, terms: terms, list: a.List, rng: a.Rng})
	}
	return out, diags
}

// attrDefaults are the literal defaults of the type's attributes that
// are no namevar: Puppet sets them on every resource that leaves the
// attribute unset, so a rule reading the attribute reads the default
// then (a compiled catalog does not carry it).
func attrDefaults(nt *ruby.Newtype) map[string]string {
	out := map[string]string{}
	hasNamevar := false
	for _, a := range nt.Attrs {
		hasNamevar = hasNamevar || a.Namevar
	}
	for _, a := range nt.Attrs {
		if a.HasDefault && !a.Namevar && (hasNamevar || a.Name != "name") {
			out[a.Name] = a.Default
		}
	}
	return out
}

// translateTerm writes a term of the Ruby in the rule language: self[:a]
// is "$a", or coalesce("$a", "default") when a has a literal default.
func translateTerm(t ruby.AutoTerm, defaults map[string]string) ruleTerm {
	switch {
	case t.Attr != "":
		ref := ruleTerm{title: "$" + t.Attr}
		if d, ok := defaults[t.Attr]; ok {
			return ruleTerm{call: "coalesce", args: []ruleTerm{ref, {title: d}}}
		}
		return ref
	case t.Func != "":
		args := make([]ruleTerm, len(t.Args))
		for i, a := range t.Args {
			args[i] = translateTerm(a, defaults)
		}
		return ruleTerm{call: t.Func, args: args}
	}
	return ruleTerm{title: t.Title}
}

// shippedRules are the rules of kind a.Kind targeting a.Type of the
// module type catc ships under the name typ, as written there; none when
// catc ships no such type.
func shippedRules(typ string, a *ruby.NewtypeAuto) []autoRule {
	td := catalog.ModuleType(typ)
	if td == nil {
		return nil
	}
	src, ok := coretypes.ModuleSourceOf(strings.ToLower(td.Name))
	if !ok {
		return nil
	}
	var out []autoRule
	for _, r := range td.AutoRules {
		if r.Kind.String() != a.Kind || !strings.EqualFold(r.Target, a.Type) {
			continue
		}
		text := string(src.Src[r.Range.Start.Byte:r.Range.End.Byte])
		if eq := strings.IndexByte(text, '='); eq >= 0 {
			out = append(out, autoRule{typ: a.Type, terms: []ruleTerm{{raw: strings.TrimSpace(text[eq+1:])}}, rng: a.Rng})
		}
	}
	return out
}

// notTranslated is the warning on a block catc does not translate: the
// rule is to be written by hand, or was kept from catc's shipped type.
func notTranslated(typ string, a *ruby.NewtypeAuto, kept []autoRule) *hcl.Diagnostic {
	d := &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Auto relationship not imported", Subject: a.Rng.Ptr(),
		Detail: fmt.Sprintf("This %s(:%s) block is Ruby code that catc does not translate; catc reads self[:attr], strings (interpolating self[:attr]), arrays of them, Pathname.new(x).parent, File.dirname(x) and `x if x && Pathname.new(x).absolute?`. ", a.Kind, a.Type)}
	if len(kept) > 0 {
		d.Summary = "Auto relationship kept from catc's shipped type"
		texts := make([]string, len(kept))
		for i, r := range kept {
			texts[i] = r.typ + " = " + r.terms[0].raw
		}
		d.Detail += fmt.Sprintf("catc ships %s with the rule Puppet makes from it, which the imported type keeps: %s. Check it against your module's release.", typ, strings.Join(texts, "; "))
		return d
	}
	d.Detail += fmt.Sprintf("Write the rule by hand in the type's %s block (catc's docs/language.md, Auto rules, has functions for paths, lists and formats).", a.Kind)
	return d
}

// replacesShipped is the warning on an imported type of a name catc
// ships: loaded beside a Puppet catalog, the written type replaces the
// shipped one, with the rules the import found (or kept).
func replacesShipped(nt *ruby.Newtype, shipped *catalog.TypeDef) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Replaces a shipped module type", Subject: nt.NameRng.Ptr(),
		Detail: fmt.Sprintf("catc ships %s (%s) for the Puppet catalogs that use it. The type written here replaces it wherever it is loaded beside a catalog, with the auto rules this import translated from your module's Ruby; leave the file out to use the shipped type (catc doc --module-types).",
			shipped.Name, catalog.ShippedRelease(shipped.Name))}
}

// newtypesOf are the Puppet::Type.newtype types of a file without a
// register_type call (ruby.Parse read them); with none, the warning says
// why nothing is imported.
func newtypesOf(name string, nts []*ruby.Newtype) ([]*typeSpec, hcl.Diagnostics) {
	if len(nts) == 0 {
		return nil, hcl.Diagnostics{noTypeDefinition(name)}
	}
	return newtypeSpecs(nts)
}
