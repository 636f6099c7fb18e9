package ruby

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

type tokKind int

const (
	tEOF     tokKind = iota
	tNewline         // a statement separator: a newline or ;
	tString          // one string literal (adjacent ones are joined by the parser)
	tSymbol          // :name or :"name"
	tLabel           // name: or "name": (a hash key)
	tInt
	tFloat
	tRegexp
	tWords // %w[...] and %i[...]
	tIdent // identifiers and keywords
	tConst // capitalised identifiers
	tVar   // @x, @@x, $x
	tPunct // brackets, commas, => :: . and operators
)

// token is one lexeme. text is the identifier, punctuation, number
// (without underscores) or symbol name; str the value of a string.
type token struct {
	kind   tokKind
	text   string
	str    string
	interp *hcl.Range
	// holes are the interpolations of a double-quoted string, in order:
	// where each sits in str and its source range (#{…} included).
	holes  []hole
	words  []string
	symbol bool // a %i word list
	flags  string
	rng    hcl.Range
	space  bool // white space or a line break came before it
}

// lexer turns a file into tokens. Ruby's lexing depends on context (is
// `/` a division or a regexp?); the lexer decides from the previous
// token, the way Ruby does for the code register_type files contain.
type lexer struct {
	file    string
	src     []byte
	pos     int
	lines   []int // byte offset of each line start
	toks    []token
	pending []pendingHeredoc
	// holes are the interpolations delimited met in the literal it read
	// last (stringToken hands them to the token).
	holes []hole
	diags hcl.Diagnostics
	space bool
	last  hcl.Pos // the last position posAt gave
}

type pendingHeredoc struct {
	tok    int    // index in toks
	id     string // terminator
	indent bool   // <<- or <<~: the terminator may be indented
	dedent bool   // <<~: remove the common indentation
	raw    bool   // <<~'ID': no escapes
}

// maxTokens bounds the work on hostile input; no real type file is near.
const maxTokens = 2_000_000

func lex(file string, src []byte) ([]token, hcl.Diagnostics) {
	l := &lexer{file: file, src: src, lines: []int{0}}
	for i, b := range src {
		if b == '\n' {
			l.lines = append(l.lines, i+1)
		}
	}
	l.run()
	if len(l.pending) > 0 {
		p := l.pending[0]
		l.errorf(l.toks[p.tok].rng, "Unterminated heredoc", "The heredoc started here has no line %q that ends it.", p.id)
	}
	l.toks = append(l.toks, token{kind: tEOF, rng: l.rangeOf(len(src), len(src))})
	return l.toks, l.diags
}

// posAt is the position of a byte offset. Tokens come in order, so the
// column is counted on from the last position asked for when it is on
// the same line: a long line is not rescanned for every token.
func (l *lexer) posAt(off int) hcl.Pos {
	line := sort.Search(len(l.lines), func(i int) bool { return l.lines[i] > off }) - 1
	from, col := l.lines[line], 1
	if last := l.last; last.Line == line+1 && last.Byte <= off {
		from, col = last.Byte, last.Column
	}
	l.last = hcl.Pos{Line: line + 1, Column: col + utf8.RuneCount(l.src[from:off]), Byte: off}
	return l.last
}

func (l *lexer) rangeOf(start, end int) hcl.Range {
	return hcl.Range{Filename: l.file, Start: l.posAt(start), End: l.posAt(end)}
}

func (l *lexer) errorf(r hcl.Range, summary, format string, args ...any) {
	l.diags = append(l.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary,
		Detail: fmt.Sprintf(format, args...), Subject: r.Ptr()})
}

func (l *lexer) emit(t token) {
	t.space = l.space
	l.space = false
	l.toks = append(l.toks, t)
}

func (l *lexer) peek(k int) byte {
	if l.pos+k < len(l.src) {
		return l.src[l.pos+k]
	}
	return 0
}

func (l *lexer) atLineStart() bool { return l.pos == 0 || l.src[l.pos-1] == '\n' }

func (l *lexer) run() {
	for l.pos < len(l.src) && len(l.toks) < maxTokens && len(l.diags) < 20 {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.newline()
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
			l.space = true
		case c == '\\' && l.peek(1) == '\n':
			l.pos += 2 // a line continuation
			l.space = true
		case c == '\\' && l.peek(1) == '\r' && l.peek(2) == '\n':
			l.pos += 3
			l.space = true
		case c == '#':
			l.skipComment()
		case c == '=' && l.atLineStart() && strings.HasPrefix(string(l.src[l.pos:min(len(l.src), l.pos+6)]), "=begin"):
			l.skipBlockComment()
		case l.atLineStart() && l.endMarker():
			l.pos = len(l.src)
		default:
			l.token(c)
		}
	}
}

