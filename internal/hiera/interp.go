package hiera

import (
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"regexp"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/types"
)

// Interpolation as Puppet's Lookup::Interpolation does it: every
// %{expr} in a string (and in a hash's keys) is replaced by the value of
// a scope variable (facts.x, trusted.certname, ::x, a variable the
// caller's scope has) or of a method: lookup('k') and hiera('k') look a
// key up, alias('k') stands for a whole string and keeps the value's
// type, literal('x') is x, scope('x') is the variable x. A value that
// is not a String is inserted as Ruby prints it ([1, 2], {"a"=>1}); a
// missing one as the empty string.

var (
	interpExpr   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`%\{([^}]*)\}`) })
	interpMethod = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\w+)\((?:"([^"]+)"|'([^']+)')\)$`) })
)

// emptyInterpolations are expressions Puppet replaces by "".
var emptyInterpolations = map[string]bool{"": true, "::": true, `""`: true, "''": true, `"::"`: true, "'::'": true}

// maxInterpolated bounds the length of one interpolated string, and
// maxInterpolations the interpolations of one lookup, so that data that
// doubles itself at every level ("%{b}%{b}") ends in an error.
const (
	maxInterpolated   = 16 << 20
	maxInterpolations = 10000
)

// needsInterpolation reports whether a string of v holds "%{".
func needsInterpolation(v types.Value) bool {
	switch x := v.(type) {
	case string:
		return strings.Contains(x, "%{")
	case []types.Value:
		for _, e := range x {
			if needsInterpolation(e) {
				return true
			}
		}
	case *types.Hash:
		for i, k := range x.Keys {
			if strings.Contains(k, "%{") || needsInterpolation(x.Values[i]) {
				return true
			}
		}
	}
	return false
}

// interpolate resolves the interpolations in v; methods (lookup(),
// alias(), …) are allowed in data, not in hiera.yaml's paths.
func (inv *invocation) interpolate(v types.Value, methods bool) (types.Value, error) {
	switch x := v.(type) {
	case string:
		if !strings.Contains(x, "%{") {
			return v, nil // v, not x: a string boxed again would be allocated again
		}
		return inv.interpolateString(x, methods)
	case []types.Value:
		out := make([]types.Value, len(x))
		for i, e := range x {
			r, err := inv.interpolate(e, methods)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case *types.Hash:
		h := &types.Hash{}
		for i, k := range x.Keys {
			kv, err := inv.interpolate(k, methods)
			if err != nil {
				return nil, err
			}
			ev, err := inv.interpolate(x.Values[i], methods)
			if err != nil {
				return nil, err
			}
			ks, secret := toS(kv)
			if secret {
				return nil, &lookupError{msg: "A hash key interpolates a secret; a key is printed, so it cannot hold one. Interpolate the secret into a value instead."}
			}
			h.Set(ks, ev) // Ruby's Hash#[]=: a key that interpolates to an existing one replaces its value
		}
		return h, nil
	}
	return v, nil
}

func (inv *invocation) interpolateString(subject string, methods bool) (types.Value, error) {
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "interpolate", Expression: subject})
	}
	defer inv.pop()
	var b strings.Builder
	b.Grow(len(subject) + 32) // a path's facts are short: one allocation
	secret := false
	last := 0
	ips := inv.s.d.interpolations(subject)
	for i := range ips {
		ip := &ips[i]
		b.WriteString(subject[last:ip.start])
		last = ip.end
		if ip.empty {
			continue
		}
		if inv.spent++; inv.spent > maxInterpolations {
			return nil, &lookupError{msg: fmt.Sprintf("The interpolations of this lookup go beyond %d steps: the data interpolates values that interpolate others without end. Simplify the data.", maxInterpolations)}
		}
		if ip.hasMethod && !methods {
			return nil, &lookupError{msg: "Interpolation using method syntax is not allowed in this context"}
		}
		isAlias := ip.method == "alias"
		if isAlias && (ip.start != 0 || ip.end != len(subject)) {
			return nil, &lookupError{msg: "'alias' interpolation is only permitted if the expression is equal to the entire string"}
		}
		value, err := inv.interpolated(ip, subject)
		if err != nil {
			return nil, err
		}
		if isAlias {
			return value, nil
		}
		if err := inv.check(ip.name); err != nil {
			return nil, err
		}
		inv.stack = append(inv.stack, ip.name)
		value, err = inv.interpolate(value, methods)
		inv.stack = inv.stack[:len(inv.stack)-1]
		if err != nil {
			return nil, err
		}
		s, isSecret := toS(value)
		secret = secret || isSecret
		b.WriteString(s)
		if b.Len() > maxInterpolated {
			return nil, &lookupError{msg: fmt.Sprintf("An interpolated string grows beyond %d bytes. Simplify the data.", maxInterpolated)}
		}
	}
	b.WriteString(subject[last:])
	if secret {
		return types.Sensitive{Value: b.String()}, nil
	}
	return b.String(), nil
}

