package catalog

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/rubyregexp"
	"github.com/catc-dev/catc/internal/types"
)

// expandPath is Ruby's File.expand_path of an absolute POSIX path, as
// Puppet's File munges `path`: empty and "." segments dropped, ".."
// removes the segment before it (never past the root), so "//", "/./",
// "/../", a leading "//" and trailing slashes all collapse.
func expandPath(p string) string {
	if !strings.Contains(p, "//") && !strings.Contains(p, "/.") && (len(p) == 1 || !strings.HasSuffix(p, "/")) {
		return p // the common case: nothing to collapse
	}
	var segs []string
	for _, s := range strings.Split(p, "/") {
		switch s {
		case "", ".":
		case "..":
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
		default:
			segs = append(segs, s)
		}
	}
	return "/" + strings.Join(segs, "/")
}

// ancestorsOf is ancestors(): for each absolute path, its parents after
// expandPath, nearest first, up to "/" (Pathname#parent then #ascend, as
// file's rule walks them). Other values have none.
func ancestorsOf(x autoValues) autoValues {
	var out autoValues
	for _, v := range x {
		s, ok := v.(string)
		if !ok || !strings.HasPrefix(s, "/") {
			continue
		}
		p := expandPath(s)
		for p != "/" {
			i := strings.LastIndexByte(p, '/')
			if i == 0 {
				p = "/"
			} else {
				p = p[:i]
			}
			out = append(out, p)
		}
	}
	return out
}

// ascendOf is ascend(): for each path, its parents as Ruby's
// Pathname#ascend yields them after the path itself (mount's rule): each
// is the text before the last segment, trailing slashes dropped; nothing
// is expanded, so "." and ".." stay segments and an inner "//" stays
// (mount_parents_dots). A relative path's parents stop at its first
// segment.
func ascendOf(x autoValues) autoValues {
	var out autoValues
	for _, v := range x {
		s, ok := v.(string)
		if !ok || s == "" {
			continue
		}
		s = trimTrailingSlashes(s)
		for s != "/" {
			i := strings.LastIndexByte(s, '/')
			if i < 0 {
				break
			}
			s = trimTrailingSlashes(s[:i+1])
			out = append(out, s)
		}
	}
	return out
}

// trimTrailingSlashes is Pathname's del_trailing_separator: "/" for a
// path of slashes only.
func trimTrailingSlashes(s string) string {
	t := strings.TrimRight(s, "/")
	if t == "" && s != "" {
		return "/"
	}
	return t
}

// belowRegexp is mount's %r{^#{name}/.}: the name goes into the regexp
// unescaped, so its metacharacters act (Puppet's own quirk, kept).
func belowRegexp(name string) (*rubyregexp.Regexp, error) {
	return rubyregexp.Compile("^"+name+"/.", "")
}

// checkBelow reports a below() value that is no regexp catc can match
// with: Puppet's agent compiles it whenever a resource of the target type
// exists, and an invalid one fails the whole apply; one catc cannot
// translate would give a wrong answer. One error per resource and term.
func (c *Catalog) CheckBelow() hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, r := range c.Resources {
		if r.Type == nil {
			continue
		}
		for _, rule := range r.Type.AutoRules {
			td := c.Type(rule.Target)
			if td == nil || len(c.resourcesOf(td)) == 0 {
				continue
			}
			for _, term := range rule.Terms {
				if term.Call == nil || term.Call.Func != "below" {
					continue
				}
				for _, v := range evalAutoArg(r, term.Call.Args[0]) {
					if d := belowError(r, rule, term, v); d != nil {
						diags = append(diags, d)
						break
					}
				}
			}
		}
	}
	return diags
}

