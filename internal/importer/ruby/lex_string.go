package ruby

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// closer gives the closing delimiter of a %-literal; brackets nest.
func closer(open byte) (close byte, nests bool) {
	switch open {
	case '(':
		return ')', true
	case '[':
		return ']', true
	case '{':
		return '}', true
	case '<':
		return '>', true
	}
	return open, false
}

// skipInterpolation passes over #{...} (braces counted, strings inside
// skipped) or #@name / #$name, and returns its range.
func (l *lexer) skipInterpolation() hcl.Range {
	start := l.pos
	l.pos++
	if l.src[l.pos] != '{' {
		l.pos++
		for l.pos < len(l.src) && (isIdentChar(l.src[l.pos]) || l.src[l.pos] == '@') {
			l.pos++
		}
		return l.rangeOf(start, l.pos)
	}
	depth := 0
	for l.pos < len(l.src) {
		switch c := l.src[l.pos]; c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				l.pos++
				return l.rangeOf(start, l.pos)
			}
		case '\\':
			l.pos++
		case '"', '\'':
			l.pos++
			for l.pos < len(l.src) && l.src[l.pos] != c {
				if l.src[l.pos] == '\\' {
					l.pos++
				}
				l.pos++
			}
		}
		l.pos++
	}
	return l.rangeOf(start, len(l.src))
}

// escape reads one backslash escape of a double-quoted string into b.
func (l *lexer) escape(b *strings.Builder) {
	l.pos++ // the backslash
	if l.pos >= len(l.src) {
		return
	}
	c := l.src[l.pos]
	l.pos++
	switch c {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 's':
		b.WriteByte(' ')
	case 'r':
		b.WriteByte('\r')
	case 'a':
		b.WriteByte('\a')
	case 'b':
		b.WriteByte('\b')
	case 'e':
		b.WriteByte(0x1b)
	case 'f':
		b.WriteByte('\f')
	case 'v':
		b.WriteByte('\v')
	case '\n':
		// a backslash-newline inside a string joins the lines
	case 'x':
		l.numericEscape(b, 16, 2)
	case 'u':
		l.unicodeEscape(b)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		l.pos--
		l.numericEscape(b, 8, 3)
	default:
		// Ruby drops the backslash of an unknown escape ("\A" is "A") and
		// keeps the character; a multi-byte character is kept whole.
		l.pos--
		_, size := utf8.DecodeRune(l.src[l.pos:])
		b.Write(l.src[l.pos : l.pos+size])
		l.pos += size
	}
}

func (l *lexer) numericEscape(b *strings.Builder, base, most int) {
	start := l.pos
	for l.pos < len(l.src) && l.pos-start < most && digitValue(l.src[l.pos]) < base {
		l.pos++
	}
	if l.pos == start {
		l.errorf(l.rangeOf(start-2, start), "Invalid escape", "A \\x escape needs hexadecimal digits after it.")
		return
	}
	n, _ := strconv.ParseUint(string(l.src[start:l.pos]), base, 32)
	b.WriteByte(byte(n))
}

func (l *lexer) unicodeEscape(b *strings.Builder) {
	start := l.pos
	if l.peek(0) == '{' {
		end := indexByteFrom(l.src, l.pos, '}')
		for _, f := range strings.Fields(string(l.src[l.pos+1 : min(end, len(l.src))])) {
			n, err := strconv.ParseUint(f, 16, 32)
			if err != nil || n > utf8.MaxRune {
				l.errorf(l.rangeOf(start-2, end), "Invalid escape", "\\u{...} needs hexadecimal code points.")
				break
			}
			b.WriteRune(rune(n))
		}
		l.pos = min(end+1, len(l.src))
		return
	}
	for l.pos < len(l.src) && l.pos-start < 4 && digitValue(l.src[l.pos]) < 16 {
		l.pos++
	}
	n, err := strconv.ParseUint(string(l.src[start:l.pos]), 16, 32)
	if l.pos-start != 4 || err != nil {
		l.errorf(l.rangeOf(start-2, l.pos), "Invalid escape", "\\u needs four hexadecimal digits or {...}.")
		return
	}
	b.WriteRune(rune(n))
}

func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

func (l *lexer) regexpFlags() string {
	start := l.pos
	for l.pos < len(l.src) && strings.IndexByte("imxounse", l.src[l.pos]) >= 0 {
		l.pos++
	}
	return string(l.src[start:l.pos])
}

