package catalog

import "github.com/hashicorp/hcl/v2"

// AttrRange is where a resource wrote one attribute or metaparameter:
// its whole `name = value` range.
type AttrRange struct {
	Name  string
	Range hcl.Range
}

// AttrRange returns the range of the explicitly written attribute or
// metaparameter name, and whether it was written. A name written twice
// (a `name` that sets the namevar, a key repeated in a catalog's JSON)
// has its later range.
func (r *Resource) AttrRange(name string) (hcl.Range, bool) {
	for i := len(r.attrRanges) - 1; i >= 0; i-- {
		if r.attrRanges[i].Name == name {
			return r.attrRanges[i].Range, true
		}
	}
	return hcl.Range{}, false
}

// AttrRanges lists the explicitly written attributes and metaparameters
// in the order they were recorded. A name written twice is listed twice;
// AttrRange gives the one that counts. The list is the resource's own:
// do not change it.
func (r *Resource) AttrRanges() []AttrRange { return r.attrRanges }

// addAttrRange records that name was written at rng, over any earlier
// range of the same name. (A short list searched from its end rather
// than a map: a large catalog builds hundreds of thousands of resources,
// most with a handful of arguments, and a map each was a fifth of the
// time and memory of a build.)
func (r *Resource) addAttrRange(name string, rng hcl.Range) {
	r.attrRanges = append(r.attrRanges, AttrRange{Name: name, Range: rng})
}
