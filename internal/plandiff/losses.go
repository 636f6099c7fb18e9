package plandiff

import "slices"

// losses says what each side's source leaves out of a catalog: the
// sensitive parameters (PuppetDB's terminus deletes them before it
// stores a catalog) and rich data, kept as strings (the terminus
// stringifies it).
type losses struct {
	secretsOld, secretsNew bool
	richOld, richNew       bool
}

// losses is what m's sides' sources leave out.
func (m *matching) losses() losses {
	return losses{secretsOld: m.old.SecretsLeftOut, secretsNew: m.new.SecretsLeftOut,
		richOld: m.old.RichDataAsStrings, richNew: m.new.RichDataAsStrings}
}

// drop removes from the changes of the resource (or on the old side, nr
// on the new) what only a source's loss makes: a sensitive value that
// one side has and the other's source could not keep (whether it
// changed cannot be known, and "removed" would be false), and, when a
// side's source stringifies rich data, a value one side keeps no meaning
// of (Opaque: rich data, or PuppetDB's string of a Deferred) and the
// other holds as a string.
func (l losses) drop(changes []AttrChange, or, nr *SnapResource) []AttrChange {
	if l == (losses{}) {
		return changes
	}
	out := changes[:0]
	for _, a := range changes {
		rich := l.richOld || l.richNew
		lost := a.Sensitive && (!a.HadOld && l.secretsOld || !a.HasNew && l.secretsNew) ||
			rich && !a.HasNew && slices.Contains(nr.Opaque, a.Attr) ||
			rich && !a.HadOld && slices.Contains(or.Opaque, a.Attr)
		if !lost {
			out = append(out, a)
		}
	}
	return out
}
