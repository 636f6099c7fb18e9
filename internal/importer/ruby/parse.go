package ruby

import (
	"fmt"
	"sync"

	"github.com/hashicorp/hcl/v2"
)

// Parse finds the register_type calls of a Ruby file and reads their
// arguments. Lexical errors (an unterminated string or heredoc) are
// diagnostics; what is not a literal is a NonLiteral node, not an error.
func Parse(filename string, src []byte) (*File, hcl.Diagnostics) {
	toks, diags := lex(filename, src)
	p := &parser{toks: toks, src: src}
	p.scan()
	f := &File{Calls: p.calls}
	if len(p.calls) == 0 {
		f.Newtypes = newtypesIn(toks, src)
	}
	return f, append(diags, p.diags...)
}

type parser struct {
	toks []token
	src  []byte
	i    int
	nest int // bracket depth: line breaks inside brackets are white space
	// depth counts the arrays and hashes being read, which the parser
	// reads by recursion; tooDeep is set once one beyond maxNesting was
	// reported (one error a file, however many there are).
	depth   int
	tooDeep bool
	blocks  []Enclosing
	calls   []*Call
	diags   hcl.Diagnostics
}

func (p *parser) tok() token { return p.toks[p.i] }

// at reports the token k places ahead (line breaks count).
func (p *parser) at(k int) token { return p.toks[min(p.i+k, len(p.toks)-1)] }

func (p *parser) advance() {
	if p.i < len(p.toks)-1 {
		p.i++
	}
	if p.nest > 0 {
		p.skipNewlines()
	}
}

func (p *parser) skipNewlines() {
	for p.toks[p.i].kind == tNewline {
		p.i++
	}
}

func (p *parser) isPunct(text string) bool {
	t := p.tok()
	return t.kind == tPunct && t.text == text
}

// scan walks the file's statements, keeping the stack of block keywords,
// and reads every Puppet::ResourceApi.register_type call.
func (p *parser) scan() {
	for p.tok().kind != tEOF {
		if m, ok := p.callHere(); ok {
			p.readCall(m)
			continue
		}
		p.trackBlock()
		p.i++
	}
}

// callHere recognises [::]Puppet::ResourceApi.register_type at p.i and
// returns the index of the method name token.
func (p *parser) callHere() (int, bool) {
	k := 0
	if t := p.at(0); t.kind == tPunct && t.text == "::" {
		k = 1
	}
	if p.at(k).kind != tConst || p.at(k).text != "Puppet" || p.at(k+1).text != "::" ||
		p.at(k+2).text != "ResourceApi" || p.at(k+3).text != "." {
		return 0, false
	}
	if m := p.at(k + 4); m.kind == tIdent && m.text == "register_type" {
		if prev := p.prev(); prev.kind == tPunct && (prev.text == "." || prev.text == "::") {
			return 0, false
		}
		return p.i + k + 4, true
	}
	return 0, false
}

func (p *parser) prev() token {
	if p.i == 0 {
		return token{kind: tNewline}
	}
	return p.toks[p.i-1]
}

// blockOpeners are the keywords that an `end` closes.
var blockOpeners = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"if": true, "unless": true, "while": true, "until": true, "case": true, "for": true,
		"def": true, "class": true, "module": true, "begin": true, "do": true,
	}
})

// conditional are the openers whose body may not run (once).
var conditional = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"if": true, "unless": true, "while": true, "until": true, "case": true, "for": true, "def": true, "do": true,
	}
})

func (p *parser) trackBlock() {
	t := p.tok()
	if t.kind != tIdent {
		return
	}
	prev := p.prev()
	if prev.kind == tPunct && (prev.text == "." || prev.text == "::" || prev.text == "&.") {
		return // a method named like a keyword
	}
	switch {
	case t.text == "end":
		if len(p.blocks) > 0 {
			p.blocks = p.blocks[:len(p.blocks)-1]
		}
	case t.text == "do" && p.loopDo():
		// `while x do`: the loop's own do
	case blockOpeners()[t.text] && (!modifiable(t.text) || statementStart(prev)):
		p.blocks = append(p.blocks, Enclosing{Keyword: t.text, Rng: t.rng})
	}
}

func modifiable(kw string) bool {
	return kw == "if" || kw == "unless" || kw == "while" || kw == "until"
}

