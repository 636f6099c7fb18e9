package catalog

import (
	"slices"
	"sort"

	"github.com/hashicorp/hcl/v2"
)

// KnownFeatures are the provider features the Resource API knows, sorted
// (others warn): what an editor offers after `features =`.
func KnownFeatures() []string { return slices.Clone(knownFeatures) }

// topBlockNames are the blocks a file holds.
var topBlockNames = []string{"type", "type_alias", "resource", "group", "variable", "locals"}

// TopLevelBlocks are the blocks a file holds: what an editor offers at
// the top level.
func TopLevelBlocks() []string { return slices.Clone(topBlockNames) }

// metaparamNames are the metaparameters a declaration may set.
var metaparamNames = []string{"require", "before", "notify", "subscribe", "alias", "tag", "noop"}

// Metaparameters are the metaparameters a resource declaration may set,
// references first: what an editor offers besides the type's attributes.
func Metaparameters() []string { return slices.Clone(metaparamNames) }

// DataTypeNames are the built-in Puppet data types an attribute's `type`
// may name, sorted.
func DataTypeNames() []string { return slices.Clone(builtinTypeNames) }

// BehaviourNames are the values of an attribute's `behaviour`, in the
// order of the Behaviour constants (a property has none).
func BehaviourNames() []string {
	names := make([]string, 0, len(behaviours))
	for n := range behaviours {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return behaviours[names[i]] < behaviours[names[j]] })
	return names
}

// TypeKeys are the arguments, then the blocks, a `type` block takes.
func TypeKeys() []string { return schemaNames(typeSchema) }

// AttributeKeys are the arguments an `attribute` block takes.
func AttributeKeys() []string { return schemaNames(attributeSchema) }

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
