package types

import (
	"math"
	"strconv"
	"strings"
	"sync"
)

// This file is the grammar: Puppet-language expressions, reduced to the
// forms a type string can hold, with everything else parsed only far enough
// to be reported with its source text (as Puppet does).

// nodeKind is the kind of an expression in a parsed type string.
type nodeKind uint8

const (
	nQRef    nodeKind = iota // a capitalized name (text as written)
	nAccess                  // left[args]
	nBare                    // a bareword (text)
	nString                  // a string literal (text is the value)
	nInt                     // an integer literal (ival; big if beyond int64)
	nFloat                   // a float literal (fval)
	nBool                    // true / false
	nDefault                 // default
	nUndef                   // undef
	nRegex                   // /re/ (re)
	nList                    // [args]
	nHash                    // {k => v, ...}: args alternate key, value
	nNeg                     // -args[0]
	nOther                   // any expression that is never a type parameter
)

// exprNode is an expression with its byte span in the source.
type exprNode struct {
	kind       nodeKind
	start, end int
	text       string
	ival       int64
	big        bool
	fval       float64
	bval       bool
	re         *Regexp
	left       *exprNode
	args       []*exprNode
}

// typeParser is a recursive-descent parser over the lexer, with two tokens of
// lookahead.
type typeParser struct {
	lx    *typeLexer
	src   string
	tok   typeToken
	ahead []typeToken
	depth int
}

func (p *typeParser) advance() error {
	if len(p.ahead) > 0 {
		p.tok, p.ahead = p.ahead[0], p.ahead[1:]
		return nil
	}
	t, err := p.lx.next()
	if err != nil {
		return err
	}
	p.tok = t
	return nil
}

// peek2 returns the token after the current one.
func (p *typeParser) peek2() (typeToken, error) {
	if len(p.ahead) == 0 {
		t, err := p.lx.next()
		if err != nil {
			return typeToken{}, err
		}
		p.ahead = append(p.ahead, t)
	}
	return p.ahead[0], nil
}

// syntaxError is Puppet's "Syntax error at ..." for the current token.
func (p *typeParser) syntaxError() error {
	t := p.tok
	if t.kind == tEOF {
		return &ParseError{Msg: "Syntax error at end of input", Offset: len(p.src), Kind: KindSyntax}
	}
	return &ParseError{Msg: "Syntax error at '" + t.errValue() + "'" + positionSuffix(p.src, t.start),
		Offset: t.start, Length: t.end - t.start, Kind: KindSyntax}
}

func (p *typeParser) expect(k tokKind) error {
	if p.tok.kind != k {
		return p.syntaxError()
	}
	return p.advance()
}

// program parses the statements of the string; several make one block
// expression, which is never a type. A nil node means an empty program.
func (p *typeParser) program() (*exprNode, error) {
	if err := p.advance(); err != nil {
		return nil, err
	}
	var stmts []*exprNode
	for p.tok.kind != tEOF {
		if !p.startsExpr() {
			return nil, p.syntaxError()
		}
		n, err := p.expr(0)
		if err != nil {
			return nil, err
		}
		stmts = append(stmts, n)
		if p.tok.kind == tSemic || p.tok.kind == tComma {
			// a; b are two statements; a, b the arguments of a call
			// without parentheses. Either needs something after it.
			if err := p.advance(); err != nil {
				return nil, err
			}
			if p.tok.kind == tEOF {
				return nil, p.syntaxError()
			}
		}
	}
	switch len(stmts) {
	case 0:
		return nil, nil
	case 1:
		return stmts[0], nil
	}
	return &exprNode{kind: nOther, start: stmts[0].start, end: stmts[len(stmts)-1].end}, nil
}

// startsExpr reports whether the current token can begin an expression.
func (p *typeParser) startsExpr() bool {
	switch p.tok.kind {
	case tClassRef, tName, tNumber, tString, tDQInterp, tRegex, tVariable,
		tListStart, tLBrack, tLBrace, tLParen, tWSLParen, tMinus, tNot, tTimes:
		return true
	case tKeyword:
		switch p.tok.text {
		case "and", "or", "in", "inherits", "elsif", "else":
			return false
		}
		return true
	case tOp:
		return p.tok.text == "@" || p.tok.text == "@@"
	}
	return false
}

// binaryPrec is the precedence of a binary operator token (0: none), from
// Puppet's grammar: edges bind loosest, then assignments, or, and,
// comparisons, equality, shifts, + -, * / %, =~ !~ and in.
func binaryPrec(t typeToken) int {
	switch t.kind {
	case tTimes:
		return 9
	case tMinus:
		return 8
	case tKeyword:
		switch t.text {
		case "in":
			return 11
		case "and":
			return 4
		case "or":
			return 3
		}
	case tOp:
		return opPrec()[t.text]
	}
	return 0
}

var opPrec = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"->": 1, "~>": 1, "<-": 1, "<~": 1,
		"=": 2, "+=": 2, "-=": 2,
		"<": 5, "<=": 5, ">": 5, ">=": 5,
		"==": 6, "!=": 6,
		"<<": 7, ">>": 7,
		"+": 8,
		"/": 9, "%": 9,
		"=~": 10, "!~": 10,
	}
})

