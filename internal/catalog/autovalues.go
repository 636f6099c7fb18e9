package catalog

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/types"
)

// autoValues is what an argument evaluates to: a flat list whose elements
// may themselves be arrays (commands() reads them).
type autoValues []types.Value

// autoAttrValues is the value of attribute name of r as a list: an array's
// elements, a scalar alone, nothing when unset or computed from a secret.
func autoAttrValues(r *Resource, name string) autoValues {
	switch v := autoAttrValue(r, name).(type) {
	case nil:
		return nil
	case []types.Value:
		return v
	default:
		return autoValues{v}
	}
}

// appendAttrTitles appends the titles of autoAttrValues(r, name) to out,
// without its list.
func appendAttrTitles(out []string, r *Resource, name string) []string {
	return appendTitles(out, autoAttrValue(r, name))
}

// autoAttrValue is the value of attribute name of r as a rule reads it:
// an array as it is, a scalar munged, nil when unset or computed from a
// secret.
func autoAttrValue(r *Resource, name string) types.Value {
	if r.Attributes == nil {
		return nil
	}
	v, _ := r.Attributes.Get(name)
	if v == nil || ContainsSensitive(v) {
		return nil
	}
	if _, ok := v.([]types.Value); ok {
		return v
	}
	// A core type's rule reads the munged namevar (Puppet's self[:name]).
	return r.Type.mungeKeyValue(name, v)
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
	case "ascend":
		return ascendOf(x)
	case "commands":
		return commandsOf(x)
	case "dirname":
		return dirnameOf(x)
	case "except":
		return exceptValues(x, c.Args[1:])
	case "first":
		return x[:min(len(x), 1)]
	case "line_paths":
		return scanValues(x, linePathRE())
	case "not_digits":
		return filterValues(x, func(v types.Value) bool { return !isDigitString(v) })
	case "not_numeric":
		return filterValues(x, func(v types.Value) bool { return !isNumericValue(v) })
	case "numeric":
		return filterValues(x, isNumericValue)
	case "parent":
		return parentOf(x)
	case "quoted_paths":
		return scanValues(x, quotedPathRE())
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
var digitsRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^[0-9]+$`) })

// isNumericValue is true for an Integer and for a String matching
// Ruby's /^\d+$/ (what file's owner and exec's user rules treat as an id).
func isNumericValue(v types.Value) bool {
	_, isInt := v.(int64)
	return isInt || isDigitString(v)
}

// isDigitString is true for a String matching Ruby's /^\d+$/ only: an
// Integer passes `!~` (exec's user rule).
func isDigitString(v types.Value) bool {
	s, ok := v.(string)
	return ok && digitsRE().MatchString(s)
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

// The regular expressions of this file are compiled on first use: every
// catc command runs this package's initialisation, few evaluate an exec.
var (
	// linePathRE is exec's %r{^(/\S+)}: Ruby's \S is not [ \t\r\n\f\v].
	linePathRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^(/[^ \t\r\n\f\v]+)`) })
	// quotedPathRE is exec's /^"([^"]+)"/.
	quotedPathRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^"([^"]+)"`) })
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
