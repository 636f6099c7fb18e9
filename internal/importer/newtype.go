package importer

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
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
		var d hcl.Diagnostics
		spec.autos, d = newtypeAutos(nt)
		diags = append(diags, d...)
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

// newtypeAutos are the auto rules of the simple shapes, grouped by kind
// in the order of their first rule; any other block is a warning.
func newtypeAutos(nt *ruby.Newtype) ([]autoSpec, hcl.Diagnostics) {
	var out []autoSpec
	var diags hcl.Diagnostics
	at := map[string]int{}
	for _, a := range nt.Autos {
		if !a.Simple {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Auto relationship not imported",
				Detail:  fmt.Sprintf("This %s(:%s) block is Ruby code that catc does not run; catc reads only self[:attr], a plain string, or an array of them. Write the rule by hand in the type's %s block (catc's docs/language.md, Auto rules, has functions for paths and lists).", a.Kind, a.Type, a.Kind),
				Subject: a.Rng.Ptr()})
			continue
		}
		if a.Type == "class" {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Auto relationship not imported",
				Detail:  fmt.Sprintf("This %s(:class) block has no effect in Puppet, which skips a rule whose target is no resource type; it is not imported.", a.Kind),
				Subject: a.Rng.Ptr()})
			continue
		}
		i, ok := at[a.Kind]
		if !ok {
			i = len(out)
			at[a.Kind] = i
			out = append(out, autoSpec{kind: a.Kind, rng: a.Rng})
		}
		out[i].rules = append(out[i].rules, autoRule{typ: a.Type, titles: a.Titles, list: a.List, rng: a.Rng})
	}
	return out, diags
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