// expr parses a binary expression whose operators bind tighter than min.
func (p *typeParser) expr(min int) (*exprNode, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, &ParseError{Msg: "the type expression is nested too deeply (catc allows " + fmtInt(maxDepth) + " levels)",
			Offset: p.tok.start, Length: p.tok.end - p.tok.start, Kind: KindUnsupported}
	}
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		prec := binaryPrec(p.tok)
		if prec == 0 || prec <= min {
			return left, nil
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
		if !p.startsExpr() {
			return nil, p.syntaxError()
		}
		right, err := p.expr(prec)
		if err != nil {
			return nil, err
		}
		left = &exprNode{kind: nOther, start: left.start, end: right.end}
	}
}

// unary parses -x, !x, *x and postfix expressions.
func (p *typeParser) unary() (*exprNode, error) {
	t := p.tok
	switch t.kind {
	case tMinus, tNot, tTimes:
		if err := p.advance(); err != nil {
			return nil, err
		}
		if !p.startsExpr() {
			return nil, p.syntaxError()
		}
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		if t.kind == tMinus {
			return &exprNode{kind: nNeg, start: t.start, end: x.end, args: []*exprNode{x}}, nil
		}
		return &exprNode{kind: nOther, start: t.start, end: x.end}, nil
	}
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	return p.postfix(x)
}

// postfix parses accesses x[...], method calls x.f(...) and calls f(...).
func (p *typeParser) postfix(x *exprNode) (*exprNode, error) {
	for {
		switch p.tok.kind {
		case tLBrack:
			args, end, err := p.accessArgs()
			if err != nil {
				return nil, err
			}
			x = &exprNode{kind: nAccess, start: x.start, end: end, left: x, args: args}
		case tDot:
			if err := p.advance(); err != nil {
				return nil, err
			}
			if p.tok.kind != tName && p.tok.kind != tClassRef && p.tok.kind != tKeyword {
				return nil, p.syntaxError()
			}
			end := p.tok.end
			if err := p.advance(); err != nil {
				return nil, err
			}
			if p.tok.kind == tLParen {
				var err error
				if end, err = p.callArgs(); err != nil {
					return nil, err
				}
			}
			x = &exprNode{kind: nOther, start: x.start, end: end}
		case tLParen:
			if x.kind != nBare && x.kind != nQRef {
				return x, nil
			}
			end, err := p.callArgs()
			if err != nil {
				return nil, err
			}
			x = &exprNode{kind: nOther, start: x.start, end: end}
		default:
			return x, nil
		}
	}
}

// callArgs skips a parenthesized argument list and returns its end.
func (p *typeParser) callArgs() (int, error) {
	if err := p.advance(); err != nil {
		return 0, err
	}
	for p.tok.kind != tRParen {
		if _, err := p.expr(0); err != nil {
			return 0, err
		}
		if p.tok.kind != tComma {
			break
		}
		if err := p.advance(); err != nil {
			return 0, err
		}
	}
	end := p.tok.end
	return end, p.expect(tRParen)
}

// accessArgs parses [arg, k => v, ...] after an expression. Consecutive
// k => v pairs form one hash (Struct[a => Integer] is Struct[{a => Integer}]).
func (p *typeParser) accessArgs() ([]*exprNode, int, error) {
	if err := p.advance(); err != nil {
		return nil, 0, err
	}
	if p.tok.kind == tRBrack {
		return nil, 0, p.syntaxError()
	}
	var args []*exprNode
	var hash *exprNode
	for p.tok.kind != tRBrack {
		key, val, err := p.entry(true)
		if err != nil {
			return nil, 0, err
		}
		if val == nil {
			args, hash = append(args, key), nil
		} else {
			if hash == nil {
				hash = &exprNode{kind: nHash, start: key.start}
				args = append(args, hash)
			}
			hash.args = append(hash.args, key, val)
			hash.end = val.end
		}
		if p.tok.kind != tComma {
			break
		}
		if err := p.advance(); err != nil {
			return nil, 0, err
		}
	}
	end := p.tok.end
	return args, end, p.expect(tRBrack)
}

// entry parses an expression, or a hash entry key => value when pairs is
// set or a => follows. A reserved word before => is a plain key.
func (p *typeParser) entry(pairsAllowed bool) (key, val *exprNode, err error) {
	if p.tok.kind == tKeyword && isReservedWord(p.tok.text) {
		next, err := p.peek2()
		if err != nil {
			return nil, nil, err
		}
		if next.kind == tFarrow {
			key = &exprNode{kind: nBare, start: p.tok.start, end: p.tok.end, text: p.tok.text}
			if err := p.advance(); err != nil {
				return nil, nil, err
			}
		}
	}
	if key == nil {
		if !p.startsExpr() {
			return nil, nil, p.syntaxError()
		}
		if key, err = p.expr(0); err != nil {
			return nil, nil, err
		}
	}
	if p.tok.kind != tFarrow || !pairsAllowed {
		return key, nil, nil
	}
	if err := p.advance(); err != nil {
		return nil, nil, err
	}
	if !p.startsExpr() {
		return nil, nil, p.syntaxError()
	}
	val, err = p.expr(0)
	return key, val, err
}