// interpolation is one %{…} of a string, read once per string
// (Data.interpolations) for every node and lookup.
type interpolation struct {
	start, end int // the %{…} in the string
	// empty is set for an expression Puppet replaces by "".
	empty bool
	// method and key are what it asks: "scope" and the expression, or a
	// method (written with method syntax: hasMethod) and its argument.
	method, key string
	hasMethod   bool
	// name stands for it in the stack of a lookup (a loop's check).
	name string
	// segs are a scope key's segments (ok false: a syntax error).
	segs []segment
	ok   bool
}

// parseInterpolations finds the interpolations of s.
func parseInterpolations(s string) []interpolation {
	var out []interpolation
	for _, m := range interpExpr().FindAllStringSubmatchIndex(s, -1) {
		ip := interpolation{start: m[0], end: m[1]}
		expr := strings.TrimSpace(s[m[2]:m[3]])
		if emptyInterpolations[expr] {
			ip.empty = true
			out = append(out, ip)
			continue
		}
		ip.method, ip.key, ip.name = "scope", expr, "scope:"+expr
		if mm := interpMethod().FindStringSubmatch(expr); mm != nil {
			ip.method, ip.key, ip.name, ip.hasMethod = mm[1], mm[2]+mm[3], mm[2]+mm[3], true
		}
		if ip.method == "scope" {
			ip.segs, ip.ok = splitKey(ip.key)
		}
		out = append(out, ip)
	}
	return out
}

// interpolated evaluates one interpolation's method (or scope variable).
func (inv *invocation) interpolated(ip *interpolation, subject string) (types.Value, error) {
	switch ip.method {
	case "lookup", "hiera", "alias":
		return inv.nestedLookup(ip.key)
	case "scope":
		return inv.scopeSegs(ip.segs, ip.ok, ip.key, subject)
	case "literal":
		return ip.key, nil
	}
	return nil, &lookupError{msg: fmt.Sprintf("Unknown interpolation method '%s'", ip.method)}
}

// nestedLookup is the lookup of %{lookup('k')}: a missing key is "".
func (inv *invocation) nestedLookup(key string) (types.Value, error) {
	f, found, err := inv.lookup(key, nil)
	if err != nil {
		return nil, err
	}
	if !found {
		return "", nil
	}
	return f.value, nil
}

// scopeValue is the scope variable key (dotted: facts.os.family), nil
// when the node has none.
func (inv *invocation) scopeValue(key, subject string) (types.Value, error) {
	segs, ok := splitKey(key)
	return inv.scopeSegs(segs, ok, key, subject)
}

// scopeSegs is scopeValue of a key split already (ok false: it could not
// be).
func (inv *invocation) scopeSegs(segs []segment, ok bool, key, subject string) (types.Value, error) {
	if !ok {
		return nil, &lookupError{msg: "Syntax error in string: " + subject}
	}
	root := segs[0].name
	if v, ok := inv.factPath(root, segs[1:]); ok {
		return v, nil
	}
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "scope", Name: "Global Scope"})
	}
	v, ok := inv.variable(root)
	if ok {
		inv.found(root, v)
	}
	inv.pop()
	if v == nil || len(segs) == 1 {
		return v, nil
	}
	x, found, err := inv.dig(key, segs[1:], v)
	if err != nil || !found {
		return nil, err
	}
	return x, nil
}

