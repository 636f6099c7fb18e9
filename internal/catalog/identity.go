package catalog

import (
	"sort"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/rubyregexp"

	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/types"
)

// splitTitle turns a title into namevar values with the type's title
// patterns (resource-api.md §2.3): patterns are tried in order, the first
// one that matches anywhere in the title wins, and its named groups give
// the values by name, nil for a group that did not participate. With no
// patterns the whole title is the first namevar. ok is false when no
// pattern matches. Explicit attributes and defaults are not applied here.
func (t *TypeDef) splitTitle(title string) (captures *types.Hash, ok bool) {
	if len(t.TitlePatterns) == 0 {
		nv := t.namevarList()
		h := &types.Hash{}
		if len(nv) > 0 {
			h.Set(nv[0].Name, title)
		}
		return h, true
	}
	for _, p := range t.TitlePatterns {
		if h, ok := p.match(title); ok {
			return h, true
		}
	}
	return nil, false
}

// titleBound is the error of the first title pattern that title is too
// long to be matched against (rubyregexp.MaxMatchSteps), or nil.
func (t *TypeDef) titleBound(title string) error {
	for _, p := range t.TitlePatterns {
		if p.Regexp != nil && p.Regexp.Steps(len(title)) > rubyregexp.MaxMatchSteps {
			_, err := p.Regexp.MatchWithin(title)
			return err
		}
	}
	return nil
}

// titleCaptures are the namevar values a title gives (splitTitle). For a
// type without title patterns, whose first namevar takes the whole title,
// no hash is built: every resource built asks, and most types have none.
type titleCaptures struct {
	hash  *types.Hash
	first string // the namevar the whole title sets, when hash is nil
	title string
}

// titleCaptures is splitTitle for a build, which only looks values up;
// when ok is false, nothing is captured.
func (t *TypeDef) titleCaptures(title string) (titleCaptures, bool) {
	if len(t.TitlePatterns) > 0 {
		h, ok := t.splitTitle(title)
		return titleCaptures{hash: h}, ok
	}
	tc := titleCaptures{title: title}
	if nv := t.namevarList(); len(nv) > 0 {
		tc.first = nv[0].Name
	}
	return tc, true
}

// get is the value captured for the namevar name, if any.
func (tc titleCaptures) get(name string) (types.Value, bool) {
	if tc.hash != nil {
		return tc.hash.Get(name)
	}
	if tc.first != "" && name == tc.first {
		return tc.title, true
	}
	return nil, false
}

// match applies one pattern: a search, not an anchored match.
func (p *TitlePattern) match(title string) (*types.Hash, bool) {
	if p.Regexp == nil {
		return nil, false
	}
	loc, _ := p.Regexp.FindStringSubmatchIndexWithin(title) // beyond the bound: titleBound says why
	if loc == nil {
		return nil, false
	}
	h := &types.Hash{}
	for i, name := range p.Regexp.SubexpNames() {
		if name == "" || 2*i+1 >= len(loc) {
			continue
		}
		if loc[2*i] < 0 {
			h.Set(name, nil)
			continue
		}
		h.Set(name, title[loc[2*i]:loc[2*i+1]])
	}
	return h, true
}

// uniquenessKey is Puppet's uniqueness_key: the namevar values sorted by
// namevar name, nil for an absent one; defaults fill absent values.
func (t *TypeDef) uniquenessKey(values *types.Hash) []types.Value {
	return t.fillUniquenessKey(make([]types.Value, len(t.namevarList())), values)
}

// fillUniquenessKey is uniquenessKey in key, one value per namevar.
func (t *TypeDef) fillUniquenessKey(key []types.Value, values *types.Hash) []types.Value {
	names := t.keyNames
	if names == nil {
		names = t.sortedNamevarNames()
	}
	for i, n := range names {
		v, _ := values.Get(n)
		if v == nil {
			if a := t.Attr(n); a != nil && a.HasDefault {
				v = a.Default
			}
		}
		key[i] = v
	}
	return key
}