func isReservedWord(w string) bool { return w == "private" || w == "attr" || w == "type" }

// primary parses literals, names, lists, hashes and parentheses.
func (p *typeParser) primary() (*exprNode, error) {
	t := p.tok
	leaf := func(n *exprNode) (*exprNode, error) {
		n.start, n.end = t.start, t.end
		return n, p.advance()
	}
	switch t.kind {
	case tClassRef:
		return leaf(&exprNode{kind: nQRef, text: t.text})
	case tName:
		return leaf(&exprNode{kind: nBare, text: t.text})
	case tString:
		return leaf(&exprNode{kind: nString, text: t.text})
	case tNumber:
		n, err := numberNode(t)
		if err != nil {
			return nil, err
		}
		return leaf(n)
	case tRegex:
		re, err := newRegexp(t.text)
		if err != nil {
			return nil, &ParseError{Msg: err.Error(), Offset: t.start, Length: t.end - t.start, Kind: KindArgument}
		}
		return leaf(&exprNode{kind: nRegex, re: re})
	case tDQInterp, tVariable:
		return leaf(&exprNode{kind: nOther})
	case tListStart, tLBrack:
		return p.list()
	case tLBrace:
		return p.hash()
	case tLParen, tWSLParen:
		return p.paren()
	case tKeyword:
		return p.keyword()
	}
	return nil, p.syntaxError()
}

func (p *typeParser) keyword() (*exprNode, error) {
	t := p.tok
	leaf := func(n *exprNode) (*exprNode, error) {
		n.start, n.end = t.start, t.end
		return n, p.advance()
	}
	switch t.text {
	case "true", "false":
		return leaf(&exprNode{kind: nBool, bval: t.text == "true"})
	case "default":
		return leaf(&exprNode{kind: nDefault})
	case "undef":
		return leaf(&exprNode{kind: nUndef})
	case "private", "attr":
		return leaf(&exprNode{kind: nOther})
	}
	// if, unless, case, class, define, node, function, type start
	// statements that no type parameter can be; Puppet stops at the token
	// after the keyword in every form a type string plausibly has.
	if err := p.advance(); err != nil {
		return nil, err
	}
	return nil, p.syntaxError()
}

func (p *typeParser) list() (*exprNode, error) {
	n := &exprNode{kind: nList, start: p.tok.start}
	p.depth++
	defer func() { p.depth-- }()
	if err := p.advance(); err != nil {
		return nil, err
	}
	for p.tok.kind != tRBrack {
		x, _, err := p.entry(false)
		if err != nil {
			return nil, err
		}
		n.args = append(n.args, x)
		if p.tok.kind != tComma {
			break
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
	}
	n.end = p.tok.end
	return n, p.expect(tRBrack)
}

func (p *typeParser) hash() (*exprNode, error) {
	n := &exprNode{kind: nHash, start: p.tok.start}
	if err := p.advance(); err != nil {
		return nil, err
	}
	for p.tok.kind != tRBrace {
		k, v, err := p.entry(true)
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, p.syntaxError()
		}
		n.args = append(n.args, k, v)
		if p.tok.kind != tComma {
			break
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
	}
	n.end = p.tok.end
	return n, p.expect(tRBrace)
}

// paren parses (expr); Puppet's source text of it stops before the ")".
func (p *typeParser) paren() (*exprNode, error) {
	start := p.tok.start
	if err := p.advance(); err != nil {
		return nil, err
	}
	if !p.startsExpr() {
		return nil, p.syntaxError()
	}
	x, err := p.expr(0)
	if err != nil {
		return nil, err
	}
	return &exprNode{kind: nOther, start: start, end: x.end}, p.expect(tRParen)
}

// numberNode converts a number token: 0x hex, 0 octal, decimal, or float.
func numberNode(t typeToken) (*exprNode, error) {
	s := t.text
	isFloat := !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") && strings.ContainsAny(s, ".eE")
	if isFloat {
		f, err := strconv.ParseFloat(s, 64)
		if math.IsInf(f, 0) || err != nil && f != 0 {
			return nil, &ParseError{Msg: "Internal Error, NUMBER token does not contain a valid number, " + s,
				Offset: t.start, Length: t.end - t.start, Kind: KindArgument}
		}
		return &exprNode{kind: nFloat, fval: f}, nil
	}
	base, digits := 10, s
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		base, digits = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, digits = 8, s[1:]
	}
	u, err := strconv.ParseUint(digits, base, 64)
	n := &exprNode{kind: nInt}
	if err != nil || u > math.MaxInt64 {
		// Beyond int64: an error when interpreted, except 2^63 negated.
		n.big, n.text = true, s
		n.bval = err == nil && u == 1<<63
		return n, nil
	}
	n.ival = int64(u)
	return n, nil
}
