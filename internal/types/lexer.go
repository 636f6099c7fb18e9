package types

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a lexical token of Puppet's language, reduced to
// what a type expression can meet.
type tokKind uint8

const (
	tEOF       tokKind = iota
	tClassRef          // Integer, Foo::Bar, ::String
	tName              // a bareword: abc, a-b, a::b, _c
	tKeyword           // if, case, true, default, private ... (text is the word)
	tNumber            // 0x1F, 0777, 12, 1.5e3 (text is the source)
	tString            // a quoted string without interpolation (text is the value)
	tDQInterp          // a double-quoted string with $var or ${...} interpolation
	tRegex             // /src/ (text is the source, \/ unescaped)
	tVariable          // $x (text is the name)
	tLBrack            // [ directly after a token: an access
	tListStart         // [ after whitespace or at the start: a list
	tRBrack            // ]
	tLBrace            // {
	tRBrace            // }
	tLParen            // ( in an expression
	tWSLParen          // ( first on its line
	tRParen            // )
	tComma             // ,
	tFarrow            // =>
	tSemic             // ;
	tDot               // .
	tMinus             // -
	tNot               // !
	tTimes             // *
	tOp                // any other operator (text is the operator)
	tOther             // an unrecognized character (Puppet reports it as '')
)

// typeToken is one lexed token with its byte span in the source.
type typeToken struct {
	kind       tokKind
	start, end int
	text       string
}

// errValue is the text Puppet's parser shows in "Syntax error at '...'".
func (t typeToken) errValue() string {
	switch t.kind {
	case tOther:
		return ""
	case tRegex:
		return "(?-mix:" + t.text + ")"
	case tDQInterp:
		// Puppet shows the text before the interpolation.
		body := t.text[1:]
		for i := 0; i < len(body); i++ {
			if body[i] == '\\' {
				i++
			} else if body[i] == '$' {
				body = body[:i]
				break
			}
		}
		v, _ := unescapeDQ(body)
		return v
	}
	return t.text
}

// typeLexer turns a type string into tokens on demand, so that a lexical error
// after a syntax error is never reported (the parser stops first, as
// Puppet's does).
type typeLexer struct {
	src       string
	pos       int
	after     tokKind // the kind of the previous token, for the regex rule
	afterBool bool    // the previous token is true or false
	first     bool    // no token emitted yet
}

// puppetKeywords are Puppet's reserved words; true/false/default/undef are values.
var puppetKeywords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"case": true, "class": true, "default": true, "define": true, "if": true,
		"elsif": true, "else": true, "inherits": true, "node": true, "and": true,
		"or": true, "undef": true, "false": true, "true": true, "in": true,
		"unless": true, "function": true, "type": true, "attr": true, "private": true,
	}
})

func newTypeLexer(src string) *typeLexer { return &typeLexer{src: src, first: true} }

// next returns the next token, or a syntax-kind *ParseError.
func (lx *typeLexer) next() (typeToken, error) {
	for {
		tok, skip, err := lx.scan()
		if err != nil {
			return typeToken{}, err
		}
		if skip {
			continue
		}
		lx.after = tok.kind
		lx.afterBool = tok.kind == tKeyword && (tok.text == "true" || tok.text == "false")
		lx.first = false
		return tok, nil
	}
}

