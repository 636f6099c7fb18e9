package catalog

import (
	"sort"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/types"
)

// SplitTitle turns a title into namevar values with the type's title
// patterns (resource-api.md §2.3): patterns are tried in order, the first
// one that matches anywhere in the title wins, and its named groups give
// the values by name, nil for a group that did not participate. With no
// patterns the whole title is the first namevar. ok is false when no
// pattern matches. Explicit attributes and defaults are not applied here.
func (t *TypeDef) SplitTitle(title string) (captures *types.Hash, ok bool) {
	if len(t.TitlePatterns) == 0 {
		nv := t.Namevars()
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

// match applies one pattern: a search, not an anchored match.
func (p *TitlePattern) match(title string) (*types.Hash, bool) {
	if p.Regexp == nil {
		return nil, false
	}
	loc := p.Regexp.FindStringSubmatchIndex(title)
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
	nv := t.Namevars()
	names := make([]string, len(nv))
	for i, a := range nv {
		names[i] = a.Name
	}
	sort.Strings(names)
	key := make([]types.Value, len(names))
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
func titleKey(typ, title string) string {
	return lookupKey(typ, []types.Value{title})
}

// lookupKey encodes [type, values...] so that a one-string key equals the
// title key of that string: titles, aliases and uniqueness keys share one
// table, as in Puppet (so `single {"foo": id => "bar"}` then
// `single {"bar":}` is a duplicate declaration).
func lookupKey(typ string, values []types.Value) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(typ))
	for _, v := range values {
		b.WriteByte(0)
		switch v := v.(type) {
		case string:
			b.WriteString(v)
		case nil:
			b.WriteString("\x01nil")
		default:
			b.WriteString("\x02")
			b.WriteString(rubyInspect(v))
		}
	}
	return b.String()
}

// rubyInspect prints a value the way Ruby's inspect does in Puppet's
// duplicate messages: "php", nil, 5, ["yum", "php"].
func rubyInspect(v types.Value) string {
	switch v := v.(type) {
	case nil:
		return "nil"
	case string:
		return rubyQuote(v)
	case bool:
		return strconv.FormatBool(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return formatFloat(v)
	case []types.Value:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = rubyInspect(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *types.Hash:
		parts := make([]string, len(v.Keys))
		for i, k := range v.Keys {
			parts[i] = rubyQuote(k) + "=>" + rubyInspect(v.Values[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case types.Sensitive:
		return "#<Sensitive [value redacted]>"
	}
	return "?"
}

// rubyQuote is Ruby's String#inspect for the common cases.
func rubyQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case 0x1b:
			b.WriteString(`\e`)
		case '#':
			b.WriteByte('#') // Ruby escapes only "#{", "#$", "#@"; rare enough in titles
		default:
			if r < 0x20 {
				b.WriteString(`\x` + strconv.FormatInt(int64(r)+0x100, 16)[1:])
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// formatFloat prints a float so that it never reads as an integer.
func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") {
		s += ".0"
	}
	return s
}

// capitalizeType is Puppet's reference spelling of a type name: every
// `::` segment capitalised, the rest lower case (APT_KEY → Apt_key).
func capitalizeType(name string) string {
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
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
		return append(out, rubyInspect(v))
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
		return formatFloat(v)
	case nil:
		return ""
	}
	return rubyInspect(v)
}
