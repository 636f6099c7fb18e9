package compiler

import (
	"slices"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// Schema is the vocabulary of catc's input language that an editor
// offers: catalog decides what it accepts, the language server only
// documents the words. Each list is the caller's own copy.
type Schema struct {
	// TopLevelBlocks are the blocks a file holds.
	TopLevelBlocks []string
	// Metaparameters are the metaparameters a resource declaration may
	// set, references first (besides the type's attributes).
	Metaparameters []string
	// TypeKeys are the arguments, then the blocks, a `type` block takes.
	TypeKeys []string
	// AttributeKeys are the arguments an `attribute` block takes.
	AttributeKeys []string
	// GroupKeys are what a `group` block holds: its argument, then its
	// block.
	GroupKeys []string
	// Behaviours are the values of an attribute's `behaviour`, in the
	// order of the Behaviour constants (a property has none).
	Behaviours []string
	// DataTypes are the built-in Puppet data types an attribute's `type`
	// may name, sorted.
	DataTypes []string
	// Features are the provider features the Resource API knows, sorted
	// (others warn): what follows `features =`.
	Features []string
}

// LanguageSchema returns the language's vocabulary (see Schema).
func LanguageSchema() Schema {
	return Schema{
		TopLevelBlocks: slices.Clone(topBlockNames),
		Metaparameters: slices.Clone(catalog.MetaparamNames),
		TypeKeys:       schemaNames(catalog.TypeSchema),
		AttributeKeys:  schemaNames(catalog.AttributeSchema),
		GroupKeys:      slices.Clone(groupKeyNames),
		Behaviours:     slices.Clone(catalog.BehaviourNames[catalog.Namevar:]), // a property has none
		DataTypes:      slices.Clone(catalog.BuiltinTypeNames),
		Features:       slices.Clone(catalog.KnownFeatures),
	}
}

// topBlockNames are the blocks a file holds.
var topBlockNames = []string{"type", "type_alias", "resource", "group", "variable", "locals"}

func schemaNames(s *hcl.BodySchema) []string {
	names := make([]string, 0, len(s.Attributes)+len(s.Blocks))
	for _, a := range s.Attributes {
		names = append(names, a.Name)
	}
	for _, b := range s.Blocks {
		if !slices.Contains(names, b.Type) { // the auto rules are both
			names = append(names, b.Type)
		}
	}
	return names
}
