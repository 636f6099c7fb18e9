package importer

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/importer/ruby"
	"github.com/catc-dev/catc/internal/words"
)

// origins maps a place in the written HCL (a path such as
// "attribute:ensure/type") to the Ruby range it came from. emit records
// the paths and check's locate finds them in the written file, both
// through blockPath and attrPath.
type origins map[string]hcl.Range

// blockPath names a nested block of a type: attribute "NAME" is
// "attribute:NAME", the i-th title_pattern "title_pattern:i", others
// their type (autorequire, …).
func blockPath(typ string, labels []string, i int) string {
	switch {
	case typ == "attribute" && len(labels) == 1:
		return "attribute:" + labels[0]
	case typ == "title_pattern":
		return "title_pattern:" + strconv.Itoa(i)
	}
	return typ
}

// attrPath names an argument inside the block at path ("" for the type
// block itself).
func attrPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "/" + name
}

// emit writes a type as a formatted HCL file.
func emit(t *typeSpec) ([]byte, origins) {
	o := origins{"": t.call, "type": t.nameRng}
	f := hclwrite.NewEmptyFile()
	b := f.Body().AppendNewBlock("type", []string{t.name}).Body()
	for _, d := range t.docs {
		b.SetAttributeRaw(d.key, textTokens(d.text, 1))
		o[d.key] = d.rng
	}
	for _, a := range t.attrs {
		emitAttr(b, a, o)
	}
	for i, p := range t.patterns {
		b.AppendNewline()
		pb := b.AppendNewBlock("title_pattern", nil).Body()
		pb.SetAttributeValue("pattern", cty.StringVal(p.pattern))
		path := blockPath("title_pattern", nil, i)
		o[path], o[attrPath(path, "pattern")] = p.rng, p.patRng
		if p.desc != nil {
			pb.SetAttributeRaw("desc", textTokens(p.desc.value, 2))
			o[attrPath(path, "desc")] = p.desc.rng
		}
	}
	for _, a := range t.autos {
		b.AppendNewline()
		o[a.kind] = a.rng
		for _, r := range a.rules {
			o[attrPath(a.kind, r.typ)] = r.rng
		}
		if !allIdentifiers(a.rules) {
			b.SetAttributeRaw(a.kind, autoObjectTokens(a.rules))
			continue
		}
		ab := b.AppendNewBlock(a.kind, nil).Body()
		for _, r := range a.rules {
			ab.SetAttributeRaw(r.typ, ruleTokens(r))
		}
	}
	if t.refreshable != nil {
		b.AppendNewline()
		b.SetAttributeValue("refreshable", cty.True)
		o["refreshable"] = *t.refreshable
	}
	if t.features != nil {
		b.AppendNewline()
		vals := make([]cty.Value, len(t.features.names))
		for i, n := range t.features.names {
			vals[i] = cty.StringVal(n)
		}
		b.SetAttributeValue("features", listOrEmpty(vals))
		o["features"] = t.features.rng
	}
	return spellMarks(f), o
}

func emitAttr(b *hclwrite.Body, a *attrSpec, o origins) {
	b.AppendNewline()
	ab := b.AppendNewBlock("attribute", []string{a.name}).Body()
	path := blockPath("attribute", []string{a.name}, 0)
	o[path] = a.rng
	if a.typ != nil {
		ab.SetAttributeValue("type", cty.StringVal(a.typ.value))
		o[attrPath(path, "type")] = a.typ.rng
	}
	if a.desc != nil {
		ab.SetAttributeRaw("desc", textTokens(a.desc.value, 2))
		o[attrPath(path, "desc")] = a.desc.rng
	}
	if a.deflt != nil {
		ab.SetAttributeRaw("default", valueTokens(a.deflt))
		o[attrPath(path, "default")] = a.deflt.Range()
	}
	if a.behaviour != nil {
		ab.SetAttributeValue(a.behaviour.key, cty.StringVal(a.behaviour.value))
		o[attrPath(path, a.behaviour.key)] = a.behaviour.rng
	}
	if a.sensitive != nil {
		ab.SetAttributeValue("sensitive", cty.BoolVal(a.sensitive.value))
		o[attrPath(path, "sensitive")] = a.sensitive.rng
	}
}

