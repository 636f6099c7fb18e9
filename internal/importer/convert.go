package importer

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/importer/ruby"
	"github.com/catc-dev/catc/internal/words"
)

// converter turns one register_type call into a typeSpec, collecting
// diagnostics for what it cannot read.
type converter struct {
	diags   hcl.Diagnostics
	ignored []*ignoredOption
	// quoted holds, for each diagnostic that quotes the source, its
	// detail without the quote: the one shown if the value is a secret.
	quoted map[*hcl.Diagnostic]string
}

func (c *converter) errorf(r hcl.Range, summary, format string, args ...any) {
	c.diags = append(c.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary,
		Detail: fmt.Sprintf(format, args...), Subject: r.Ptr()})
}

func (c *converter) warnf(r hcl.Range, summary, format string, args ...any) {
	c.diags = append(c.diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary,
		Detail: fmt.Sprintf(format, args...), Subject: r.Ptr()})
}

// notLiteral reports a value catc cannot read, and what is dropped with it.
func (c *converter) notLiteral(n ruby.Node, dropped string) {
	what, text := "a value that is not a literal", ""
	switch v := n.(type) {
	case *ruby.NonLiteral:
		what, text = v.What, v.Text
	case *ruby.Str:
		what, text = "string interpolation", ""
	case *ruby.Regexp:
		what = "interpolation in a regexp"
	}
	r := n.Range()
	if s, ok := n.(*ruby.Str); ok && s.Interp != nil {
		r = *s.Interp
	}
	const format = "catc imports only literal values, and this is %s; %s is dropped. Write the value out in the imported HCL by hand."
	unquoted := fmt.Sprintf(format, what, dropped)
	if text != "" && len(text) <= 60 {
		what += " (" + text + ")"
	}
	c.warnf(r, "Not a literal", format, what, dropped)
	if d := c.diags[len(c.diags)-1]; d.Detail != unquoted {
		if c.quoted == nil {
			c.quoted = map[*hcl.Diagnostic]string{}
		}
		c.quoted[d] = unquoted
	}
}

// topKeys are the register_type keys the Resource API reads.
var topKeys = []string{"name", "desc", "docs", "attributes", "title_patterns", "features",
	"autorequire", "autobefore", "autosubscribe", "autonotify"}

// convert reads a register_type call's definition hash.
func (c *converter) convert(call *ruby.Call) *typeSpec {
	if call.Conditional != nil {
		c.warnf(call.NameRng, "Conditional definition",
			"This register_type is inside `%s` (at %s), so whether it runs depends on Ruby code catc does not evaluate; catc imports it as if it runs. Check that this is the definition your nodes use.",
			call.Conditional.Keyword, posString(call.Conditional.Rng))
	}
	if len(call.Args) != 1 {
		c.errorf(call.NameRng, "Not a type definition", "register_type takes one hash (name:, attributes:, …); this call has %d arguments.", len(call.Args))
		return nil
	}
	h, ok := call.Args[0].(*ruby.Hash)
	if !ok {
		c.notLiteral(call.Args[0], "the whole definition")
		return nil
	}
	c.dedupeKeys(h)
	t := &typeSpec{call: call.Rng}
	for _, p := range h.Pairs {
		key, ok := c.symbolKey(p.Key, "register_type")
		if !ok {
			continue
		}
		c.topLevel(t, key, p)
	}
	c.reportIgnored()
	if t.name == "" {
		if t.nameRng == (hcl.Range{}) {
			c.errorf(call.NameRng, "Missing name", "The Resource API requires a `:name` in every type definition; add name: 'my_type'.")
		}
		return nil
	}
	return t
}

// symbolKey reads a hash key. The Resource API looks keys up as symbols,
// so a string key is not read at all: say so instead of guessing.
func (c *converter) symbolKey(n ruby.Node, where string) (string, bool) {
	switch k := n.(type) {
	case *ruby.Sym:
		return k.Name, true
	case *ruby.Str:
		if k.Interp == nil {
			c.warnf(k.Rng, "Key ignored by the Resource API",
				"The Resource API reads %s keys as symbols, so the string key %q is never read; it is not imported. Write it as %s: instead.", where, k.Value, k.Value)
			return "", false
		}
	}
	c.notLiteral(n, "this entry")
	return "", false
}

func (c *converter) topLevel(t *typeSpec, key string, p ruby.Pair) {
	switch key {
	case "name":
		t.nameRng = p.Value.Range()
		switch v := p.Value.(type) {
		case *ruby.Str:
			if v.Interp != nil {
				c.notLiteral(v, "the whole type")
				return
			}
			t.name = v.Value
		case *ruby.Sym:
			t.name = v.Name
		default:
			c.notLiteral(v, "the whole type")
		}
	case "desc", "docs":
		if s, ok := c.str(p.Value, "the "+key); ok {
			t.docs = append(t.docs, docSpec{key: key, text: s.value, rng: s.rng})
		}
	case "attributes":
		t.attrs = c.attributes(p.Value)
		if t.attrs == nil {
			t.attrs = []*attrSpec{} // given, but empty or unreadable
		}
	case "title_patterns":
		t.patterns = c.titlePatterns(p.Value)
	case "features":
		t.features = c.features(p.Value)
	case "autorequire", "autobefore", "autosubscribe", "autonotify":
		if a, ok := c.autoRules(key, p.Value); ok {
			t.autos = append(t.autos, a)
		}
	default:
		c.warnf(p.Key.Range(), "Key ignored by the Resource API",
			"The Resource API ignores the register_type key `%s`, so it is not imported.%s", key, didYouMean(key, topKeys))
	}
}

// didYouMean suggests the known key nearest to a misspelt one.
func didYouMean(key string, known []string) string {
	if k := words.Closest(key, known); k != "" {
		return fmt.Sprintf(" Did you mean `%s`?", k)
	}
	return ""
}

// str reads a literal string.
func (c *converter) str(n ruby.Node, what string) (*stringSpec, bool) {
	s, ok := n.(*ruby.Str)
	if !ok || s.Interp != nil {
		c.notLiteral(n, what)
		return nil, false
	}
	return &stringSpec{value: s.Value, rng: s.Rng}, true
}

func posString(r hcl.Range) string {
	return fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)
}