// scan lexes at lx.pos; skip is true for whitespace and comments.
func (lx *typeLexer) scan() (tok typeToken, skip bool, err error) {
	s, p := lx.src, lx.pos
	if p >= len(s) {
		return typeToken{kind: tEOF, start: len(s), end: len(s)}, false, nil
	}
	c := s[p]
	switch {
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		lx.pos++
		return typeToken{}, true, nil
	case c == '#':
		lx.skipLineComment()
		return typeToken{}, true, nil
	case c >= '0' && c <= '9':
		tok, err = lx.number()
		return tok, false, err
	case c >= 'a' && c <= 'z' || c == '_':
		return lx.bareword(p), false, nil
	case c >= 'A' && c <= 'Z':
		tok, err = lx.classRef(p)
		return tok, false, err
	case c == '\'':
		tok, err = lx.sqString()
		return tok, false, err
	case c == '"':
		tok, err = lx.dqString()
		return tok, false, err
	case c == '/':
		return lx.slash()
	case c == ':':
		tok, err = lx.colon()
		return tok, false, err
	case c == '$':
		return lx.variable(), false, nil
	case c == '@':
		tok, err = lx.at()
		return tok, false, err
	}
	if c >= utf8.RuneSelf {
		if r, n := utf8.DecodeRuneInString(s[p:]); r == '\u00a0' || r != utf8.RuneError && unicode.Is(unicode.Zs, r) {
			lx.pos += n
			return typeToken{}, true, nil
		}
	}
	return lx.punct(), false, nil
}

func (lx *typeLexer) emit(kind tokKind, n int) typeToken {
	t := typeToken{kind: kind, start: lx.pos, end: lx.pos + n, text: lx.src[lx.pos : lx.pos+n]}
	lx.pos += n
	return t
}

func (lx *typeLexer) skipLineComment() {
	if i := strings.IndexByte(lx.src[lx.pos:], '\n'); i >= 0 {
		lx.pos += i
	} else {
		lx.pos = len(lx.src)
	}
}

// punct lexes punctuation and operators; anything unknown is tOther.
func (lx *typeLexer) punct() typeToken {
	s, p := lx.src, lx.pos
	la := func(i int) byte {
		if p+i < len(s) {
			return s[p+i]
		}
		return 0
	}
	switch s[p] {
	case '[':
		if p == 0 || isBlankBefore(s, p) {
			return lx.emit(tListStart, 1)
		}
		return lx.emit(tLBrack, 1)
	case ']':
		return lx.emit(tRBrack, 1)
	case '{':
		return lx.emit(tLBrace, 1)
	case '}':
		return lx.emit(tRBrace, 1)
	case '(':
		if lx.onlyBlanksBeforeOnLine(p) {
			return lx.emit(tWSLParen, 1)
		}
		return lx.emit(tLParen, 1)
	case ')':
		return lx.emit(tRParen, 1)
	case ',':
		return lx.emit(tComma, 1)
	case ';':
		return lx.emit(tSemic, 1)
	case '.':
		return lx.emit(tDot, 1)
	case '*':
		return lx.emit(tTimes, 1)
	case '=':
		switch la(1) {
		case '>':
			return lx.emit(tFarrow, 2)
		case '=', '~':
			return lx.emit(tOp, 2)
		}
		return lx.emit(tOp, 1)
	case '-':
		if la(1) == '>' || la(1) == '=' {
			return lx.emit(tOp, 2)
		}
		return lx.emit(tMinus, 1)
	case '!':
		if la(1) == '=' || la(1) == '~' {
			return lx.emit(tOp, 2)
		}
		return lx.emit(tNot, 1)
	case '+':
		if la(1) == '=' || la(1) == '>' {
			return lx.emit(tOp, 2)
		}
		return lx.emit(tOp, 1)
	case '<':
		if la(1) == '<' && la(2) == '|' {
			return lx.emit(tOp, 3)
		}
		if strings.IndexByte("<=|-~", la(1)) >= 0 && la(1) != 0 {
			return lx.emit(tOp, 2)
		}
		return lx.emit(tOp, 1)
	case '>':
		if la(1) == '>' || la(1) == '=' {
			return lx.emit(tOp, 2)
		}
		return lx.emit(tOp, 1)
	case '|':
		if la(1) == '>' && la(2) == '>' {
			return lx.emit(tOp, 3)
		}
		if la(1) == '>' {
			return lx.emit(tOp, 2)
		}
		return lx.emit(tOp, 1)
	case '~':
		if la(1) == '>' {
			return lx.emit(tOp, 2)
		}
		return lx.emit(tOp, 1)
	case '%', '?':
		return lx.emit(tOp, 1)
	}
	t := lx.emit(tOther, 1)
	t.text = ""
	return t
}

