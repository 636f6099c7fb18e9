package fleet

import (
	"sort"
	"strings"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/zclconf/go-cty/cty"
)

// identity is what makes a node itself in its catalog: its certname,
// hostname, fqdn and IP addresses. Diffs that differ only by these group
// together, shown with placeholders ({certname}, {fqdn}, {hostname},
// {ip}, {ip6}).
type identity struct {
	pairs []idPair // longest value first, so an fqdn wins over its hostname
	// used are the placeholders replace put in, for the legend.
	used map[string]bool
}

type idPair struct{ value, placeholder string }

// minIdentity is the shortest value replaced: a two-letter hostname would
// also match ordinary words and paths.
const minIdentity = 3

// identityOf reads the node's identity from its name and its facts
// (Facter 4's networking.* and the legacy top-level facts).
func identityOf(n *nodefacts.Node) *identity {
	id := &identity{used: map[string]bool{}}
	seen := map[string]bool{}
	add := func(v, ph string) {
		if len(v) >= minIdentity && !seen[v] {
			seen[v] = true
			id.pairs = append(id.pairs, idPair{v, ph})
		}
	}
	add(n.Name, "{certname}")
	add(fact(n.Facts, "networking", "fqdn"), "{fqdn}")
	add(fact(n.Facts, "fqdn"), "{fqdn}")
	add(fact(n.Facts, "networking", "hostname"), "{hostname}")
	add(fact(n.Facts, "hostname"), "{hostname}")
	host, _, _ := strings.Cut(n.Name, ".")
	add(host, "{hostname}")
	add(fact(n.Facts, "networking", "ip"), "{ip}")
	add(fact(n.Facts, "ipaddress"), "{ip}")
	add(fact(n.Facts, "networking", "ip6"), "{ip6}")
	add(fact(n.Facts, "ipaddress6"), "{ip6}")
	if ifs := factValue(n.Facts, "networking", "interfaces"); ifs.Type().IsObjectType() {
		names := make([]string, 0)
		for k := range ifs.Type().AttributeTypes() {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			add(fact(ifs, k, "ip"), "{ip:"+k+"}")
			add(fact(ifs, k, "ip6"), "{ip6:"+k+"}")
		}
	}
	sort.SliceStable(id.pairs, func(i, j int) bool { return len(id.pairs[i].value) > len(id.pairs[j].value) })
	return id
}

// factValue follows path into facts; cty.DynamicVal (unknown) when a
// step is missing.
func factValue(v cty.Value, path ...string) cty.Value {
	for _, k := range path {
		if v.IsNull() || !v.IsKnown() || !v.Type().IsObjectType() || !v.Type().HasAttribute(k) {
			return cty.DynamicVal
		}
		v = v.GetAttr(k)
	}
	return v
}

// fact is the string fact at path, or "".
func fact(v cty.Value, path ...string) string {
	v = factValue(v, path...)
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return ""
	}
	return v.AsString()
}

// replace puts placeholders for the identity values in s, where they
// stand alone: not inside a longer name or number (192.0.2.1 is not
// replaced in 192.0.2.10, web-1 not in web-10).
func (id *identity) replace(s string) string {
	if id == nil || len(s) < minIdentity {
		return s
	}
	for _, p := range id.pairs {
		if !strings.Contains(s, p.value) {
			continue
		}
		var b strings.Builder
		rest := s
		replaced := false
		for {
			i := strings.Index(rest, p.value)
			if i < 0 {
				break
			}
			end := i + len(p.value)
			if standsAlone(rest, i, end) {
				b.WriteString(rest[:i])
				b.WriteString(p.placeholder)
				replaced = true
			} else {
				b.WriteString(rest[:end])
			}
			rest = rest[end:]
		}
		if replaced {
			b.WriteString(rest)
			s = b.String()
			id.used[p.placeholder] = true
		}
	}
	return s
}

// standsAlone reports whether s[i:end] is not part of a longer word.
func standsAlone(s string, i, end int) bool {
	return (i == 0 || !wordByte(s[i-1])) && (end == len(s) || !wordByte(s[end]))
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// placeholders are the placeholders replace used, sorted.
func (id *identity) placeholders() []string {
	out := make([]string, 0, len(id.used))
	for p := range id.used {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