// endMarker reports a line that is exactly __END__: the rest is data.
func (l *lexer) endMarker() bool {
	rest := l.src[l.pos:]
	if !strings.HasPrefix(string(rest[:min(len(rest), 7)]), "__END__") {
		return false
	}
	return len(rest) == 7 || rest[7] == '\n' || rest[7] == '\r'
}

func (l *lexer) newline() {
	start := l.pos
	l.pos++
	l.emit(token{kind: tNewline, text: "\n", rng: l.rangeOf(start, start+1)})
	l.space = true
	if len(l.pending) > 0 {
		l.readHeredocBodies()
	}
}

func (l *lexer) skipComment() {
	for l.pos < len(l.src) && l.src[l.pos] != '\n' {
		l.pos++
	}
}

func (l *lexer) skipBlockComment() {
	start := l.pos
	for l.pos < len(l.src) {
		end := indexByteFrom(l.src, l.pos, '\n')
		line := string(l.src[l.pos:end])
		l.pos = min(end+1, len(l.src))
		if strings.HasPrefix(line, "=end") && (len(line) == 4 || line[4] == ' ' || line[4] == '\t' || line[4] == '\r') {
			return
		}
	}
	l.errorf(l.rangeOf(start, start+6), "Unterminated comment", "This =begin comment has no =end line.")
}

func indexByteFrom(b []byte, from int, c byte) int {
	for i := from; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return len(b)
}

// valueExpected reports whether the next token starts an operand, which
// decides between `/` division and a regexp, `%` and a %-literal, `<<`
// and a heredoc, `:` and a symbol.
func (l *lexer) valueExpected() bool {
	if len(l.toks) == 0 {
		return true
	}
	t := l.toks[len(l.toks)-1]
	switch t.kind {
	case tNewline, tLabel:
		return true
	case tPunct:
		return t.text != ")" && t.text != "]" && t.text != "}"
	case tIdent:
		if keywordsBeforeValue()[t.text] {
			return true
		}
		// `foo /x/` is a call with a regexp argument; `foo / x` a division.
		return l.space && !isSpace(l.peek(1))
	}
	return false
}

var keywordsBeforeValue = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"if": true, "unless": true, "while": true, "until": true, "and": true, "or": true, "not": true,
		"return": true, "when": true, "in": true, "then": true, "else": true, "elsif": true, "do": true, "case": true,
	}
})

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0 }

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (l *lexer) token(c byte) {
	start := l.pos
	switch {
	case c == '"' || c == '`':
		l.pos++
		s, interp := l.readDouble(c, 0)
		l.stringToken(start, s, interp)
	case c == '\'':
		l.pos++
		s := l.readSingle('\'', 0)
		l.stringToken(start, s, nil)
	case c >= '0' && c <= '9':
		l.number()
	case isIdentStart(c):
		l.ident()
	case c == '@' || c == '$':
		l.variable()
	case c == ':':
		l.colon()
	case c == '%' && l.valueExpected() && l.percentLiteral():
	case c == '/' && l.valueExpected():
		l.pos++
		src, interp := l.readRegexpBody('/', 0)
		l.emit(token{kind: tRegexp, str: src, interp: interp, flags: l.regexpFlags(), rng: l.rangeOf(start, l.pos)})
	case c == '<' && l.peek(1) == '<' && l.valueExpected() && l.heredocStart():
	default:
		l.punct()
	}
}

// stringToken emits a string, or a label when it is a hash key ("k": v).
func (l *lexer) stringToken(start int, s string, interp *hcl.Range) {
	if l.peek(0) == ':' && l.peek(1) != ':' {
		l.pos++
		l.emit(token{kind: tLabel, text: s, interp: interp, rng: l.rangeOf(start, l.pos)})
		return
	}
	var holes []hole
	if interp != nil {
		holes = l.holes
	}
	l.emit(token{kind: tString, str: s, interp: interp, holes: holes, rng: l.rangeOf(start, l.pos)})
}

// hole is one interpolation in a string: At is its byte offset in the
// string's value, Rng the source of `#{…}` (or #@x, #$x).
type hole struct {
	At  int
	Rng hcl.Range
}

