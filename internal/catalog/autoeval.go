package catalog

import (
	"strings"

	"github.com/catc-dev/catc/internal/rubyregexp"

	"github.com/catc-dev/catc/internal/types"
)

// AutoTargets resolves rule for r the way Puppet's agent does: for each
// term in order, the resources of the rule's target type it names, in
// Puppet's order (titles are looked up like references, Lookup; the
// selectors first_managed, first_with and below pick resources
// themselves). A term whose value is unset, or computed from a secret,
// names nothing; so does every term when the target type is unknown.
func (c *Catalog) AutoTargets(r *Resource, rule *AutoRule) [][]*Resource {
	td := c.Type(rule.Target)
	if td == nil {
		return nil
	}
	out := make([][]*Resource, len(rule.Terms))
	for i, term := range rule.Terms {
		out[i] = c.appendTermTargets(nil, r, td, term)
	}
	return out
}

// EachAutoTarget calls fn with each target AutoTargets gives, and the
// index of its term, in the same order, without making AutoTargets'
// lists: a graph asks for every resource.
func (c *Catalog) EachAutoTarget(r *Resource, rule *AutoRule, fn func(term int, target *Resource)) {
	td := c.Type(rule.Target)
	if td == nil {
		return
	}
	var buf [8]*Resource
	for i, term := range rule.Terms {
		for _, x := range c.appendTermTargets(buf[:0], r, td, term) {
			fn(i, x)
		}
	}
}

// appendTermTargets appends the targets of one term to out.
func (c *Catalog) appendTermTargets(out []*Resource, r *Resource, td *TypeDef, term AutoTerm) []*Resource {
	if term.Call != nil && autoFuncs[term.Call.Func].selector {
		return append(out, c.selectTargets(r, td, term.Call)...)
	}
	var buf [4]string
	var titles []string
	switch {
	case term.Call != nil:
		titles = appendTitles(buf[:0], []types.Value(evalAutoCall(r, term.Call)))
	case term.Attr != "":
		titles = appendAttrTitles(buf[:0], r, term.Attr)
	default:
		titles = append(buf[:0], term.Title)
	}
	for _, t := range titles {
		if x := c.Lookup(td.Name, t); x != nil {
			out = append(out, x)
		}
	}
	return out
}

// selectTargets evaluates a selector call for r.
func (c *Catalog) selectTargets(r *Resource, td *TypeDef, call *AutoCall) []*Resource {
	switch call.Func {
	case "first_managed":
		for _, t := range appendTitles(nil, []types.Value(evalAutoArg(r, call.Args[0]))) {
			if x := c.Lookup(td.Name, t); x != nil {
				return []*Resource{x}
			}
		}
	case "first_with":
		return c.firstWith(td, call.Args[0].Lits[0], evalAutoArg(r, call.Args[1]))
	case "below":
		return c.below(td, evalAutoArg(r, call.Args[0]))
	}
	return nil
}

// firstWith is, for each value, the first resource of td in declaration
// order whose attribute attr equals it (user's gid by number: Puppet's
// `catalog.resources.find { … r.should(:gid) == group }`).
func (c *Catalog) firstWith(td *TypeDef, attr string, vals autoValues) []*Resource {
	var out []*Resource
	if c.firstWithIdx != nil {
		idx := c.firstWithIdx.of(c, td, attr)
		for _, v := range vals {
			if x := idx[autoValueKey(v)]; x != nil {
				out = append(out, x)
			}
		}
		return out
	}
	for _, v := range vals {
		for _, x := range c.resourcesOf(td) {
			if got, ok := x.Attributes.Get(attr); ok && !ContainsSensitive(got) && autoValuesEqual(got, v) {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// below is every resource of td whose expanded namevar path matches the
// unescaped regexp `^NAME/.` of each value (mount's files below it; see
// belowRegexp). A value that does not compile selects nothing: the load
// reported it (checkBelow).
func (c *Catalog) below(td *TypeDef, vals autoValues) []*Resource {
	nv := td.Namevars()
	if len(nv) == 0 {
		return nil
	}
	var out []*Resource
	for _, v := range vals {
		name := scalarString(v)
		re, err := belowRegexp(name)
		if err != nil {
			continue
		}
		plain := !strings.ContainsAny(name, rubyRegexpMeta)
		for _, x := range c.resourcesOf(td) {
			p, _ := x.Attributes.Get(nv[0].Name)
			s, ok := p.(string)
			if !ok || !strings.HasPrefix(s, "/") {
				continue // Puppet expands a relative path against the agent's directory, unknown here
			}
			if belowMatch(re, name, plain, expandPath(s)) {
				out = append(out, x)
			}
		}
	}
	return out
}

// belowMatch is re (belowRegexp(name)) matching path; plain says name has
// no regexp metacharacter, and then a path of one line is matched without
// the regexp engine: ^NAME/. is NAME, a slash and one more character.
// A path the regexp could not match within rubyregexp.MaxMatchSteps
// (a huge name full of metacharacters) counts as no match.
func belowMatch(re *rubyregexp.Regexp, name string, plain bool, path string) bool {
	if plain && !strings.Contains(path, "\n") {
		return len(path) > len(name)+1 && strings.HasPrefix(path, name) && path[len(name)] == '/'
	}
	ok, _ := re.MatchWithin(path)
	return ok
}

// rubyRegexpMeta are the characters that are not literal in a Ruby regexp
// (outside extended mode).
const rubyRegexpMeta = `\.^$|?*+()[]{}`

// resourcesOf is the resources of type td in declaration order.
func (c *Catalog) resourcesOf(td *TypeDef) []*Resource {
	if c.byType != nil {
		return c.byType[td]
	}
	var out []*Resource
	for _, r := range c.Resources {
		if r.Type == td {
			out = append(out, r)
		}
	}
	return out
}

// indexByType fills byType once the resources are declared.
func (c *Catalog) IndexByType() {
	c.byType = make(map[*TypeDef][]*Resource, len(c.Types))
	c.firstWithIdx = &firstWithIndexes{m: map[firstWithKey]*firstWithIndex{}}
	for _, r := range c.Resources {
		c.byType[r.Type] = append(c.byType[r.Type], r)
	}
}
