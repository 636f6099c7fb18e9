package types

import "slices"

// describeVariant describes the value against every member (an Optional
// original adds a leading Undef member, shifting the numbering: quirk Q5);
// if any member has nothing to say the value is accepted. The members'
// mismatches are then merged when they agree.
func (d describer) describeVariant(e *VariantType, orig, a Type, path []descPathElem) []descMismatch {
	members := e.Types
	if _, ok := orig.(*OptionalType); ok {
		members = append([]Type{undefT}, members...)
	}
	perMember := make([][]descMismatch, 0, len(members))
	for i, m := range members {
		ms := d.describe(m, a, withPath(path, descPathElem{kind: pathVariant, index: i}))
		if len(ms) == 0 {
			return nil
		}
		perMember = append(perMember, ms)
	}
	merged := mergeDescriptions(len(path), perMember)
	if _, ok := orig.(*AliasType); ok && len(merged) == 1 {
		return []descMismatch{newTypeMismatch(mismatchType, path, orig, a)}
	}
	return merged
}

// mergeDescriptions folds the members' mismatches into one when every
// member failed with a size mismatch (widest range), or else with a type
// mismatch (union of the expected types), at the same path. A single
// remaining mismatch loses its "variant i" path element. Puppet then calls
// uniq, which never removes anything (its Mismatch#== is always false), so
// duplicates are kept.
func mergeDescriptions(variantPos int, perMember [][]descMismatch) []descMismatch {
	var all []descMismatch
	for _, ms := range perMember {
		all = append(all, ms...)
	}
	for _, isKind := range []func(descMismatch) bool{isSizeMismatch, isTypeMismatch} {
		var same []descMismatch
		for _, m := range all {
			if isKind(m) {
				same = append(same, m)
			}
		}
		if len(same) != len(perMember) {
			continue
		}
		if folded, ok := foldMismatches(same); ok {
			all = []descMismatch{folded}
			break
		}
	}
	if len(all) == 1 {
		return []descMismatch{all[0].chopPath(variantPos)}
	}
	return all
}

func isSizeMismatch(m descMismatch) bool { return m.kind == mismatchSize }

func isTypeMismatch(m descMismatch) bool {
	return m.kind == mismatchType || m.kind == mismatchPattern
}

func foldMismatches(ms []descMismatch) (descMismatch, bool) {
	acc := ms[0]
	for _, m := range ms[1:] {
		if !slices.Equal(acc.canonicalPath(), m.canonicalPath()) {
			return descMismatch{}, false
		}
		acc = acc.merge(m)
	}
	return acc, true
}