// statementStart reports whether a keyword after prev begins an
// expression (a block) rather than modifying one (`x if y`).
func statementStart(prev token) bool {
	switch prev.kind {
	case tNewline:
		return true
	case tPunct:
		switch prev.text {
		case "(", "[", "{", "=", ",", "||", "&&", "?", ":", "=>", "||=", "&&=":
			return true
		}
	case tIdent:
		return keywordsBeforeValue()[prev.text] || prev.text == "begin"
	case tLabel:
		return true
	}
	return false
}

// loopDo reports a `do` that belongs to a while/until/for on its line.
func (p *parser) loopDo() bool {
	if len(p.blocks) == 0 {
		return false
	}
	kw := p.blocks[len(p.blocks)-1].Keyword
	if kw != "while" && kw != "until" && kw != "for" {
		return false
	}
	for j := p.i - 1; j >= 0 && p.toks[j].kind != tNewline; j-- {
		if p.toks[j].kind == tIdent && p.toks[j].text == kw {
			return true
		}
	}
	return false
}

func (p *parser) readCall(method int) {
	start := p.tok().rng
	name := p.toks[method]
	p.i = method + 1
	c := &Call{NameRng: name.rng}
	for j := len(p.blocks) - 1; j >= 0; j-- {
		if conditional()[p.blocks[j].Keyword] {
			b := p.blocks[j]
			c.Conditional = &b
			break
		}
	}
	if p.isPunct("(") && !p.tok().space {
		p.nest++
		p.advance()
		c.Args = p.args(")")
		end := p.tok().rng
		if p.isPunct(")") {
			p.nest--
			p.i++
		} else {
			p.errorf(end, "Missing closing parenthesis", "The arguments of %s must end with `)`.", name.text)
			p.nest = 0
		}
		c.Rng = hcl.RangeBetween(start, end)
	} else {
		c.Args = p.args("")
		c.Rng = hcl.RangeBetween(start, p.toks[max(p.i-1, 0)].rng)
	}
	p.calls = append(p.calls, c)
}

func (p *parser) errorf(r hcl.Range, summary, format string, args ...any) {
	p.diags = append(p.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary,
		Detail: fmt.Sprintf(format, args...), Subject: r.Ptr()})
}

// args reads comma-separated arguments up to close (or, without
// parentheses, the end of the line); key => value or key: value pairs
// gather into one trailing Hash, as Ruby does.
func (p *parser) args(close string) []Node {
	var out []Node
	var trailing *Hash
	for !p.endOfList(close) {
		before := p.i
		if key, v := p.entry(close); key != nil {
			if trailing == nil {
				trailing = &Hash{Rng: key.Range()}
				out = append(out, trailing)
			}
			trailing.Pairs = append(trailing.Pairs, Pair{Key: key, Value: v})
			trailing.Rng = hcl.RangeBetween(trailing.Rng, v.Range())
		} else {
			out = append(out, v)
		}
		if p.i == before {
			p.advance() // never stall on a token no rule takes
		}
		if !p.isPunct(",") {
			break
		}
		p.advance()
		if close == "" {
			p.skipNewlines() // a trailing comma continues the line
		}
	}
	return out
}

func (p *parser) endOfList(close string) bool {
	t := p.tok()
	if t.kind == tEOF {
		return true
	}
	if close == "" {
		return t.kind == tNewline
	}
	return t.kind == tPunct && (t.text == close || t.text == ")" || t.text == "]" || t.text == "}")
}

// entry reads one list entry: `label: value` or `key => value` (a pair:
// key is set), or a lone value (key is nil). The expression before `=>`
// is read once: exprEnds stops at `=>`.
func (p *parser) entry(close string) (key, value Node) {
	if t := p.tok(); t.kind == tLabel {
		p.advance()
		key = &Sym{Name: t.text, Rng: t.rng}
		if t.interp != nil {
			key = &NonLiteral{What: "string interpolation", Text: p.text(*t.interp), Rng: *t.interp}
		}
		return key, p.expr(close)
	}
	n := p.expr(close)
	if !p.isPunct("=>") {
		return nil, n
	}
	p.advance()
	return n, p.expr(close)
}

func (p *parser) text(r hcl.Range) string {
	return string(p.src[r.Start.Byte:min(r.End.Byte, len(p.src))])
}
