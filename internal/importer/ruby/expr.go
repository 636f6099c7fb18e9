package ruby

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// expr reads one argument value. A literal followed by anything that
// makes it part of a larger expression (an operator, a method call, an
// index) is not a literal: the whole expression becomes a NonLiteral.
func (p *parser) expr(close string) Node {
	start := p.i
	n := p.primary(close)
	if p.exprEnds(close) {
		return n
	}
	what := ""
	var sum Node
	if nl, ok := n.(*NonLiteral); ok {
		what = nl.What
	} else {
		what = p.operatorWords()
		if p.isPunct("+") {
			sum = n
		}
	}
	p.skipExpr(close)
	nl := p.nonLiteral(start, what)
	nl.Augend = sum
	return nl
}

// exprEnds reports whether the token after a value ends the expression.
func (p *parser) exprEnds(close string) bool {
	t := p.tok()
	switch t.kind {
	case tEOF:
		return true
	case tNewline:
		return p.nest == 0
	case tPunct:
		switch t.text {
		case ",", ")", "]", "}", "=>":
			return true
		}
		return close != "" && t.text == close
	}
	return false
}

// operatorWords names what follows a literal and makes it an expression.
func (p *parser) operatorWords() string {
	t := p.tok()
	switch {
	case t.kind == tPunct && t.text == "?":
		return "a conditional() expression (`? :`)"
	case t.kind == tPunct && (t.text == "." || t.text == "&."):
		if m := p.at(1); m.kind == tIdent {
			return "a method call `." + m.text + "`"
		}
		return "a method call"
	case t.kind == tPunct && t.text == "[":
		return "an index `[...]`"
	case t.kind == tPunct:
		return "an expression with `" + t.text + "`"
	case t.kind == tIdent:
		return "an expression with `" + t.text + "`"
	}
	return "an expression"
}

// skipExpr passes over the rest of an expression, brackets balanced.
func (p *parser) skipExpr(close string) {
	depth := 0
	for {
		t := p.tok()
		if t.kind == tEOF {
			return
		}
		if depth == 0 && p.exprEnds(close) {
			return
		}
		depth += bracketStep(t)
		if t.kind == tNewline && depth > 0 {
			p.i++
			continue
		}
		p.advance()
	}
}

func (p *parser) nonLiteral(start int, what string) *NonLiteral {
	end := max(p.i-1, start)
	for end > start && p.toks[end].kind == tNewline {
		end--
	}
	r := hcl.RangeBetween(p.toks[start].rng, p.toks[end].rng)
	return &NonLiteral{What: what, Text: strings.TrimSpace(p.text(r)), Rng: r}
}

func (p *parser) primary(close string) Node {
	t := p.tok()
	switch t.kind {
	case tString:
		return p.strings()
	case tSymbol:
		p.advance()
		if t.interp != nil {
			return &NonLiteral{What: "string interpolation", Text: p.text(*t.interp), Rng: *t.interp}
		}
		return &Sym{Name: t.text, Rng: t.rng}
	case tInt:
		p.advance()
		return &Int{Text: t.text, Rng: t.rng}
	case tFloat:
		p.advance()
		return &Float{Text: t.text, Rng: t.rng}
	case tRegexp:
		p.advance()
		return &Regexp{Source: t.str, Flags: t.flags, Interp: t.interp, Rng: t.rng}
	case tWords:
		p.advance()
		return p.wordList(t)
	case tPunct:
		return p.punctPrimary(t, close)
	case tIdent:
		return p.identPrimary(t, close)
	case tConst:
		return p.constant(close)
	case tVar:
		p.advance()
		return &NonLiteral{What: "the variable " + t.text, Text: t.text, Rng: t.rng}
	}
	p.skipExpr(close)
	return p.nonLiteral(p.i, "an expression")
}

func (p *parser) wordList(t token) Node {
	if t.interp != nil {
		return &NonLiteral{What: "string interpolation", Text: p.text(*t.interp), Rng: *t.interp}
	}
	a := &Array{Rng: t.rng}
	for _, w := range t.words {
		if t.symbol {
			a.Elems = append(a.Elems, &Sym{Name: w, Rng: t.rng})
		} else {
			a.Elems = append(a.Elems, &Str{Value: w, Rng: t.rng})
		}
	}
	return a
}

// strings joins adjacent string literals ("a" 'b' "c"), as Ruby does.
func (p *parser) strings() Node {
	first := p.tok()
	s := &Str{Rng: first.rng}
	var b strings.Builder
	for p.tok().kind == tString {
		t := p.tok()
		b.WriteString(t.str)
		if t.interp != nil && s.Interp == nil {
			s.Interp = t.interp
		}
		s.Rng = hcl.RangeBetween(s.Rng, t.rng)
		p.advance()
	}
	s.Value = b.String()
	return s
}

func (p *parser) identPrimary(t token, close string) Node {
	switch t.text {
	case "true", "false":
		p.advance()
		return &Bool{Value: t.text == "true", Rng: t.rng}
	case "nil":
		p.advance()
		return &Nil{Rng: t.rng}
	}
	start := p.i
	p.skipExpr(close)
	if p.i == start {
		p.advance()
	}
	return p.nonLiteral(start, "the method call or variable `"+t.text+"`")
}