// isBlankBefore reports whether the character before byte p is whitespace
// (Puppet's rule that makes "Integer [1]" a list, not an access).
func isBlankBefore(s string, p int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:p])
	return r == ' ' || r == '\t' || r == '\r' || r == '\n' || unicode.Is(unicode.Zs, r)
}

func (lx *typeLexer) onlyBlanksBeforeOnLine(p int) bool {
	start := strings.LastIndexByte(lx.src[:p], '\n') + 1
	return strings.Trim(lx.src[start:p], " \t\r") == ""
}

// bareword lexes ((::)?[a-z_]([\w-]*\w)?)+ starting at p.
func (lx *typeLexer) bareword(p int) typeToken {
	end := scanBareword(lx.src, p)
	word := lx.src[p:end]
	kind := tName
	if puppetKeywords()[word] {
		kind = tKeyword
	}
	return lx.emit(kind, end-p)
}

func scanBareword(s string, p int) int {
	end := p
	for {
		q := end
		if strings.HasPrefix(s[q:], "::") {
			q += 2
		}
		if q >= len(s) || !(s[q] >= 'a' && s[q] <= 'z' || s[q] == '_') {
			return end
		}
		q++
		last := q
		for q < len(s) && (lexWordByte(s[q]) || s[q] == '-') {
			q++
			if s[q-1] != '-' {
				last = q
			}
		}
		end = last
	}
}

func lexWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func lexUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// scanClassRef scans ((::)?[A-Z]\w*)+ at p and returns its end (p if none).
func scanClassRef(s string, p int) int {
	end := p
	for {
		q := end
		if strings.HasPrefix(s[q:], "::") {
			q += 2
		}
		if q >= len(s) || !lexUpper(s[q]) {
			return end
		}
		q++
		for q < len(s) && lexWordByte(s[q]) {
			q++
		}
		end = q
	}
}

func (lx *typeLexer) classRef(p int) (typeToken, error) {
	end := scanClassRef(lx.src, p)
	if strings.HasPrefix(lx.src[end:], "::") {
		return typeToken{}, lx.errorAt(end+1, 1, "Illegal class reference")
	}
	return lx.emit(tClassRef, end-p), nil
}

// colon lexes ::Name, ::name or a lone colon.
func (lx *typeLexer) colon() (typeToken, error) {
	s, p := lx.src, lx.pos
	if !strings.HasPrefix(s[p:], "::") {
		return lx.emit(tOp, 1), nil
	}
	if p+2 < len(s) && lexUpper(s[p+2]) {
		end := scanClassRef(s, p)
		if strings.HasPrefix(s[end:], "::") {
			return typeToken{}, lx.errorAt(end+3, 1, "Illegal fully qualified class reference")
		}
		return lx.emit(tClassRef, end-p), nil
	}
	end := scanBareword(s, p)
	if end == p {
		return typeToken{}, lx.errorAt(p+2, 1, "Illegal fully qualified name")
	}
	return lx.emit(tName, end-p), nil
}

func (lx *typeLexer) variable() typeToken {
	s, p := lx.src, lx.pos
	q := p + 1
	if strings.HasPrefix(s[q:], "::") {
		q += 2
	}
	end := p + 1
	for {
		r := q
		for r < len(s) && lexWordByte(s[r]) {
			r++
		}
		if r == q {
			break
		}
		end = r
		if !strings.HasPrefix(s[r:], "::") {
			break
		}
		q = r + 2
	}
	t := lx.emit(tVariable, end-p)
	t.text = s[p+1 : end]
	return t
}

// regexAcceptable is Puppet's rule: a slash after an operand is a division.
func (lx *typeLexer) regexAcceptable() bool {
	if lx.first {
		return true
	}
	switch lx.after {
	case tRParen, tRBrack, tClassRef, tName, tNumber, tString, tDQInterp, tRegex, tVariable:
		return false
	case tKeyword:
		return !lx.afterBool
	}
	return true
}

