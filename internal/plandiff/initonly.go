package plandiff

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
)

// removes reports whether r's ensure removes it (catalog.EnsureRemoves).
func removes(r *SnapResource) bool {
	v, _ := r.Attributes.Get("ensure")
	return catalog.EnsureRemoves(r.Type, v)
}

// ensureOf is the resource's ensure value, or "" when it has none (a type
// without ensure, or a value that is not a string).
func ensureOf(r *SnapResource) string {
	v, _ := r.Attributes.Get("ensure")
	s, _ := v.(string)
	return s
}

// initOnlyChanges are the init_only attributes the Resource API's flush
// checks: only when the current (old) and the wanted (new) ensure are
// both "present", and only for attributes the new catalog sets (flush
// walks the wanted state). A type without ensure is never checked, nor is
// a resource with noop = true: Puppet does not flush it.
// changes are the pair's attribute changes, which say which attributes
// differ; the sentence uses the whole values, as flush does.
func initOnlyChanges(or, nr *SnapResource, changes []AttrChange) []InitOnlyChange {
	if ensureOf(or) != "present" || ensureOf(nr) != "present" || nr.Noop != nil && *nr.Noop {
		return nil
	}
	var out []InitOnlyChange
	for _, a := range changes {
		// A secret that cannot be compared is not known to change: the
		// Resource API has nothing to say about it as far as anyone knows.
		if a.Behaviour != InitOnlyAttr || !a.HasNew || a.Undetermined || len(out) > 0 && out[len(out)-1].Attr == a.Attr {
			continue
		}
		nv, _ := nr.Attributes.Get(a.Attr)
		c := InitOnlyChange{Attr: a.Attr}
		if ov, had := or.Attributes.Get(a.Attr); had {
			c.Message = "Attempting to change `" + a.Attr + "` init_only attribute value from `" +
				rubyString(ov) + "` to `" + rubyString(nv) + "`"
		}
		out = append(out, c)
	}
	return out
}

// rubyString is a value as Ruby's to_s prints it, which is how the
// Resource API puts values into its sentence: strings bare, arrays and
// hashes in Ruby's inspect form (["a", 1], {"k"=>"v"}), undef as the
// empty string, and a sensitive value as Puppet's own placeholder
// (Sensitive#to_s; inside an array or hash, Sensitive#inspect).
func rubyString(v types.Value) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case Redacted:
		return "Sensitive [value redacted]"
	}
	return types.RubyInspect(asSensitive(v))
}

// asSensitive turns the redacted values of a snapshot back into
// types.Sensitive (with no content), which types.RubyInspect prints.
func asSensitive(v types.Value) types.Value {
	switch v := v.(type) {
	case Redacted:
		return types.Sensitive{}
	case []types.Value:
		out := make([]types.Value, len(v))
		for i, x := range v {
			out[i] = asSensitive(x)
		}
		return out
	case *types.Hash:
		out := &types.Hash{Keys: v.Keys, Values: make([]types.Value, len(v.Values))}
		for i, x := range v.Values {
			out.Values[i] = asSensitive(x)
		}
		return out
	}
	return v
}
