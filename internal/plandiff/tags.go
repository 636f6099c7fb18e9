package plandiff

import (
	"slices"
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// TagsAttr names the change of a Puppet resource's tags (SnapResource's
// PuppetTags) among its attribute changes: the tags it gains (HasNew
// only) and those it loses (HadOld only).
const TagsAttr = "tags"

// tagSet is tags sorted without duplicates (a new slice; nil stays nil):
// Puppet's order of tags means nothing.
func tagSet(tags []string) []string {
	if tags == nil {
		return nil
	}
	out := slices.Clone(tags)
	slices.Sort(out)
	return slices.Compact(out)
}

// compareTags appends the tags a Puppet resource gains and loses, when
// both sides carry Puppet's tags. A tag its own `tag` parameter gains or
// loses is left out: the `tag` change says it already. What remains is
// what changed around the resource: a tag inherited from its class (the
// tag() function, a class's `tag` parameter) or an automatic one (the
// names of its classes, after a move; its title).
func compareTags(out []AttrChange, or, nr *SnapResource) []AttrChange {
	if or.PuppetTags == nil || nr.PuppetTags == nil || slices.Equal(or.PuppetTags, nr.PuppetTags) {
		return out // most resources: the same tags in the same order, nothing sorted
	}
	oldTags, newTags := tagSet(or.PuppetTags), tagSet(nr.PuppetTags)
	lost := tagsOnlyIn(oldTags, newTags, or.Tags)
	gained := tagsOnlyIn(newTags, oldTags, nr.Tags)
	if len(gained) > 0 {
		out = append(out, AttrChange{Attr: TagsAttr, Path: TagsAttr, Behaviour: MetaparameterAttr, New: gained, HasNew: true})
	}
	if len(lost) > 0 {
		out = append(out, AttrChange{Attr: TagsAttr, Path: TagsAttr, Behaviour: MetaparameterAttr, Old: lost, HadOld: true})
	}
	return out
}

// tagsOnlyIn are the tags of a (sorted) not in b (sorted) nor in own
// (the side's `tag` parameter, as written: Puppet's tags are its values
// in lower case), as a value.
func tagsOnlyIn(a, b, own []string) []types.Value {
	var out []types.Value
	for _, t := range a {
		if _, found := slices.BinarySearch(b, t); !found && !slices.ContainsFunc(own, func(o string) bool { return strings.EqualFold(o, t) }) {
			out = append(out, t)
		}
	}
	return out
}
