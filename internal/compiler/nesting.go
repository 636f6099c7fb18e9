package compiler

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/numbounds"
	"github.com/catc-dev/catc/internal/words"
	"github.com/hashicorp/hcl/v2"
)

// maxNesting bounds how deeply expressions may nest in one file.
// hclsyntax parses by recursion (parser.go, parser_template.go): every
// bracket, brace, parenthesis, ${ } or %{ } interpolation and quoted
// string or heredoc, but also every unary operator of a run (!!x, - -x),
// every conditional of a chain (a ? b : c ? d : e), every full splat of a
// traversal (a[*][*]) and every template if/for directive inside another
// takes a level of recursion of up to 16 KB of stack, so some 60,000
// levels exhaust Go's stack and kill the process (no recover is
// possible); a real catalog nests a handful of levels.
const maxNesting = 256

// maxChain bounds the links of one expression: its binary operators,
// index brackets (x[k]) and attribute splats (x.*), which the parser
// reads in a loop but chains into
// a tree as deep as the chain (1 + 1 + … is ((1 + 1) + 1) + …), so that
// evaluating it, and every walk of it, recurses once per link: 200,000
// links took 12 s and 600 MB, 500,000 exhausted the stack. Links count
// along the nesting (an operand in parentheses adds its own links to
// those of the expressions around it). A real catalog writes a few.
const maxChain = 4096

// maxMarks bounds the `$` and `%` that one quoted string or heredoc
// holds as text (not opening an interpolation): hclsyntax reads each as
// a piece of its own and melds the pieces one at a time, moving the rest
// of the template each time, in time that grows with the square of
// their number (40,000 in one string took 5 s, 80,000 15 s). With the
// bound, a file of such strings costs at most about 2.5 s a megabyte. A
// real string holds a few dozen; a long shell script in a heredoc, some
// hundreds.
const maxMarks = 1024

const (
	summaryTooDeep   = "Too deeply nested"
	summaryTooLong   = "Expression too long"
	summaryManyMarks = "Too many $ and % in one string"
)

// checkNesting scans src (a file, or a chunk starting at start) before it
// is parsed and returns an error at the first opening bracket beyond
// maxNesting levels. It knows HCL's lexical structure well enough to skip
// what is not code: comments, quoted strings (whose ${ } and %{ }
// interpolations nest like brackets) and heredocs. Being wrong can only
// miscount a file that already nests very deeply, never reject a shallow
// one, because every miscounted opening would need its own bracket.
func checkNesting(src []byte, filename string, start hcl.Pos) (hcl.Diagnostics, bool) {
	s := nestScanner{src: src}
	off, ok := s.scan()
	return s.diagnose(off, ok, filename, start), s.costly
}

// diagnose is the error the scan found, if any.
func (s *nestScanner) diagnose(off int, ok bool, filename string, start hcl.Pos) hcl.Diagnostics {
	src := s.src
	switch {
	case !ok && s.manyMarks > 0:
		return hcl.Diagnostics{catalog.ErrorAt(summaryManyMarks,
			fmt.Sprintf("Here this string or heredoc passes %s `$` and `%%` that are text, not the start of an interpolation; catc accepts at most that many in one string, "+
				"because HCL's parser takes time that grows with the square of their number. Split the text into several strings joined with join() or format().",
				words.GroupDigits(maxMarks)),
			*byteRange(src, s.manyMarks, filename, start), nil)}
	case !ok && s.links > maxChain:
		return hcl.Diagnostics{catalog.ErrorAt(summaryTooLong,
			fmt.Sprintf("This is link %d of one expression's chain of operators, index brackets (x[k]) and attribute splats (x.*); catc accepts at most %d, "+
				"so that evaluating the expression cannot exhaust the stack or run for seconds (the chain nests one operation in the next). "+
				"Split the expression: compute parts of it in locals and combine those.", maxChain+1, maxChain),
			*byteRange(src, off, filename, start), nil)}
	case !ok:
		return hcl.Diagnostics{catalog.ErrorAt(summaryTooDeep,
			fmt.Sprintf("This opens level %d of nesting; catc accepts at most %d levels (brackets, braces, parentheses, strings, ${ } and %%{ } interpolations, "+
				"template if and for directives, runs of unary operators such as !!, conditionals inside conditionals and [*] splats together), "+
				"so that parsing cannot exhaust the stack. Flatten the value, for example by naming inner parts in locals.", maxNesting+1, maxNesting),
			*byteRange(src, off, filename, start), nil)}
	case s.number != "":
		r := byteRange(src, s.numStart, filename, start)
		r.End = catalog.Advance(start, src[:s.numEnd])
		return hcl.Diagnostics{catalog.ErrorAt(catalog.SummaryNumberBounds, s.number, *r, nil)}
	case s.stray > maxStray:
		return hcl.Diagnostics{catalog.ErrorAt(summaryNotHCL,
			fmt.Sprintf("This file has more than %d characters that HCL never allows outside strings and comments (%s), the first of them here, so it is not HCL: catc stops reading it rather than report each. Check that the path names an HCL file.", maxStray, strayChars),
			*byteRange(src, s.firstStray, filename, start), nil)}
	}
	return nil
}