// slash lexes a /* comment */, a /regex/ or a division operator.
func (lx *typeLexer) slash() (typeToken, bool, error) {
	s, p := lx.src, lx.pos
	if strings.HasPrefix(s[p:], "/*") {
		i := strings.Index(s[p+2:], "*/")
		if i < 0 {
			return typeToken{}, false, lx.errorAt(p, 1, "Unclosed multiline comment")
		}
		lx.pos = p + 2 + i + 2
		return typeToken{}, true, nil
	}
	if !lx.regexAcceptable() {
		return lx.emit(tOp, 1), false, nil
	}
	end, ok := scanRegexEnd(s, p)
	if !ok {
		return lx.emit(tOp, 1), false, nil
	}
	t := lx.emit(tRegex, end-p)
	t.text = strings.ReplaceAll(s[p+1:end-1], `\/`, "/")
	return t, false, nil
}

// scanRegexEnd finds the end of the regex literal at p: the first slash not
// escaped by an odd number of backslashes.
func scanRegexEnd(s string, p int) (int, bool) {
	q := p + 1
	for {
		i := strings.IndexByte(s[q:], '/')
		if i < 0 {
			return 0, false
		}
		q += i
		n := 0
		for j := q - 1; j > p && s[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return q + 1, true
		}
		q++
	}
}

// at lexes @, @@ and heredocs. catc does not take heredoc text inside a
// type expression (a type string in HCL has its own heredocs).
func (lx *typeLexer) at() (typeToken, error) {
	s, p := lx.src, lx.pos
	if !strings.HasPrefix(s[p:], "@(") {
		if strings.HasPrefix(s[p:], "@@") {
			return lx.emit(tOp, 2), nil
		}
		return lx.emit(tOp, 1), nil
	}
	line := s[p:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	close := strings.IndexByte(line, ')')
	if close < 0 {
		lx.pos = p + 2
		return typeToken{}, lx.errorAt(p+2, 1, "Unclosed parenthesis after '@(' followed by '"+lx.followedBy(p+2)+"'")
	}
	after := p + close + 1
	if !strings.Contains(s[after:], "\n") {
		return typeToken{}, lx.errorAt(after, 1, "Heredoc without any following lines of text")
	}
	err := lx.errorAt(p, close+1, "heredoc strings are not supported in a catc type expression; use a quoted string")
	err.Kind = KindUnsupported
	return typeToken{}, err
}

// followedBy is Puppet's excerpt of the source after an unclosed construct.
func (lx *typeLexer) followedBy(p int) string {
	if p >= len(lx.src) {
		return "<eof>"
	}
	rest := lx.src[p:]
	n := 0
	for i := range rest {
		if n == 5 {
			rest = rest[:i]
			break
		}
		n++
	}
	r := strings.NewReplacer("\t", `\t`, "\n", `\n`, "\r", `\r`)
	return r.Replace(rest) + "..."
}

// errorAt builds a lexical error at byte p, with Puppet's position suffix.
func (lx *typeLexer) errorAt(p, length int, msg string) *ParseError {
	if p > len(lx.src) {
		p = len(lx.src)
	}
	if p+length > len(lx.src) {
		length = len(lx.src) - p
	}
	return &ParseError{Msg: msg + positionSuffix(lx.src, p), Offset: p, Length: length, Kind: KindSyntax}
}

// positionSuffix is " (line: L, column: C)" for byte offset p, counting
// columns in characters from 1.
func positionSuffix(s string, p int) string {
	line := 1 + strings.Count(s[:p], "\n")
	start := strings.LastIndexByte(s[:p], '\n') + 1
	col := 1 + utf8.RuneCountInString(s[start:p])
	return " (line: " + fmtInt(int64(line)) + ", column: " + fmtInt(int64(col)) + ")"
}