// allIdentifiers reports whether every rule's target can be an argument
// name of an auto block.
func allIdentifiers(rules []autoRule) bool {
	for _, r := range rules {
		if !hclsyntax.ValidIdentifier(r.typ) {
			return false
		}
	}
	return true
}

// autoObjectTokens writes rules in the object form, { "bind::zone" =
// "$zone", … }, which a target that is no identifier (a defined type)
// needs; the rules keep their order.
func autoObjectTokens(rules []autoRule) hclwrite.Tokens {
	items := make([]hclwrite.ObjectAttrTokens, len(rules))
	for i, r := range rules {
		name := hclwrite.TokensForValue(cty.StringVal(r.typ))
		if hclsyntax.ValidIdentifier(r.typ) {
			name = hclwrite.TokensForIdentifier(r.typ)
		}
		items[i] = hclwrite.ObjectAttrTokens{Name: name, Value: ruleTokens(r)}
	}
	return hclwrite.TokensForObject(items)
}

// ruleTokens writes a rule's value: its titles, its translated terms, or
// the shipped rule's text.
func ruleTokens(r autoRule) hclwrite.Tokens {
	if r.terms != nil {
		elems := make([]hclwrite.Tokens, len(r.terms))
		for i, t := range r.terms {
			elems[i] = termTokens(t)
		}
		if !r.list && len(elems) == 1 {
			return elems[0]
		}
		return hclwrite.TokensForTuple(elems)
	}
	return hclwrite.TokensForValue(titlesValue(r))
}

// termTokens writes one term.
func termTokens(t ruleTerm) hclwrite.Tokens {
	if t.raw != "" {
		f, diags := hclwrite.ParseConfig([]byte("x = "+t.raw+"\n"), "", hcl.InitialPos)
		if a := f.Body().GetAttribute("x"); a != nil && !diags.HasErrors() {
			return a.Expr().BuildTokens(nil)
		}
	}
	if t.call == "" {
		return hclwrite.TokensForValue(cty.StringVal(t.title))
	}
	args := make([]hclwrite.Tokens, len(t.args))
	for i, a := range t.args {
		args[i] = termTokens(a)
	}
	return hclwrite.TokensForFunctionCall(t.call, args...)
}

func titlesValue(r autoRule) cty.Value {
	if !r.list && len(r.titles) == 1 {
		return cty.StringVal(r.titles[0])
	}
	vals := make([]cty.Value, len(r.titles))
	for i, t := range r.titles {
		vals[i] = cty.StringVal(t)
	}
	return listOrEmpty(vals)
}

func listOrEmpty(vals []cty.Value) cty.Value {
	if len(vals) == 0 {
		return cty.EmptyTupleVal
	}
	return cty.TupleVal(vals)
}

// textTokens writes a text as a quoted string, or as a heredoc when it
// has several lines (documentation reads better that way) and not more
// than maxMarks `$` and `%` (a heredoc has no escapes to spell them). depth is the
// block nesting of the attribute: an indented heredoc (<<-) is used when
// stripping its indentation gives the text back exactly, that is when
// some line of the text starts in column 1; otherwise the plain form
// keeps every line as written. A text holding a control character other
// than a newline or a tab (ESC, a carriage return, a right-to-left
// override, U+2028: words.Unsafe) is always quoted, where hclwrite
// writes it as an escape: a heredoc has none, and would hold it raw.
func textTokens(s string, depth int) hclwrite.Tokens {
	if !strings.Contains(strings.TrimSuffix(s, "\n"), "\n") || manyMarks(s) || strings.IndexFunc(s, func(r rune) bool {
		return r != '\n' && r != '\t' && words.Unsafe(r)
	}) >= 0 {
		return hclwrite.TokensForValue(cty.StringVal(s))
	}
	delim := "EOT"
	for i := 2; strings.Contains("\n"+s+"\n", "\n"+delim+"\n") || strings.Contains(s, delim+"\n"); i++ {
		delim = fmt.Sprintf("EOT%d", i)
	}
	body := strings.NewReplacer("${", "$${", "%{", "%%{").Replace(s)
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	open, closeIndent := "<<"+delim, ""
	if startsInColumnOne(body) {
		pad := strings.Repeat("  ", depth+1)
		lines := strings.SplitAfter(body, "\n")
		for i, ln := range lines {
			if strings.TrimSpace(ln) != "" {
				lines[i] = pad + ln
			}
		}
		body, open, closeIndent = strings.Join(lines, ""), "<<-"+delim, strings.Repeat("  ", depth)
	}
	return hclwrite.Tokens{
		{Type: hclsyntax.TokenOHeredoc, Bytes: []byte(open + "\n")},
		{Type: hclsyntax.TokenStringLit, Bytes: []byte(body)},
		{Type: hclsyntax.TokenCHeredoc, Bytes: []byte(closeIndent + delim)},
	}
}