// strayChars can never appear in HCL code (outside strings, comments and
// heredocs); a file with more than maxStray of them is taken for
// something else (a binary, another language) and not parsed: hclsyntax
// would report each one, and parsing garbage costs about 250 bytes of
// memory per input byte (10 MB took 9 s and 1.1 GB). A few of them are
// typos, which the parser reports with its own, better messages.
const (
	strayChars    = ";'`@\\^"
	maxStray      = 64
	summaryNotHCL = "Not an HCL file"
)

// nestScanner walks src keeping a stack of open contexts: '[', '{', '('
// and 'i' (an interpolation) hold code; '"' a quoted string; 'h' a
// heredoc, whose closing marker is kept in markers. depth counts the
// levels of recursion the parser will need: one per context, plus the
// operators, conditionals, splats and directives each context holds open
// (nestCtx).
type nestScanner struct {
	src     []byte
	stack   []nestCtx
	base    nestCtx // the top level, outside any context
	markers [][]byte
	depth   int
	// links counts the links (binary operators, index brackets) of the
	// expressions open in every context (nestCtx.links).
	links int
	// tokEnd is the end of the last token of code handled (comments
	// included), termEnd whether that token ended a term (afterTerm).
	tokEnd  int
	termEnd bool
	// peak is the most depth and links were open at once (fuzz_test.go
	// checks that it bounds the syntax tree's depth).
	peak int
	// unaryEnd is the offset after the last unary operator, to tell a
	// run of them (!!x) from operators apart (!a && !b).
	unaryEnd int
	// stray counts strayChars in code, from firstStray on.
	stray, firstStray int
	// number is a number literal beyond the bounds (numbers.go), from
	// numStart to numEnd.
	number   string
	numStart int
	numEnd   int
	// manyMarks is the offset of the `$` or `%` beyond maxMarks in one
	// string or heredoc, which stops the scan; 0 when there is none.
	manyMarks int
	// costly is set when src may hold an expression whose evaluation
	// boundExpressions must bound: arithmetic, a comparison, a
	// conditional, a template interpolation or directive, a splat or a
	// for expression.
	costly bool
	// tokenEnd is the end of the last number or name read.
	tokenEnd int
	// untilDeep scans on past a number beyond the bounds and stray
	// characters, which stop checkNesting's scan (unlexable).
	untilDeep bool
}

// unlexable reports whether the lexer must not see src: src is not
// UTF-8 text, or nests beyond maxNesting, or holds more than maxStray
// stray characters, anywhere in it. checkInput refuses such a file
// before parsing, and lexing it would cost as much: the lexer's time
// grows faster than the file when it nests deeply (4 MB of nested
// template directives took 10 s), and garbage is a token of 96 bytes
// a byte (10 MB took 36 s).
func unlexable(src []byte) bool {
	if invalidUTF8(src) >= 0 {
		return true
	}
	s := &nestScanner{src: src, untilDeep: true}
	_, ok := s.scan()
	return !ok || s.stray > maxStray
}

// nestCtx is one open context. open counts what stays open until the
// expression ends (at a comma, or a newline in a body or object):
// conditionals (each ? parses the rest as its branch) and full splats
// (each [*] parses the rest of the traversal). run is the current run of
// unary operators, which ends with the term after it; template if and
// for directives count in open of their string or heredoc until their
// end directive.
type nestCtx struct {
	kind             byte
	open, run, links int
	// marks counts the `$` and `%` of a string or heredoc that are text
	// (maxMarks).
	marks int
}

// cur is the innermost context.
func (s *nestScanner) cur() *nestCtx {
	if len(s.stack) == 0 {
		return &s.base
	}
	return &s.stack[len(s.stack)-1]
}

// push opens a context at i; the run of unary operators before it stays
// open (the parser is inside their operand).
func (s *nestScanner) push(kind byte) {
	s.stack = append(s.stack, nestCtx{kind: kind})
	s.depth++
	s.unaryEnd = -1
}