// toS is Ruby's to_s of an interpolated value; secret is set when the
// value is a secret (its text then stands in, and the whole string
// becomes a secret).
func toS(v types.Value) (s string, secret bool) {
	switch x := v.(type) {
	case nil:
		return "", false
	case string:
		return x, false
	case types.Sensitive:
		s, _ := toS(x.Value)
		return s, true
	}
	if containsSecret(v) {
		return types.RubyInspect(unsealAll(v)), true
	}
	return types.RubyInspect(v), false
}

func containsSecret(v types.Value) bool {
	switch x := v.(type) {
	case types.Sensitive:
		return true
	case []types.Value:
		for _, e := range x {
			if containsSecret(e) {
				return true
			}
		}
	case *types.Hash:
		for _, e := range x.Values {
			if containsSecret(e) {
				return true
			}
		}
	}
	return false
}

// unsealAll is v with its secrets' contents in place (for building a
// string that is itself a secret, or checking a type).
func unsealAll(v types.Value) types.Value {
	return MapLeaves(v, func(x types.Value) types.Value {
		if s, ok := x.(types.Sensitive); ok {
			return unsealAll(s.Value)
		}
		return x
	})
}

// MapLeaves is v with f applied to each value in it that is not an
// array or a hash (a secret is such a value); arrays and hashes are
// rebuilt, v itself is not changed.
func MapLeaves(v types.Value, f func(types.Value) types.Value) types.Value {
	switch x := v.(type) {
	case []types.Value:
		out := make([]types.Value, len(x))
		for i, e := range x {
			out[i] = MapLeaves(e, f)
		}
		return out
	case *types.Hash:
		h := &types.Hash{Keys: x.Keys, Values: make([]types.Value, len(x.Values))}
		for i, e := range x.Values {
			h.Values[i] = MapLeaves(e, f)
		}
		return h
	}
	return f(v)
}

// factPath reads facts.a.b (or trusted.a) straight from the node's
// unconverted facts (trusted data), when no one asked for the
// explanation (which shows the whole hash found): ok is false when it
// cannot.
func (inv *invocation) factPath(root string, segs []segment) (types.Value, bool) {
	sc := inv.s.scope
	if inv.ex != nil || len(segs) == 0 || inv.locals[root] != nil {
		return nil, false
	}
	var v cty.Value
	switch strings.TrimPrefix(root, "::") {
	case "facts":
		if sc.factsCty == nil || sc.Facts != nil {
			return nil, false
		}
		v = *sc.factsCty
	case "trusted":
		// trusted.external is added to the node's (allTrusted)
		if sc.trustedCty == nil || sc.Trusted != nil || segs[0].isInt || segs[0].name == "external" {
			return nil, false
		}
		v = *sc.trustedCty
	default:
		return nil, false
	}
	if sc.Variable != nil {
		if _, ok := sc.Variable(root); ok {
			return nil, false
		}
	}
	for _, s := range segs {
		switch {
		case v.IsNull() || !v.IsKnown():
			return nil, true
		case s.isInt && (v.Type().IsTupleType() || v.Type().IsListType()):
			if s.index < 0 || s.index >= int64(v.LengthInt()) {
				return nil, true
			}
			v = v.Index(cty.NumberIntVal(s.index))
		case !s.isInt && v.Type().IsObjectType():
			if !v.Type().HasAttribute(s.name) {
				return nil, true
			}
			v = v.GetAttr(s.name)
		case !s.isInt && v.Type().IsMapType():
			if !v.HasIndex(cty.StringVal(s.name)).True() {
				return nil, true
			}
			v = v.Index(cty.StringVal(s.name))
		default:
			return nil, false // the general path says why
		}
	}
	return FromCty(v), true
}

// interpolations are the interpolations of s, read once per string for
// every node.
func (d *Data) interpolations(s string) []interpolation {
	if d == nil {
		return parseInterpolations(s)
	}
	v, ok := d.templates.Load(s)
	if !ok {
		v, _ = d.templates.LoadOrStore(s, parseInterpolations(s))
	}
	return v.([]interpolation)
}
