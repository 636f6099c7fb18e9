package catalog

import (
	"regexp"
	"strconv"
	"strings"

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
		out[i] = c.termTargets(r, td, term)
	}
	return out
}

func (c *Catalog) termTargets(r *Resource, td *TypeDef, term AutoTerm) []*Resource {
	if term.Call != nil && autoFuncs[term.Call.Func].selector {
		return c.selectTargets(r, td, term.Call)
	}
	var titles []string
	switch {
	case term.Call != nil:
		titles = appendTitles(nil, []types.Value(evalAutoCall(r, term.Call)))
	case term.Attr != "":
		titles = appendTitles(nil, []types.Value(autoAttrValues(r, term.Attr)))
	default:
		titles = []string{term.Title}
	}
	var out []*Resource
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
	for _, v := range vals {
		for _, x := range c.resourcesOf(td) {
			if got, ok := x.Attributes.Get(attr); ok && !containsSensitive(got) && autoValuesEqual(got, v) {
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
		re, err := belowRegexp(scalarString(v))
		if err != nil {
			continue
		}
		for _, x := range c.resourcesOf(td) {
			p, _ := x.Attributes.Get(nv[0].Name)
			s, ok := p.(string)
			if !ok || !strings.HasPrefix(s, "/") {
				continue // Puppet expands a relative path against the agent's directory, unknown here
			}
			if re.MatchString(expandPath(s)) {
				out = append(out, x)
			}
		}
	}
	return out
}

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
func (c *Catalog) indexByType() {
	c.byType = make(map[*TypeDef][]*Resource, len(c.Types))
	for _, r := range c.Resources {
		c.byType[r.Type] = append(c.byType[r.Type], r)
	}
}

// autoValues is what an argument evaluates to: a flat list whose elements
// may themselves be arrays (commands() reads them).
type autoValues []types.Value

// autoAttrValues is the value of attribute name of r as a list: an array's
// elements, a scalar alone, nothing when unset or computed from a secret.
func autoAttrValues(r *Resource, name string) autoValues {
	if r.Attributes == nil {
		return nil
	}
	v, _ := r.Attributes.Get(name)
	if v == nil || containsSensitive(v) {
		return nil
	}
	if list, ok := v.([]types.Value); ok {
		return list
	}
	return autoValues{v}
}

func evalAutoArg(r *Resource, a AutoArg) autoValues {
	switch {
	case a.Call != nil:
		return evalAutoCall(r, a.Call)
	case a.Attr != "":
		return autoAttrValues(r, a.Attr)
	}
	out := make(autoValues, len(a.Lits))
	for i, s := range a.Lits {
		out[i] = s
	}
	return out
}

// evalAutoCall evaluates a function that yields values (not a selector).
func evalAutoCall(r *Resource, c *AutoCall) autoValues {
	if c.Func == "coalesce" {
		for _, a := range c.Args {
			if v := evalAutoArg(r, a); len(v) > 0 {
				return v
			}
		}
		return nil
	}
	if c.Func == "format" {
		return autoValues{autoFormat(r, c)}
	}
	x := evalAutoArg(r, c.Args[0])
	switch c.Func {
	case "absolute":
		return filterValues(x, isAbsolutePath)
	case "ancestors":
		return ancestorsOf(x)
	case "commands":
		return commandsOf(x)
	case "except":
		return exceptValues(x, c.Args[1:])
	case "first":
		return x[:min(len(x), 1)]
	case "line_paths":
		return scanValues(x, linePathRE)
	case "not_numeric":
		return filterValues(x, func(v types.Value) bool { return !isNumericValue(v) })
	case "numeric":
		return filterValues(x, isNumericValue)
	case "quoted_paths":
		return scanValues(x, quotedPathRE)
	case "reverse":
		out := make(autoValues, len(x))
		for i, v := range x {
			out[len(x)-1-i] = v
		}
		return out
	}
	return nil
}

func filterValues(x autoValues, keep func(types.Value) bool) autoValues {
	var out autoValues
	for _, v := range x {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

// isAbsolutePath is Puppet::Util.absolute_path? on POSIX: a String
// matching Ruby's %r{^/} (a line start, so after any newline too).
func isAbsolutePath(v types.Value) bool {
	s, ok := v.(string)
	return ok && (strings.HasPrefix(s, "/") || strings.Contains(s, "\n/"))
}

// digitsRE is Ruby's /^\d+$/: ^ and $ match at every line, \d is ASCII.
var digitsRE = regexp.MustCompile(`(?m)^[0-9]+$`)

// isNumericValue is true for an Integer and for a String matching
// Ruby's /^\d+$/ (what file's owner and exec's user rules treat as an id).
func isNumericValue(v types.Value) bool {
	switch v := v.(type) {
	case int64:
		return true
	case string:
		return digitsRE.MatchString(v)
	}
	return false
}

// autoValuesEqual compares an attribute value with a rule value: as
// integers when both are numbers (Ruby's Integer(): a leading 0 means
// octal), else as strings.
func autoValuesEqual(a, b types.Value) bool {
	x, okA := autoInteger(a)
	y, okB := autoInteger(b)
	if okA && okB {
		return x == y
	}
	if okA != okB && (isNumericValue(a) || isNumericValue(b)) {
		return false
	}
	return scalarString(a) == scalarString(b)
}

func autoInteger(v types.Value) (int64, bool) {
	switch v := v.(type) {
	case int64:
		return v, true
	case string:
		if v == "" || strings.Trim(v, "0123456789") != "" {
			return 0, false
		}
		n, err := strconv.ParseInt(v, 0, 64)
		return n, err == nil
	}
	return 0, false
}

// commandsOf is each command of an exec's onlyif/unless: an element that
// is itself an array counts as its first element.
func commandsOf(x autoValues) autoValues {
	out := make(autoValues, 0, len(x))
	for _, v := range x {
		if list, ok := v.([]types.Value); ok {
			if len(list) == 0 {
				continue
			}
			v = list[0]
		}
		out = append(out, v)
	}
	return out
}

func exceptValues(x autoValues, drop []AutoArg) autoValues {
	return filterValues(x, func(v types.Value) bool {
		if _, ok := v.([]types.Value); ok {
			return true
		}
		s := scalarString(v)
		for _, d := range drop {
			if d.Lits[0] == s {
				return false
			}
		}
		return true
	})
}

var (
	// linePathRE is exec's %r{^(/\S+)}: Ruby's \S is not [ \t\r\n\f\v].
	linePathRE = regexp.MustCompile(`(?m)^(/[^ \t\r\n\f\v]+)`)
	// quotedPathRE is exec's /^"([^"]+)"/.
	quotedPathRE = regexp.MustCompile(`(?m)^"([^"]+)"`)
)

// scanValues is Ruby's String#scan with one group over every string.
func scanValues(x autoValues, re *regexp.Regexp) autoValues {
	var out autoValues
	for _, v := range x {
		s, ok := v.(string)
		if !ok {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// autoFormat is format(): each %s takes its value's string form (nothing
// when unset, as Ruby's "#{nil}"; a list in Ruby's inspect form).
func autoFormat(r *Resource, c *AutoCall) string {
	tmpl := c.Args[0].Lits[0]
	var b strings.Builder
	next := 1
	for i := 0; i < len(tmpl); i++ {
		if tmpl[i] != '%' || i+1 >= len(tmpl) {
			b.WriteByte(tmpl[i])
			continue
		}
		i++
		if tmpl[i] == '%' {
			b.WriteByte('%')
			continue
		}
		v := evalAutoArg(r, c.Args[next])
		next++
		switch len(v) {
		case 0:
		case 1:
			b.WriteString(scalarString(v[0]))
		default:
			b.WriteString(types.RubyInspect([]types.Value(v)))
		}
	}
	return b.String()
}