// sortedNamevarNames is the namevar names in the uniqueness key's order.
func (t *TypeDef) sortedNamevarNames() []string {
	nv := t.namevarList()
	names := make([]string, len(nv))
	for i, a := range nv {
		names[i] = a.Name
	}
	sort.Strings(names)
	return names
}

// keyPresent reports whether any value of a uniqueness key is set; Puppet
// only aliases keys with at least one value.
func keyPresent(key []types.Value) bool {
	for _, v := range key {
		if v != nil {
			return true
		}
	}
	return false
}

// isTitleKey reports whether key is just [title], which needs no alias.
func isTitleKey(key []types.Value, title string) bool {
	if len(key) != 1 {
		return false
	}
	s, ok := key[0].(string)
	return ok && s == title
}

// titleKey is the lookup-table key of a title or an explicit alias.
func TitleKey(typ, title string) string {
	var buf [64]byte // most keys: built on the stack, then copied once
	return string(appendTitleKey(buf[:0], typ, title))
}

// appendTitleKey appends titleKey(typ, title) to dst: lookups index the
// table with string(bytes), which Go does without allocating.
func appendTitleKey(dst []byte, typ, title string) []byte {
	dst = appendLower(dst, typ)
	dst = append(dst, 0)
	return append(dst, title...)
}

// lookupKey encodes [type, values...] so that a one-string key equals the
// title key of that string: titles, aliases and uniqueness keys share one
// table, as in Puppet (so `single {"foo": id => "bar"}` then
// `single {"bar":}` is a duplicate declaration).
func lookupKey(typ string, values []types.Value) string {
	return string(appendLookupKey(nil, typ, values))
}

// appendLookupKey appends lookupKey(typ, values) to dst.
func appendLookupKey(dst []byte, typ string, values []types.Value) []byte {
	dst = appendLower(dst, typ)
	for _, v := range values {
		dst = append(dst, 0)
		switch v := v.(type) {
		case string:
			dst = append(dst, v...)
		case nil:
			dst = append(dst, "\x01nil"...)
		default:
			dst = append(dst, "\x02"...)
			dst = append(dst, types.RubyInspect(v)...)
		}
	}
	return dst
}

// appendLower appends strings.ToLower(s), without its allocation for ASCII.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return append(dst, strings.ToLower(s)...)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// capitalizeType is Puppet's reference spelling of a type name: every
// `::` segment capitalised, the rest lower case (APT_KEY → Apt_key).
func CapitalizeType(name string) string {
	if s, ok := capitalizeASCII(name); ok {
		return s
	}
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

// capitalizeASCII is capitalizeType for an ASCII name (every reference
// and type name in practice), in one pass, without allocating when the
// name is already in reference form. ok is false for other names.
func capitalizeASCII(name string) (string, bool) {
	var buf [64]byte
	out := buf[:0]
	first := true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80:
			return "", false
		case c == ':' && i+1 < len(name) && name[i+1] == ':':
			out = append(out, ':', ':')
			i++
			first = true
			continue
		case first && c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case !first && c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		out = append(out, c)
		first = false
	}
	if string(out) == name {
		return name, true
	}
	return string(out), true
}

// appendTitles flattens an attribute value into auto-rule titles.
func appendTitles(out []string, v types.Value) []string {
	switch v := v.(type) {
	case nil:
		return out
	case types.Sensitive:
		return appendTitles(out, v.Value)
	case []types.Value:
		for _, x := range v {
			out = appendTitles(out, x)
		}
		return out
	case string:
		return append(out, v)
	case *types.Hash:
		return append(out, types.RubyInspect(v))
	default:
		return append(out, scalarString(v))
	}
}

// scalarString is the to_s of a scalar value.
func scalarString(v types.Value) string {
	switch v := v.(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return jsonw.FormatFloat(v)
	case nil:
		return ""
	}
	return types.RubyInspect(v)
}
