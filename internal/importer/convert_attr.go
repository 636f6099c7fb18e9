package importer

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/importer/ruby"
)

var attrKeys = []string{"type", "desc", "default", "behaviour", "behavior", "sensitive"}

// attributes reads the attributes hash: name => options.
func (c *converter) attributes(n ruby.Node) []*attrSpec {
	h, ok := n.(*ruby.Hash)
	if !ok {
		c.notLiteral(n, "every attribute")
		return nil
	}
	var out []*attrSpec
	for _, p := range h.Pairs {
		name, rng, ok := c.attrName(p.Key)
		if !ok {
			continue
		}
		opts, ok := p.Value.(*ruby.Hash)
		if !ok {
			c.notLiteral(p.Value, "the attribute "+name)
			continue
		}
		a := &attrSpec{name: name, rng: rng}
		for _, o := range opts.Pairs {
			if key, ok := c.symbolKey(o.Key, "attribute option"); ok {
				c.attrOption(a, key, o)
			}
		}
		out = append(out, a)
	}
	return out
}

// attrName reads an attribute's key: the Resource API turns it into a
// symbol, so a string works too.
func (c *converter) attrName(n ruby.Node) (string, hcl.Range, bool) {
	switch k := n.(type) {
	case *ruby.Sym:
		return k.Name, k.Rng, true
	case *ruby.Str:
		if k.Interp == nil {
			return k.Value, k.Rng, true
		}
	}
	c.notLiteral(n, "this attribute")
	return "", hcl.Range{}, false
}

func (c *converter) attrOption(a *attrSpec, key string, o ruby.Pair) {
	switch key {
	case "type":
		var ok bool
		a.typ, ok = c.str(o.Value, "the type of "+a.name)
		a.typeUnknown = !ok
	case "desc":
		a.desc, _ = c.str(o.Value, "the desc of "+a.name)
	case "default":
		a.defaultNode = o.Value
		if c.literalValue(o.Value, "the default of "+a.name) {
			a.deflt = o.Value
		}
	case "behaviour", "behavior":
		c.behaviour(a, key, o.Value)
	case "sensitive":
		switch v := o.Value.(type) {
		case *ruby.Bool:
			a.sensitive = &boolSpec{value: v.Value, rng: v.Rng}
		case *ruby.Nil:
			a.sensitive = &boolSpec{value: false, rng: v.Rng}
		default:
			a.sensitiveUnknown = true
			c.notLiteral(o.Value, "the sensitive flag of "+a.name)
		}
	default:
		a.ignoredValues = append(a.ignoredValues, o.Value)
		c.ignoreOption(key, a.name, o.Key.Range())
	}
}

// behaviour reads behaviour: :namevar. The Resource API compares symbols,
// so a string such as 'namevar' is its registration error.
func (c *converter) behaviour(a *attrSpec, key string, n ruby.Node) {
	switch v := n.(type) {
	case *ruby.Sym:
		a.behaviour = &behaviourSpec{key: key, value: v.Name, rng: v.Rng}
	case *ruby.Nil:
		// falsy: an ordinary property
	case *ruby.Str:
		if v.Interp == nil {
			c.errorf(v.Rng, "Invalid behaviour",
				"`%s` is not a valid behaviour value: the Resource API takes a symbol, so write :%s instead of '%s'.", v.Value, v.Value, v.Value)
			return
		}
		c.notLiteral(n, "the behaviour of "+a.name)
	default:
		c.notLiteral(n, "the behaviour of "+a.name)
	}
}

// literalValue checks that a default is made only of literals HCL can
// write (no regexps, no non-literals, string keys).
func (c *converter) literalValue(n ruby.Node, what string) bool {
	switch v := n.(type) {
	case *ruby.Str:
		if v.Interp != nil {
			c.notLiteral(n, what)
			return false
		}
	case *ruby.Sym, *ruby.Int, *ruby.Float, *ruby.Bool, *ruby.Nil:
	case *ruby.Array:
		for _, e := range v.Elems {
			if !c.literalValue(e, what) {
				return false
			}
		}
	case *ruby.Hash:
		for _, p := range v.Pairs {
			if !c.literalValue(p.Key, what) || !c.literalValue(p.Value, what) {
				return false
			}
		}
	case *ruby.Regexp:
		c.errorf(v.Rng, "Unsupported default", "A regexp is not a data value catc can declare; %s is dropped.", what)
		return false
	default:
		c.notLiteral(n, what)
		return false
	}
	return true
}

// ignoredOption is an attribute option the Resource API ignores, with
// where it is first written and on which attributes: generated types
// repeat such options on every attribute, so they are reported once.
type ignoredOption struct {
	key   string
	first hcl.Range
	on    []string
}

func (c *converter) ignoreOption(key, attr string, r hcl.Range) {
	for _, io := range c.ignored {
		if io.key == key {
			io.on = append(io.on, attr)
			return
		}
	}
	c.ignored = append(c.ignored, &ignoredOption{key: key, first: r, on: []string{attr}})
}

// reportIgnored warns once per ignored option.
func (c *converter) reportIgnored() {
	for _, io := range c.ignored {
		on := io.on[0]
		if n := len(io.on) - 1; n == 1 {
			on += " and 1 more attribute"
		} else if n > 1 {
			on += fmt.Sprintf(" and %d more attributes", n)
		}
		c.warnf(io.first, "Key ignored by the Resource API",
			"The Resource API ignores the attribute option `%s` (on %s), so it is not imported.%s", io.key, on, didYouMean(io.key, attrKeys))
	}
	c.ignored = nil
}
