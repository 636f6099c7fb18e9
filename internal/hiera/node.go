package hiera

import (
	"math/big"

	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/types"
)

// NodeScope is the scope of a node read by nodefacts: its facts, and its
// trusted data as Puppet 7 has it (with an empty external hash), each
// converted when a lookup reads it (a fact or trusted key alone when a
// path reads only that).
func NodeScope(n *nodefacts.Node) Scope {
	if n == nil {
		return Scope{}
	}
	facts, trusted := n.Facts, n.Trusted()
	return Scope{trustedCty: &trusted, factsCty: &facts}
}

// FromCty is a cty value as a Puppet value: a whole number is an
// Integer, another a Float; objects and maps are hashes in key order.
func FromCty(v cty.Value) types.Value {
	if v.IsNull() || !v.IsKnown() {
		return nil
	}
	if v.IsMarked() {
		u, _ := v.Unmark()
		return types.Sensitive{Value: FromCty(u)}
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return v.AsString()
	case t == cty.Bool:
		return v.True()
	case t == cty.Number:
		f := v.AsBigFloat()
		if f.IsInt() {
			if i, acc := f.Int64(); acc == big.Exact {
				return i
			}
		}
		x, _ := f.Float64()
		return x
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		out := make([]types.Value, 0, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			out = append(out, FromCty(e))
		}
		return out
	case t.IsMapType() || t.IsObjectType():
		h := &types.Hash{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			h.Append(k.AsString(), FromCty(e))
		}
		return h
	}
	return nil
}