// percentLiteral reads %q %Q %w %W %i %I %r %s or %<delim>, if one starts
// here.
func (l *lexer) percentLiteral() bool {
	start := l.pos
	kind, k := byte('Q'), 1
	if c := l.peek(1); strings.IndexByte("qQwWiIrs", c) >= 0 && c != 0 {
		kind, k = c, 2
	}
	open := l.peek(k)
	if open == 0 || isIdentChar(open) || isSpace(open) {
		return false
	}
	close, nests := closer(open)
	nestOpen := byte(0)
	if nests {
		nestOpen = open
	}
	l.pos += k + 1
	switch kind {
	case 'q':
		l.stringToken(start, l.readSingle(close, nestOpen), nil)
	case 'Q':
		s, interp := l.readDouble(close, nestOpen)
		l.stringToken(start, s, interp)
	case 's':
		l.emit(token{kind: tSymbol, text: l.readSingle(close, nestOpen), rng: l.rangeOf(start, l.pos)})
	case 'r':
		src, interp := l.readRegexpBody(close, nestOpen)
		l.emit(token{kind: tRegexp, str: src, interp: interp, flags: l.regexpFlags(), rng: l.rangeOf(start, l.pos)})
	default: // w W i I
		l.words(start, kind, close, nestOpen)
	}
	return true
}

// words reads a %w/%i list: white-space-separated words, a backslash
// escaping white space.
func (l *lexer) words(start int, kind, close, open byte) {
	var body string
	var interp *hcl.Range
	if kind == 'W' || kind == 'I' {
		body, interp = l.readDouble(close, open)
	} else {
		body = l.readSingleWords(close, open)
	}
	t := token{kind: tWords, symbol: kind == 'i' || kind == 'I', interp: interp, rng: l.rangeOf(start, l.pos)}
	t.words = splitWords(body)
	l.emit(t)
}

// delimited reads a literal's body up to close (l.pos is past the opening
// delimiter); when open is not 0 the delimiters nest. esc handles a
// backslash (l.pos on it): it consumes the escape and writes what it
// stands for. With interp, #{...} (and, when all is set, #@x and #$x) is
// interpolation: left out of the value, its first range returned.
func (l *lexer) delimited(close, open byte, what string, esc func(*strings.Builder), interp, all bool) (string, *hcl.Range) {
	start := l.pos - 1
	var b strings.Builder
	var first *hcl.Range
	l.holes = nil
	depth := 0
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\\' && l.pos+1 < len(l.src):
			esc(&b)
			continue
		case interp && c == '#' && (l.peek(1) == '{' || all && (l.peek(1) == '@' || l.peek(1) == '$')):
			r := l.skipInterpolation()
			if first == nil {
				first = &r
			}
			l.holes = append(l.holes, hole{At: b.Len(), Rng: r})
			continue
		case open != 0 && c == open:
			depth++
		case c == close && depth == 0:
			l.pos++
			return b.String(), first
		case c == close:
			depth--
		}
		b.WriteByte(c)
		l.pos++
	}
	l.errorf(l.rangeOf(start, start+1), "Unterminated "+what, "This %s has no closing %q.", what, string(close))
	return b.String(), first
}

// readSingle reads a single-quoted body: only \\ and an escaped delimiter
// are escapes.
func (l *lexer) readSingle(close, open byte) string {
	s, _ := l.delimited(close, open, "string", func(b *strings.Builder) {
		if n := l.src[l.pos+1]; n == '\\' || n == close || open != 0 && n == open {
			b.WriteByte(n)
		} else {
			b.Write(l.src[l.pos : l.pos+2])
		}
		l.pos += 2
	}, false, false)
	return s
}

// readDouble reads a double-quoted body with Ruby's escapes. Interpolation
// (#{...}, #@x, #$x) is left out of the value: it is then not a literal.
func (l *lexer) readDouble(close, open byte) (string, *hcl.Range) {
	return l.delimited(close, open, "string", l.escape, true, true)
}

// readRegexpBody reads a regexp's source as written: escapes stay for the
// regexp translator, except an escaped / delimiter.
func (l *lexer) readRegexpBody(close, open byte) (string, *hcl.Range) {
	return l.delimited(close, open, "regular expression", func(b *strings.Builder) {
		if close == '/' && l.src[l.pos+1] == '/' {
			b.WriteByte('/')
		} else {
			b.Write(l.src[l.pos : l.pos+2])
		}
		l.pos += 2
	}, true, false)
}

// readSingleWords is readSingle for a %w list: an escaped white space is
// kept, as \x00, so that splitting leaves it inside the word.
func (l *lexer) readSingleWords(close, open byte) string {
	s, _ := l.delimited(close, open, "word list", func(b *strings.Builder) {
		switch n := l.src[l.pos+1]; {
		case n == ' ' || n == '\t' || n == '\n':
			b.WriteByte(0)
		case n == '\\' || n == close || open != 0 && n == open:
			b.WriteByte(n)
		default:
			b.Write(l.src[l.pos : l.pos+2])
		}
		l.pos += 2
	}, false, false)
	return s
}

func splitWords(s string) []string {
	fields := strings.Fields(s)
	for i, f := range fields {
		fields[i] = strings.ReplaceAll(f, "\x00", " ")
	}
	return fields
}