// endExpr closes what the current context held open for one expression.
func (s *nestScanner) endExpr() {
	c := s.cur()
	s.depth -= c.open + c.run
	s.links -= c.links
	c.open, c.run, c.links = 0, 0, 0
}

// link counts a link of the current expression at i; it reports whether
// the chain is now beyond maxChain.
func (s *nestScanner) link() bool {
	s.cur().links++
	s.links++
	return s.links > maxChain
}

// scan returns the offset of the first opening beyond maxNesting, and
// false, or true when there is none (a number literal beyond the bounds
// stops the scan too, with s.number set).
func (s *nestScanner) scan() (int, bool) {
	src := s.src
	s.unaryEnd = -1
	for i := 0; i < len(src); {
		var next int
		var opened bool
		switch s.cur().kind {
		case '"':
			if i = skipPlain(src, i, &stringSpecial); i < len(src) {
				next, opened = s.inString(i)
			}
		case 'h':
			if i = skipPlain(src, i, &heredocSpecial); i < len(src) {
				next, opened = s.inHeredoc(i)
			}
		default:
			if i = skipPlain(src, i, &codeSpecial); i < len(src) {
				next, opened = s.code(i)
			}
		}
		if i >= len(src) {
			break
		}
		s.peak = max(s.peak, s.depth+s.links)
		if opened && s.depth > maxNesting || s.links > maxChain || s.manyMarks > 0 {
			return i, false
		}
		if !s.untilDeep && (s.stray > maxStray || s.number != "") {
			return 0, true
		}
		i = next
	}
	return 0, true
}

// The bytes each context must look at; runs of other bytes are skipped
// at once (the scan reads a generated catalog at several hundred MB/s).
var codeSpecial, stringSpecial, heredocSpecial = byteSet("#/[]{}()\"<>&|?!=-+,\n*%0123456789" + strayChars), byteSet("\\\"\n$%"), byteSet("\n$%")

func byteSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// skipPlain returns the first offset from i of a byte in special (or the
// end), except that a heredoc's line start is never skipped.
func skipPlain(src []byte, i int, special *[256]bool) int {
	for i < len(src) && !special[src[i]] {
		if special == &heredocSpecial && (i == 0 || src[i-1] == '\n') {
			return i
		}
		i++
	}
	return i
}

// code is inCode, keeping track of where the last token ended and
// whether it ended a term (afterTerm).
func (s *nestScanner) code(i int) (int, bool) {
	term := s.afterTerm(i) // for a comment or a line break, which change nothing
	kind := s.cur().kind
	next, opened := s.inCode(i)
	switch c := s.src[i]; {
	case c == '#' || c == '/' && next > i+1 && (s.src[i+1] == '/' || s.src[i+1] == '*'):
		s.termEnd = term
	case c == '\n' && kind != '{' && kind != 0: // inside brackets, a line break is white space
		s.termEnd = term
	default:
		s.termEnd = c == ']' || c == '}' || c == ')' || c >= '0' && c <= '9'
	}
	s.tokEnd = next
	return next, opened
}

// inCode handles one byte (or comment, heredoc opener, identifier or
// number) of code at i and returns where to continue and whether a level
// was opened at i.
func (s *nestScanner) inCode(i int) (int, bool) {
	src := s.src
	c := src[i]
	switch {
	case c == '#' || c == '/' && i+1 < len(src) && src[i+1] == '/':
		return lineEnd(src, i), false
	case c == '/' && i+1 < len(src) && src[i+1] == '*':
		if j := bytes.Index(src[i+2:], []byte("*/")); j >= 0 {
			return i + 2 + j + 2, false
		}
		return len(src), false
	case c == '[' && isSplat(src, i):
		s.cur().open++
		s.depth++
		s.costly = true
		return i + 1, true
	case c == '[' || c == '{' || c == '(':
		s.costly = s.costly || c != '(' && opensFor(src[i+1:])
		if c == '[' && s.afterTerm(i) {
			s.link() // an index: x[k] holds x
		}
		s.push(c)
		return i + 1, true
	case c == ']' || c == '}' || c == ')':
		s.pop()
		return i + 1, false
	case c == '"':
		s.push('"')
		return i + 1, true
	case c == '<' && i+1 < len(src) && src[i+1] == '<':
		if marker, body := heredocMarker(src, i+2); marker != nil {
			s.push('h')
			s.markers = append(s.markers, marker)
			return body, true
		}
	case c == '?':
		s.cur().open++
		s.depth++
		s.costly = true
		return i + 1, true
	case c == ',' || c == '\n' && (s.cur().kind == '{' || s.cur().kind == 0):
		s.endExpr()
	case strings.IndexByte("=!&|<>+-*/%", c) >= 0 && s.afterTerm(i) && binaryOp(src[i:]) > 0:
		s.link()
		// A dash right after a letter continues a name (svc-0) or a
		// number's exponent (1e-5): no arithmetic to bound.
		s.costly = s.costly || c != '-' || i == 0 || !catalog.IsLetter(src[i-1])
		s.endRun() // a minus after a term is binary
		return i + binaryOp(src[i:]), false
	case c == '!' || c == '-':
		return s.unary(i)
	case c == '*' && i > 0 && src[i-1] == '.':
		s.link() // an attribute splat, x.*: it holds x
		s.costly = true
	case c == '*':
		s.costly = true // the * of a full splat, [*]
	case c >= '0' && c <= '9':
		return s.numberOrName(i), false
	case strings.IndexByte(strayChars, c) >= 0:
		if s.stray == 0 {
			s.firstStray = i
		}
		s.stray++
	}
	return i + 1, false
}