// startsInColumnOne reports whether a non-blank line of s has no leading
// white space, so that <<- strips exactly the indentation catc adds.
func startsInColumnOne(s string) bool {
	for _, ln := range strings.Split(s, "\n") {
		if strings.TrimSpace(ln) != "" && ln[0] != ' ' && ln[0] != '\t' {
			return true
		}
	}
	return false
}

// valueTokens writes a literal default. Numbers keep their kind: a Ruby
// float is written with a fraction or exponent, since catc reads
// Integer or Float from the literal as Puppet does.
func valueTokens(n ruby.Node) hclwrite.Tokens {
	switch v := n.(type) {
	case *ruby.Str:
		return hclwrite.TokensForValue(cty.StringVal(v.Value))
	case *ruby.Sym:
		return hclwrite.TokensForValue(cty.StringVal(v.Name))
	case *ruby.Int:
		return hclwrite.Tokens{{Type: hclsyntax.TokenNumberLit, Bytes: []byte(intText(v.Text))}}
	case *ruby.Float:
		return hclwrite.Tokens{{Type: hclsyntax.TokenNumberLit, Bytes: []byte(v.Text)}}
	case *ruby.Bool:
		return hclwrite.TokensForValue(cty.BoolVal(v.Value))
	case *ruby.Nil:
		return hclwrite.TokensForValue(cty.NullVal(cty.DynamicPseudoType))
	case *ruby.Array:
		elems := make([]hclwrite.Tokens, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = valueTokens(e)
		}
		return hclwrite.TokensForTuple(elems)
	case *ruby.Hash:
		attrs := make([]hclwrite.ObjectAttrTokens, len(v.Pairs))
		for i, p := range v.Pairs {
			attrs[i] = hclwrite.ObjectAttrTokens{Name: keyTokens(p.Key), Value: valueTokens(p.Value)}
		}
		return hclwrite.TokensForObject(attrs)
	}
	return hclwrite.TokensForValue(cty.NullVal(cty.DynamicPseudoType))
}

// keyTokens writes a hash key as a quoted string, so that any key works.
func keyTokens(n ruby.Node) hclwrite.Tokens {
	switch k := n.(type) {
	case *ruby.Sym:
		return hclwrite.TokensForValue(cty.StringVal(k.Name))
	case *ruby.Str:
		return hclwrite.TokensForValue(cty.StringVal(k.Value))
	}
	return valueTokens(n)
}

// intText writes a Ruby integer (0x1F, 0b101, 0o17, 017, -5) in decimal.
func intText(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	base := 10
	switch {
	case len(s) > 1 && (s[1] == 'x' || s[1] == 'X'):
		base, s = 16, s[2:]
	case len(s) > 1 && (s[1] == 'b' || s[1] == 'B'):
		base, s = 2, s[2:]
	case len(s) > 1 && (s[1] == 'o' || s[1] == 'O'):
		base, s = 8, s[2:]
	case len(s) > 1 && (s[1] == 'd' || s[1] == 'D'):
		s = s[2:]
	case len(s) > 1 && s[0] == '0':
		base = 8
	}
	n, ok := new(big.Int).SetString(s, base)
	if !ok {
		return "0"
	}
	if neg {
		n.Neg(n)
	}
	return n.String()
}
