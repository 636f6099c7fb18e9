package catalog

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// maxNesting bounds how deeply brackets, braces, parentheses and template
// interpolations may nest in one file. hclsyntax parses them by recursion
// that takes about 16 KB of stack per level, so some 60,000 levels
// exhaust Go's stack and kill the process (no recover is possible); a
// real catalog nests a handful of levels.
const maxNesting = 256

const summaryTooDeep = "Too deeply nested"

// checkNesting scans src (a file, or a chunk starting at start) before it
// is parsed and returns an error at the first opening bracket beyond
// maxNesting levels. It knows HCL's lexical structure well enough to skip
// what is not code: comments, quoted strings (whose ${ } and %{ }
// interpolations nest like brackets) and heredocs. Being wrong can only
// miscount a file that already nests very deeply, never reject a shallow
// one, because every miscounted opening would need its own bracket.
func checkNesting(src []byte, filename string, start hcl.Pos) hcl.Diagnostics {
	s := nestScanner{src: src}
	off, ok := s.scan()
	switch {
	case !ok:
		return hcl.Diagnostics{errorAt(summaryTooDeep,
			fmt.Sprintf("This bracket opens level %d of nesting; catc accepts at most %d levels (brackets, braces, parentheses and ${ } interpolations together), "+
				"so that parsing cannot exhaust the stack. Flatten the value, for example by naming inner parts in locals.", maxNesting+1, maxNesting),
			*byteRange(src, off, filename, start), nil)}
	case s.stray > maxStray:
		return hcl.Diagnostics{errorAt(summaryNotHCL,
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
// heredoc, whose closing marker is kept in markers.
type nestScanner struct {
	src     []byte
	stack   []byte
	markers [][]byte
	// stray counts strayChars in code, from firstStray on.
	stray, firstStray int
}

// scan returns the offset of the first opening beyond maxNesting, and
// false, or true when there is none.
func (s *nestScanner) scan() (int, bool) {
	src := s.src
	for i := 0; i < len(src); {
		top := byte(0)
		if len(s.stack) > 0 {
			top = s.stack[len(s.stack)-1]
		}
		var next int
		var opened bool
		switch top {
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
				next, opened = s.inCode(i)
			}
		}
		if i >= len(src) {
			break
		}
		if opened && len(s.stack) > maxNesting {
			return i, false
		}
		if s.stray > maxStray {
			return 0, true
		}
		i = next
	}
	return 0, true
}

// The bytes each context must look at; runs of other bytes are skipped
// at once (the scan reads a generated catalog at several hundred MB/s).
var codeSpecial, stringSpecial, heredocSpecial = byteSet("#/[]{}()\"<" + strayChars), byteSet("\\\"\n$%"), byteSet("\n$%")

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

// inCode handles one byte (or comment, or heredoc opener) of code at i and
// returns where to continue and whether a context was opened at i.
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
	case c == '[' || c == '{' || c == '(':
		s.stack = append(s.stack, c)
		return i + 1, true
	case c == ']' || c == '}' || c == ')':
		s.pop()
		return i + 1, false
	case c == '"':
		s.stack = append(s.stack, '"')
		return i + 1, true
	case c == '<' && i+1 < len(src) && src[i+1] == '<':
		if marker, body := heredocMarker(src, i+2); marker != nil {
			s.stack = append(s.stack, 'h')
			s.markers = append(s.markers, marker)
			return body, true
		}
	case strings.IndexByte(strayChars, c) >= 0:
		if s.stray == 0 {
			s.firstStray = i
		}
		s.stray++
	}
	return i + 1, false
}

// inString handles one byte of a quoted string.
func (s *nestScanner) inString(i int) (int, bool) {
	src := s.src
	switch c := src[i]; {
	case c == '\\':
		return min(i+2, len(src)), false
	case c == '"' || c == '\n':
		s.pop() // a newline ends an unterminated string, as for the parser
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
			s.stack = append(s.stack, 'i')
			return i + 2, true
		case c:
			if i+2 < len(src) && src[i+2] == '{' {
				return i + 3, false
			}
		}
	}
	return i + 1, false
}

// pop closes the innermost context; a stray closer is left to the parser.
func (s *nestScanner) pop() {
	if len(s.stack) == 0 {
		return
	}
	if s.stack[len(s.stack)-1] == 'h' {
		s.markers = s.markers[:len(s.markers)-1]
	}
	s.stack = s.stack[:len(s.stack)-1]
}

// heredocMarker reads the marker of a heredoc opener whose "<<" ends
// before i ("<<EOT" or "<<-EOT" then a newline) and returns it with the
// offset of the body; nil when this is not a heredoc.
func heredocMarker(src []byte, i int) ([]byte, int) {
	if i < len(src) && src[i] == '-' {
		i++
	}
	j := i
	for j < len(src) && (isLetter(src[j]) || src[j] == '_' || j > i && (src[j] >= '0' && src[j] <= '9' || src[j] == '-')) {
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
