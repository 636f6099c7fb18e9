package catalog

import (
	"github.com/catc-dev/catc/internal/types"
	"github.com/hashicorp/hcl/v2"
)

// isSecretAttr reports whether a's values are secrets: marked sensitive,
// or of a type with Sensitive anywhere in it.
func IsSecretAttr(a *AttrDef) bool {
	if a != nil && a.sealed {
		return a.Sensitive || a.typed
	}
	return a != nil && (a.Sensitive || hasSensitiveType(a))
}

// hasSensitiveType reports whether a's type has a Sensitive[...] in it.
func hasSensitiveType(a *AttrDef) bool {
	if a.sealed {
		return a.typed
	}
	return a.Type != nil && types.ContainsSensitive(a.Type)
}

// IsSecret reports whether the attribute's values are secrets: marked
// `sensitive = true`, or of a type with Sensitive[...] anywhere in it.
// Such values are never shown.
func (a *AttrDef) IsSecret() bool { return IsSecretAttr(a) }

// maskedFiles is files with every secret range (secrets.ranges, sorted)
// overwritten by '*' (line breaks kept, so lines and columns stay true);
// files without secrets are shared.
func MaskedFiles(files map[string]*hcl.File, ranges map[string][]hcl.Range) map[string]*hcl.File {
	if len(ranges) == 0 {
		return files
	}
	out := make(map[string]*hcl.File, len(files))
	for name, f := range files {
		rs := ranges[name]
		if len(rs) == 0 || f == nil {
			out[name] = f
			continue
		}
		masked := append([]byte(nil), f.Bytes...)
		for _, r := range rs {
			mask(masked, r.Start.Byte, r.End.Byte)
		}
		out[name] = &hcl.File{Body: f.Body, Bytes: masked, Nav: f.Nav}
	}
	return out
}

// mask overwrites src[start:end] with '*', line breaks kept.
func mask(src []byte, start, end int) {
	for i := max(start, 0); i < end && i < len(src); i++ {
		if src[i] != '\n' && src[i] != '\r' {
			src[i] = '*'
		}
	}
}

// plainValue is v with every Sensitive inside it removed: the plain
// value, to check against a type or to wrap once.
func plainValue(v types.Value) types.Value {
	plain, _ := unseal(v)
	return plain
}

// unseal is plainValue and containsSensitive in one walk: v without its
// Sensitive wrappers, and whether it had any. v itself (not a copy) comes
// back when it had none.
func unseal(v types.Value) (types.Value, bool) {
	switch x := v.(type) {
	case types.Sensitive:
		plain, _ := unseal(x.Value)
		return plain, true
	case []types.Value:
		var out []types.Value // made at the first element that changes
		for i, e := range x {
			plain, had := unseal(e)
			if had && out == nil {
				out = make([]types.Value, len(x))
				copy(out, x[:i])
			}
			if out != nil {
				out[i] = plain
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	case *types.Hash:
		if x == nil {
			return v, false
		}
		var out *types.Hash
		for i, e := range x.Values {
			plain, had := unseal(e)
			if had && out == nil {
				out = &types.Hash{}
				for j := range i {
					out.Append(x.Keys[j], x.Values[j])
				}
			}
			if out != nil {
				out.Append(x.Keys[i], plain) // a copy of x's distinct keys
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	}
	return v, false
}

// containsSensitive reports whether v holds a Sensitive at any depth.
func ContainsSensitive(v types.Value) bool {
	switch x := v.(type) {
	case types.Sensitive:
		return true
	case []types.Value:
		for _, e := range x {
			if ContainsSensitive(e) {
				return true
			}
		}
	case *types.Hash:
		if x != nil {
			for _, e := range x.Values {
				if ContainsSensitive(e) {
					return true
				}
			}
		}
	}
	return false
}

// secretUse is the detail of an error for a value computed from a secret
// where it would be printed in clear.
func SecretUse(what string) string {
	return what + " may not be computed from a value that feeds a sensitive attribute: it is printed in clear (in titles, references, plans and diagnostics). Compute it from other values."
}

// summarySensitiveNamevar is the summary of a namevar declared sensitive.
const summarySensitiveNamevar = "Sensitive namevar"