// binaryOp is the length of the binary operator at the start of rest
// (which follows a term), or 0.
func binaryOp(rest []byte) int {
	two := len(rest) > 1
	switch c := rest[0]; {
	case c == '=' || c == '&' || c == '|':
		if two && rest[1] == c {
			return 2 // ==, &&, ||
		}
	case c == '!':
		if two && rest[1] == '=' {
			return 2
		}
	case c == '<' || c == '>':
		if two && rest[1] == '=' {
			return 2
		}
		if c == '<' && two && rest[1] == '<' {
			return 0 // a heredoc
		}
		return 1
	case c == '+' || c == '-' || c == '*' || c == '/' || c == '%':
		return 1
	}
	return 0
}

// afterTerm reports whether the code at i follows a term (a name, a
// number, a closing bracket, quote or heredoc), comments and white space
// aside: an operator there is binary, and a bracket indexes. Anything
// but white space skipped since the last token counts as a name: being
// wrong can only count a link too many.
func (s *nestScanner) afterTerm(i int) bool {
	if s.termEnd {
		return true
	}
	for _, c := range s.src[min(s.tokEnd, i):i] {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return true
		}
	}
	return false
}

// endRun ends the current run of unary operators.
func (s *nestScanner) endRun() {
	c := s.cur()
	s.depth -= c.run
	c.run = 0
	s.unaryEnd = -1
}

// unary counts the operator at i (! or -) in the run it continues, or
// starts a run.
func (s *nestScanner) unary(i int) (int, bool) {
	s.costly = true // a negation
	c := s.cur()
	if s.unaryEnd < 0 || len(bytes.TrimLeft(s.src[s.unaryEnd:i], " \t\r\n")) != 0 {
		s.depth -= c.run
		c.run = 0
	}
	c.run++
	s.depth++
	s.unaryEnd = i + 1
	return i + 1, true
}

// opensFor tells whether rest, what follows a bracket or brace, starts
// with the keyword for (a for expression).
func opensFor(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r\n")
	return bytes.HasPrefix(rest, []byte("for")) && (len(rest) == 3 || !isNameByte(rest[3]) && rest[3] != '-')
}

// isSplat tells whether the bracket at i opens a full splat, [*].
func isSplat(src []byte, i int) bool {
	rest := bytes.TrimLeft(src[i+1:], " \t")
	if len(rest) == 0 || rest[0] != '*' {
		return false
	}
	rest = bytes.TrimLeft(rest[1:], " \t")
	return len(rest) > 0 && rest[0] == ']'
}

// numberOrName handles a digit at i: the start of a number literal, which
// is checked against the bounds of numbers.go, or a digit of a name
// (web-01, a1, a-1: HCL names may hold dashes), which is skipped with the
// rest of the name.
func (s *nestScanner) numberOrName(i int) int {
	src := s.src
	if s.inName(i) {
		for i < len(src) && (isNameByte(src[i]) || src[i] == '-') {
			i++
		}
		s.tokenEnd = i
		return i
	}
	end := numberEnd(src, i)
	if msg := numbounds.CheckLiteral(src[i:end]); msg != "" {
		s.number, s.numStart, s.numEnd = msg, i, end
	}
	s.tokenEnd = end
	return end
}

// inName tells whether the digit at i continues a name: whether the run
// of name bytes and dashes before it starts with a letter. The run is
// looked at back to the last number or name only, so that every byte is
// looked at once.
func (s *nestScanner) inName(i int) bool {
	j := i
	for j > s.tokenEnd && (isNameByte(s.src[j-1]) || s.src[j-1] == '-') {
		j--
	}
	if j == i {
		return false
	}
	c := s.src[j]
	return c != '-' && (c < '0' || c > '9')
}

