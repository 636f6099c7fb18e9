package importer

import (
	"errors"
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/importer/ruby"
	"github.com/catc-dev/catc/internal/rubyregexp"
)

// titlePatterns reads [{pattern: /re/, desc: '…'}, …].
func (c *converter) titlePatterns(n ruby.Node) []patternSpec {
	a, ok := n.(*ruby.Array)
	if !ok {
		c.notLiteral(n, "the title patterns")
		return nil
	}
	var out []patternSpec
	for _, e := range a.Elems {
		h, ok := e.(*ruby.Hash)
		if !ok {
			c.notLiteral(e, "this title pattern")
			continue
		}
		p := patternSpec{rng: h.Rng}
		for _, kv := range h.Pairs {
			key, ok := c.symbolKey(kv.Key, "title pattern")
			if !ok {
				continue
			}
			switch key {
			case "pattern":
				c.pattern(&p, kv.Value)
			case "desc":
				p.desc, _ = c.str(kv.Value, "the desc of this title pattern")
			default:
				c.warnf(kv.Key.Range(), "Key ignored by the Resource API", "The Resource API reads only pattern and desc of a title pattern; `%s` is not imported.", key)
			}
		}
		if p.pattern != "" {
			out = append(out, p)
		}
	}
	return out
}

// pattern reads a title pattern's regexp. Its flags become an inline
// group, the same meaning in Ruby, which catc's translation then checks.
func (c *converter) pattern(p *patternSpec, n ruby.Node) {
	re, ok := n.(*ruby.Regexp)
	if !ok {
		if s, isStr := n.(*ruby.Str); isStr {
			c.errorf(s.Rng, "Title pattern is not a regexp",
				"The Resource API matches titles with the pattern itself, so it must be a Regexp; write %%r{%s} instead of a string. This pattern is not imported.", s.Value)
			return
		}
		c.notLiteral(n, "this title pattern")
		return
	}
	if re.Interp != nil {
		c.notLiteral(re, "this title pattern")
		return
	}
	src := re.Source
	if f := inlineFlags(re.Flags); f != "" {
		src = "(?" + f + ")" + src
	}
	if _, err := rubyregexp.Translate(src, ""); err != nil {
		var rerr *rubyregexp.Error
		msg := err.Error()
		if errors.As(err, &rerr) {
			msg = rerr.Msg
		}
		c.errorf(re.Rng, "Title pattern not supported", "catc cannot use this Ruby regexp: %s. The pattern is not imported.", msg)
		return
	}
	p.pattern, p.patRng = src, re.Rng
}

// inlineFlags keeps the flags that change a regexp's meaning (i, m, x);
// o (interpolate once) and the encodings (n, e, s, u) do not for a
// literal.
func inlineFlags(flags string) string {
	out := ""
	for _, f := range "imx" {
		for _, g := range flags {
			if f == g {
				out += string(f)
				break
			}
		}
	}
	return out
}

// features reads ['canonicalize', …]. The Resource API compares strings,
// so a symbol is never recognised: that is kept as it is, with a warning.
func (c *converter) features(n ruby.Node) *featureSpec {
	if _, isNil := n.(*ruby.Nil); isNil {
		return nil
	}
	a, ok := n.(*ruby.Array)
	if nl, isSum := n.(*ruby.NonLiteral); isSum && nl.Augend != nil {
		// ['a', 'b'] + (cond ? [] : ['c']): the first part always holds.
		if a, ok = nl.Augend.(*ruby.Array); ok {
			c.warnf(nl.Rng, "Not a literal",
				"catc imports only literal values: the features after `+` are computed when Ruby runs (%s) and are dropped; the %d before it are imported. Add the others to the HCL by hand where your nodes have them.",
				nl.Text, len(a.Elems))
		}
	}
	if !ok {
		c.notLiteral(n, "the features")
		return nil
	}
	f := &featureSpec{rng: a.Rng}
	for _, e := range a.Elems {
		switch v := e.(type) {
		case *ruby.Str:
			if v.Interp != nil {
				c.notLiteral(v, "this feature")
				continue
			}
			f.names = append(f.names, v.Value)
		case *ruby.Sym:
			c.warnf(v.Rng, "Feature not recognised",
				"The Resource API compares features as strings, so the symbol :%s never turns the feature on; it is not imported. Write '%s' if the feature is meant.", v.Name, v.Name)
		default:
			c.notLiteral(e, "this feature")
		}
	}
	return f
}

// autoRules reads autorequire: { file: '$source', package: ['a', 'b'] }.
func (c *converter) autoRules(kind string, n ruby.Node) (autoSpec, bool) {
	h, ok := n.(*ruby.Hash)
	if !ok {
		c.notLiteral(n, "the "+kind+" rules")
		return autoSpec{}, false
	}
	a := autoSpec{kind: kind, rng: h.Rng}
	for _, p := range h.Pairs {
		typ, _, ok := c.attrName(p.Key)
		if !ok {
			continue
		}
		r := autoRule{typ: typ, rng: hcl.RangeBetween(p.Key.Range(), p.Value.Range())}
		switch v := p.Value.(type) {
		case *ruby.Str:
			if v.Interp != nil {
				c.notLiteral(v, fmt.Sprintf("the %s rule for %s", kind, typ))
				continue
			}
			r.titles = []string{v.Value}
		case *ruby.Array:
			r.list = true
			for _, e := range v.Elems {
				if s, ok := c.str(e, fmt.Sprintf("a title in the %s rule for %s", kind, typ)); ok {
					r.titles = append(r.titles, s.value)
				}
			}
		default:
			c.notLiteral(p.Value, fmt.Sprintf("the %s rule for %s", kind, typ))
			continue
		}
		a.rules = append(a.rules, r)
	}
	return a, true
}