func (l *lexer) ident() {
	start := l.pos
	for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
		l.pos++
	}
	if (l.peek(0) == '?' || l.peek(0) == '!') && l.peek(1) != '=' {
		l.pos++
	}
	name := string(l.src[start:l.pos])
	if l.peek(0) == ':' && l.peek(1) != ':' && !strings.HasSuffix(name, "?") {
		l.pos++
		l.emit(token{kind: tLabel, text: name, rng: l.rangeOf(start, l.pos)})
		return
	}
	kind := tIdent
	if name[0] >= 'A' && name[0] <= 'Z' {
		kind = tConst
	}
	l.emit(token{kind: kind, text: name, rng: l.rangeOf(start, l.pos)})
}

func (l *lexer) variable() {
	start := l.pos
	l.pos++
	for l.peek(0) == '@' {
		l.pos++
	}
	for l.pos < len(l.src) && (isIdentChar(l.src[l.pos]) || l.src[start] == '$' && l.pos == start+1) {
		l.pos++
	}
	l.emit(token{kind: tVar, text: string(l.src[start:l.pos]), rng: l.rangeOf(start, l.pos)})
}

func (l *lexer) colon() {
	start := l.pos
	switch n := l.peek(1); {
	case n == ':':
		l.pos += 2
		l.emit(token{kind: tPunct, text: "::", rng: l.rangeOf(start, l.pos)})
	case n == '"':
		l.pos += 2
		s, interp := l.readDouble('"', 0)
		l.emit(token{kind: tSymbol, text: s, interp: interp, rng: l.rangeOf(start, l.pos)})
	case n == '\'':
		l.pos += 2
		s := l.readSingle('\'', 0)
		l.emit(token{kind: tSymbol, text: s, rng: l.rangeOf(start, l.pos)})
	case isIdentStart(n):
		l.pos++
		for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
			l.pos++
		}
		if c := l.peek(0); c == '?' || c == '!' || c == '=' && l.peek(1) != '>' && l.peek(1) != '=' {
			l.pos++
		}
		l.emit(token{kind: tSymbol, text: string(l.src[start+1 : l.pos]), rng: l.rangeOf(start, l.pos)})
	default:
		l.pos++
		l.emit(token{kind: tPunct, text: ":", rng: l.rangeOf(start, l.pos)})
	}
}

func (l *lexer) number() {
	start := l.pos
	var b strings.Builder
	float := false
	digits := func(ok func(byte) bool) {
		for l.pos < len(l.src) && (ok(l.src[l.pos]) || l.src[l.pos] == '_' && l.pos+1 < len(l.src) && ok(l.src[l.pos+1])) {
			if l.src[l.pos] != '_' {
				b.WriteByte(l.src[l.pos])
			}
			l.pos++
		}
	}
	dec := func(c byte) bool { return c >= '0' && c <= '9' }
	if l.src[l.pos] == '0' && strings.IndexByte("xXbBoOdD", l.peek(1)) >= 0 {
		b.WriteString(string(l.src[l.pos : l.pos+2]))
		l.pos += 2
		digits(func(c byte) bool { return dec(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' })
	} else {
		digits(dec)
		if l.peek(0) == '.' && dec(l.peek(1)) {
			float = true
			b.WriteByte('.')
			l.pos++
			digits(dec)
		}
		if c := l.peek(0); c == 'e' || c == 'E' {
			k := 1
			if s := l.peek(1); s == '+' || s == '-' {
				k = 2
			}
			if dec(l.peek(k)) {
				float = true
				b.WriteString(string(l.src[l.pos : l.pos+k]))
				l.pos += k
				digits(dec)
			}
		}
	}
	kind := tInt
	if float {
		kind = tFloat
	}
	l.emit(token{kind: kind, text: b.String(), rng: l.rangeOf(start, l.pos)})
}

// punctuation, longest first.
var puncts = []string{
	"**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "&.",
	"=>", "==", "!=", "=~", "!~", ">=", "<=", "&&", "||", "<<", ">>", "**", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "..", "->",
}

func (l *lexer) punct() {
	start := l.pos
	rest := l.src[l.pos:min(len(l.src), l.pos+3)]
	for _, p := range puncts {
		if strings.HasPrefix(string(rest), p) {
			l.pos += len(p)
			l.emitPunct(start, p)
			return
		}
	}
	_, size := utf8.DecodeRune(l.src[l.pos:])
	l.pos += size
	text := string(l.src[start:l.pos])
	if text == ";" {
		l.emit(token{kind: tNewline, text: ";", rng: l.rangeOf(start, l.pos)})
		return
	}
	l.emitPunct(start, text)
}

func (l *lexer) emitPunct(start int, text string) {
	l.emit(token{kind: tPunct, text: text, rng: l.rangeOf(start, l.pos)})
}