// constant reads Foo::Bar (and what follows it) as a NonLiteral.
func (p *parser) constant(close string) Node {
	start := p.i
	name := p.tok().text
	p.advance()
	for p.isPunct("::") && (p.at(1).kind == tConst || p.at(1).kind == tIdent) {
		name += "::" + p.at(1).text
		p.advance()
		p.advance()
	}
	what := "the constant " + name
	if p.isPunct(".") && p.at(1).kind == tIdent {
		what = "the method call " + name + "." + p.at(1).text
	}
	p.skipExpr(close)
	return p.nonLiteral(start, what)
}

func (p *parser) punctPrimary(t token, close string) Node {
	switch t.text {
	case "[":
		return p.array()
	case "{":
		return p.hash()
	case "-", "+":
		if n := p.at(1); (n.kind == tInt || n.kind == tFloat) && !n.space {
			p.advance()
			num := p.primary(close)
			if t.text == "-" {
				switch v := num.(type) {
				case *Int:
					v.Text, v.Rng = "-"+v.Text, hcl.RangeBetween(t.rng, v.Rng)
				case *Float:
					v.Text, v.Rng = "-"+v.Text, hcl.RangeBetween(t.rng, v.Rng)
				}
			}
			return num
		}
	case "::":
		return p.constantAfterColons(close)
	}
	start := p.i
	what := "an expression with `" + t.text + "`"
	switch t.text {
	case "->":
		what = "a lambda (`->`)"
	case "*", "**", "&":
		what = "a splat (`" + t.text + "`)"
	}
	if t.text != "(" {
		p.advance() // a parenthesis stays, for skipExpr to balance it
	}
	p.skipExpr(close)
	return p.nonLiteral(start, what)
}

func (p *parser) constantAfterColons(close string) Node {
	start := p.i
	p.advance()
	if p.tok().kind != tConst {
		p.skipExpr(close)
		return p.nonLiteral(start, "an expression with `::`")
	}
	n := p.constant(close).(*NonLiteral)
	n.Rng = hcl.RangeBetween(p.toks[start].rng, n.Rng)
	n.Text = "::" + n.Text
	return n
}

func (p *parser) array() Node {
	if p.depth >= maxNesting {
		return p.nestedTooDeep()
	}
	p.depth++
	defer func() { p.depth-- }()
	open := p.tok().rng
	p.nest++
	p.advance()
	a := &Array{}
	for !p.isPunct("]") && p.tok().kind != tEOF {
		before := p.i
		a.Elems = append(a.Elems, p.expr("]"))
		if p.i == before {
			p.advance()
		}
		if !p.isPunct(",") {
			break
		}
		p.advance()
	}
	return p.closeBracket(open, "]", func(r hcl.Range) Node { a.Rng = r; return a })
}

func (p *parser) hash() Node {
	if p.depth >= maxNesting {
		return p.nestedTooDeep()
	}
	p.depth++
	defer func() { p.depth-- }()
	open := p.tok().rng
	p.nest++
	p.advance()
	h := &Hash{}
	for !p.isPunct("}") && p.tok().kind != tEOF {
		before := p.i
		key, v := p.entry("}")
		if key == nil {
			nl, isNL := v.(*NonLiteral)
			if !isNL {
				nl = &NonLiteral{Text: p.text(v.Range()), Rng: v.Range()}
			}
			nl.What = "a hash entry without `=>` or `:`"
			key, v = nl, nl
		}
		h.Pairs = append(h.Pairs, Pair{Key: key, Value: v})
		if p.i == before {
			p.advance()
		}
		if !p.isPunct(",") {
			break
		}
		p.advance()
	}
	return p.closeBracket(open, "}", func(r hcl.Range) Node { h.Rng = r; return h })
}

// closeBracket expects close, leaves the bracket and builds the node's
// range; a missing bracket is a diagnostic and the node is still built.
func (p *parser) closeBracket(open hcl.Range, close string, build func(hcl.Range) Node) Node {
	end := p.tok().rng
	p.nest--
	if p.isPunct(close) {
		p.advance()
	} else {
		p.errorf(open, "Unclosed bracket", "This bracket has no matching `%s` (found %s instead).", close, describe(p.tok()))
		p.skipToClose(close)
	}
	return build(hcl.RangeBetween(open, end))
}

// skipToClose recovers after an unbalanced bracket: it passes over what
// is left up to close, and stops before another closing bracket, which
// belongs to an enclosing list.
func (p *parser) skipToClose(close string) {
	for t := p.tok(); t.kind != tEOF; t = p.tok() {
		if t.kind == tPunct && (t.text == ")" || t.text == "]" || t.text == "}") {
			if t.text == close {
				p.i++
			}
			return
		}
		p.i++
	}
}

func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "the end of the file"
	case tNewline:
		return "the end of the line"
	case tString:
		return "a string"
	}
	return "`" + t.text + "`"
}
