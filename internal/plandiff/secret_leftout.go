package plandiff

// secretsLeftOut says which sides' sources leave sensitive parameters
// out (PuppetDB's terminus deletes them before it stores a catalog).
type secretsLeftOut struct{ old, new bool }

// leftOut is which of m's sides leave secrets out.
func (m *matching) leftOut() secretsLeftOut {
	return secretsLeftOut{old: m.old.SecretsLeftOut, new: m.new.SecretsLeftOut}
}

// drop removes from changes each sensitive value that one side has and
// the other's source could not keep: whether it changed cannot be known,
// and "removed" would be false.
func (l secretsLeftOut) drop(changes []AttrChange) []AttrChange {
	if !l.old && !l.new {
		return changes
	}
	out := changes[:0]
	for _, a := range changes {
		if a.Sensitive && (!a.HadOld && l.old || !a.HasNew && l.new) {
			continue
		}
		out = append(out, a)
	}
	return out
}