// isNameByte is a byte that continues a name: ASCII letters, digits and
// _ (or part of a non-ASCII letter).
func isNameByte(c byte) bool {
	return catalog.IsLetter(c) || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

// numberEnd is the end of the number literal at i, as HCL's scanner reads
// it: digits, then a fraction and an exponent if present.
func numberEnd(src []byte, i int) int {
	digits := func(i int) int {
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		return i
	}
	i = digits(i)
	if i+1 < len(src) && src[i] == '.' && src[i+1] >= '0' && src[i+1] <= '9' {
		i = digits(i + 1)
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j < len(src) && src[j] >= '0' && src[j] <= '9' {
			i = digits(j)
		}
	}
	return i
}

// inString handles one byte of a quoted string.
func (s *nestScanner) inString(i int) (int, bool) {
	src := s.src
	switch c := src[i]; {
	case c == '\\':
		return min(i+2, len(src)), false
	case c == '"' || c == '\n':
		s.pop() // a newline ends an unterminated string, as for the parser
		s.tokEnd, s.termEnd = i+1, true
		return i + 1, false
	}
	return s.interpolation(i)
}

// inHeredoc handles one line start or byte of a heredoc body.
func (s *nestScanner) inHeredoc(i int) (int, bool) {
	src := s.src
	if i == 0 || src[i-1] == '\n' {
		end := lineEnd(src, i)
		if bytes.Equal(bytes.TrimSpace(src[i:end]), s.markers[len(s.markers)-1]) {
			s.pop()
			s.tokEnd, s.termEnd = end, true
			return end, false
		}
	}
	return s.interpolation(i)
}

// interpolation opens ${ or %{ at i in a template ($${ and %%{ are
// escapes for the literal text).
func (s *nestScanner) interpolation(i int) (int, bool) {
	src := s.src
	c := src[i]
	if (c == '$' || c == '%') && i+1 < len(src) {
		switch src[i+1] {
		case '{':
			if c == '%' {
				s.directive(i + 2)
			}
			s.costly = true
			s.push('i')
			return i + 2, true
		case c:
			if i+2 < len(src) && src[i+2] == '{' {
				s.mark(i)
				return i + 3, false
			}
		}
	}
	if c == '$' || c == '%' {
		s.mark(i)
	}
	return i + 1, false
}

// mark counts a `$` or `%` at i that is text in the current string or
// heredoc; beyond maxMarks it stops the scan there (manyMarks).
func (s *nestScanner) mark(i int) {
	c := s.cur()
	c.marks++
	if c.marks > maxMarks && s.manyMarks == 0 {
		s.manyMarks = i
	}
}

// directive counts a template if or for directive, whose body the
// parser reads by recursion until its end directive; the keyword starts
// at i (after "%{" and an optional "~").
func (s *nestScanner) directive(i int) {
	word := bytes.TrimLeft(s.src[i:], "~ \t\r\n")
	n := 0
	for n < len(word) && isNameByte(word[n]) {
		n++
	}
	c := s.cur()
	switch string(word[:n]) {
	case "if", "for":
		c.open++
		s.depth++
	case "endif", "endfor":
		if c.open > 0 {
			c.open--
			s.depth--
		}
	}
}

// pop closes the innermost context; a stray closer is left to the parser.
// The run of unary operators of the enclosing context ends with it (the
// closed context was their operand).
func (s *nestScanner) pop() {
	if len(s.stack) == 0 {
		return
	}
	c := s.stack[len(s.stack)-1]
	if c.kind == 'h' {
		s.markers = s.markers[:len(s.markers)-1]
	}
	s.depth -= 1 + c.open + c.run
	s.stack = s.stack[:len(s.stack)-1]
	outer := s.cur()
	s.depth -= outer.run
	outer.run = 0
	s.unaryEnd = -1
}

// heredocMarker reads the marker of a heredoc opener whose "<<" ends
// before i ("<<EOT" or "<<-EOT" then a newline) and returns it with the
// offset of the body; nil when this is not a heredoc.
func heredocMarker(src []byte, i int) ([]byte, int) {
	if i < len(src) && src[i] == '-' {
		i++
	}
	j := i
	for j < len(src) && (catalog.IsLetter(src[j]) || src[j] == '_' || j > i && (src[j] >= '0' && src[j] <= '9' || src[j] == '-')) {
		j++
	}
	if j == i {
		return nil, 0
	}
	k := j
	if k < len(src) && src[k] == '\r' {
		k++
	}
	if k >= len(src) || src[k] != '\n' {
		return nil, 0
	}
	return src[i:j], k + 1
}

func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}