func belowError(r *Resource, rule *AutoRule, term AutoTerm, v types.Value) *hcl.Diagnostic {
	name := scalarString(v)
	_, err := belowRegexp(name)
	if err == nil {
		return nil
	}
	rng := r.DeclRange
	if a := term.Call.Args[0]; a.Attr != "" {
		if x, ok := r.AttrRange(a.Attr); ok {
			rng = x
		}
	}
	ctx := term.Range
	if e, ok := err.(*rubyregexp.Error); ok && e.Syntax() {
		return ErrorAt(SummaryAutoRule, fmt.Sprintf(
			"The %s rule of type %q puts %q unescaped into a regexp, as Puppet's agent does, and the result is not a valid regexp: %s. Puppet's agent then fails the whole apply (\"Failed to apply catalog\") whenever a %s resource is in the catalog. Change this value, or remove %s.",
			rule.Kind, r.Type.Name, name, e.Msg, rule.Target, r.Ref()), rng, &ctx)
	}
	return ErrorAt(SummaryAutoRule, fmt.Sprintf(
		"The %s rule of type %q puts %q unescaped into the regexp ^%s/. (as Puppet's agent does), and catc cannot match it like Ruby: %s. catc refuses rather than guess which %s resources Puppet puts after %s; change this value.",
		rule.Kind, r.Type.Name, name, name, err, rule.Target, r.Ref()), rng, &ctx)
}

// parentOf is parent(): each string's Pathname#parent (Ruby's
// `Pathname.new(p).parent`, which is `p + '..'`, Pathname#plus): the last
// segment taken off without touching the rest, "." and ".." counting as
// segments ("/etc/x.ini" → "/etc", "x.ini" → ".", "/" → "/", "a/.." →
// "a/../.."), as inifile's ini_setting and archive's archive require.
func parentOf(x autoValues) autoValues { return mapStrings(x, rubyParent) }

// dirnameOf is dirname(): each string's Ruby File.dirname ("/etc/x.ini"
// → "/etc", "x" → ".", "/etc/" → "/", leading slashes made one).
func dirnameOf(x autoValues) autoValues { return mapStrings(x, rubyDirname) }

// mapStrings is f of each string of x; other values are dropped.
func mapStrings(x autoValues, f func(string) string) autoValues {
	var out autoValues
	for _, v := range x {
		if s, ok := v.(string); ok {
			out = append(out, f(s))
		}
	}
	return out
}

// rubyBasename is Ruby's File.basename on POSIX: the last segment,
// trailing slashes ignored; "/" for slashes only, "" for "".
func rubyBasename(p string) string {
	t := strings.TrimRight(p, "/")
	if t == "" {
		if p == "" {
			return ""
		}
		return "/"
	}
	return t[strings.LastIndexByte(t, '/')+1:]
}

// rubyDirname is Ruby's File.dirname on POSIX.
func rubyDirname(p string) string {
	rest := strings.TrimLeft(p, "/")
	rooted := len(rest) < len(p)
	trimmed := strings.TrimRight(rest, "/")
	i := strings.LastIndexByte(trimmed, '/')
	switch {
	case i < 0 && rooted:
		return "/"
	case i < 0:
		return "."
	}
	dir := strings.TrimRight(trimmed[:i], "/")
	if rooted {
		return "/" + dir
	}
	return dir
}

// chopBasename is Pathname#chop_basename: the path before its last
// segment and that segment; ok is false when there is none (a path of
// slashes, or "").
func chopBasename(p string) (prefix, base string, ok bool) {
	base = rubyBasename(p)
	if base == "" || base == "/" {
		return "", "", false
	}
	return p[:strings.LastIndex(p, base)], base, true
}

// rubyParent is Ruby's Pathname#plus(p, "..") (pathname.rb, Ruby 3.1),
// written for that one right-hand side.
func rubyParent(p string) string {
	up := true // the ".." still to apply
	prefix := p
	for {
		pre, base, ok := chopBasename(prefix)
		if !ok {
			break
		}
		prefix = pre
		if base == "." {
			continue
		}
		if base == ".." || !up {
			prefix += base
			break
		}
		up = false
	}
	_, _, rest := chopBasename(prefix)
	if !rest && strings.Contains(rubyBasename(prefix), "/") {
		rest, up = true, false // ".." above the root is the root
	}
	switch {
	case up && rest:
		if strings.HasSuffix(prefix, "/") {
			return prefix + ".."
		}
		return prefix + "/.."
	case up:
		return prefix + ".."
	case rest:
		return prefix
	}
	return rubyDirname(prefix)
}
