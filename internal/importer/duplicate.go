package importer

import (
	"fmt"

	"github.com/catc-dev/catc/internal/importer/ruby"
)

// Ruby builds a hash literal key by key: a key written twice keeps the
// place of its first occurrence and the value of its last, with a
// warning ("key :zone is duplicated and overwritten"). Puppet, and the
// Resource API, only ever see that hash, so the importer reads it the
// same way, with a warning that cites both places, instead of writing
// both (which catc would refuse as a duplicate attribute).

// dedupeKeys rewrites every hash literal below n, in place, as Ruby
// builds it.
func (c *converter) dedupeKeys(n ruby.Node) {
	switch v := n.(type) {
	case *ruby.Array:
		for _, e := range v.Elems {
			c.dedupeKeys(e)
		}
	case *ruby.Hash:
		first := map[string]int{} // key identity → index in out
		out := v.Pairs[:0:0]
		for _, p := range v.Pairs {
			c.dedupeKeys(p.Value)
			id, ok := keyIdentity(p.Key)
			if !ok {
				out = append(out, p)
				continue
			}
			i, seen := first[id]
			if !seen {
				first[id] = len(out)
				out = append(out, p)
				continue
			}
			c.warnf(p.Key.Range(), "Duplicate key",
				"The key %s is also written at %s: Ruby keeps this later value, in the place of the first key, with a warning (\"key %s is duplicated and overwritten\"), so Puppet never sees the earlier one and catc imports this one. Remove one of them.",
				keyText(p.Key), posString(out[i].Key.Range()), keyText(p.Key))
			out[i].Value = p.Value
		}
		v.Pairs = out
	}
}

// keyIdentity names a literal key the way Ruby's hash compares it (:a and
// 'a' differ); a key that is no literal never compares.
func keyIdentity(n ruby.Node) (string, bool) {
	switch k := n.(type) {
	case *ruby.Sym:
		return "sym " + k.Name, true
	case *ruby.Str:
		return "str " + k.Value, k.Interp == nil
	case *ruby.Int:
		return "int " + k.Text, true
	case *ruby.Bool:
		return fmt.Sprint("bool ", k.Value), true
	case *ruby.Nil:
		return "nil", true
	}
	return "", false
}

// keyText is a key as Ruby's warning writes it (p's inspect).
func keyText(n ruby.Node) string {
	switch k := n.(type) {
	case *ruby.Sym:
		return ":" + k.Name
	case *ruby.Str:
		return fmt.Sprintf("%q", k.Value)
	case *ruby.Int:
		return k.Text
	case *ruby.Bool:
		return fmt.Sprint(k.Value)
	}
	return "nil"
}
