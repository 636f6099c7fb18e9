package types

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file lexes Puppet's literal tokens: numbers and quoted strings.

// number lexes a number token, with Puppet's checks of octal, hex and
// decimal forms (0777 is octal, 08 an error, 1_000 illegal).
func (lx *typeLexer) number() (typeToken, error) {
	s, p := lx.src, lx.pos
	if end, ok := matchNumber(s, p); ok {
		if err := lx.assertNumeric(s[p:end], p); err != nil {
			return typeToken{}, err
		}
		return lx.emit(tNumber, end-p), nil
	}
	q := p
	for q < len(s) && lexWordByte(s[q]) {
		q++
	}
	before, invalid := p, s[p:q]
	if p > 1 && s[p-1] == '.' && lexDigit(s[p-2]) {
		// A bad decimal such as 1.5x: report the whole number.
		before = p - 2
		for before > 0 && lexDigit(s[before-1]) {
			before--
		}
		invalid = s[before:q]
	}
	if err := lx.assertNumeric(invalid, before); err != nil {
		return typeToken{}, err
	}
	return typeToken{}, lx.errorAt(before, len(invalid), "Illegal number '"+invalid+"'")
}

func lexDigit(c byte) bool { return c >= '0' && c <= '9' }

func lexHexDigit(c byte) bool {
	return lexDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// wordEnd reports whether a number may end before byte i (Ruby's \b after a digit).
func wordEnd(s string, i int) bool { return i >= len(s) || !lexWordByte(s[i]) }

func digitsEnd(s string, i int, ok func(byte) bool) int {
	for i < len(s) && ok(s[i]) {
		i++
	}
	return i
}

// matchNumber is Puppet's number pattern
// \b(?:0[xX][0-9A-Fa-f]+|0?\d+(?:\.\d+)?(?:[eE]-?\d+)?)\b anchored at p.
func matchNumber(s string, p int) (int, bool) {
	if p > 0 && lexWordByte(s[p-1]) {
		return 0, false
	}
	if s[p] == '0' && p+1 < len(s) && (s[p+1] == 'x' || s[p+1] == 'X') {
		if e := digitsEnd(s, p+2, lexHexDigit); e > p+2 && wordEnd(s, e) {
			return e, true
		}
	}
	a := digitsEnd(s, p, lexDigit)
	if a < len(s) && s[a] == '.' && a+1 < len(s) && lexDigit(s[a+1]) {
		b := digitsEnd(s, a+1, lexDigit)
		if c, ok := exponentEnd(s, b); ok && wordEnd(s, c) {
			return c, true
		}
		if wordEnd(s, b) {
			return b, true
		}
		return a, true // the fraction is dropped: "1." then a dot token
	}
	if c, ok := exponentEnd(s, a); ok && wordEnd(s, c) {
		return c, true
	}
	if wordEnd(s, a) {
		return a, true
	}
	return 0, false
}

func exponentEnd(s string, i int) (int, bool) {
	if i >= len(s) || s[i] != 'e' && s[i] != 'E' {
		return 0, false
	}
	i++
	if i < len(s) && s[i] == '-' {
		i++
	}
	e := digitsEnd(s, i, lexDigit)
	return e, e > i
}

// assertNumeric checks a number's form the way Puppet's lexer does.
func (lx *typeLexer) assertNumeric(v string, p int) error {
	allOf := func(t string, ok func(byte) bool) bool {
		return t != "" && digitsEnd(t, 0, ok) == len(t)
	}
	switch {
	case len(v) > 1 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X'):
		if !allOf(v[2:], lexHexDigit) {
			return lx.errorAt(p, len(v), "Not a valid hex number "+v)
		}
	case len(v) > 1 && v[0] == '0' && v[1] != '.':
		if !allOf(v[1:], func(c byte) bool { return c >= '0' && c <= '7' }) {
			return lx.errorAt(p, len(v), "Not a valid octal number "+v)
		}
	case isDecimalLead(v):
		if !isDecimalNumber(v) {
			return lx.errorAt(p, len(v), "Not a valid decimal number "+v)
		}
	default:
		if !allOf(v, lexDigit) {
			return lx.errorAt(p, len(v), "Illegal number '"+v+"'")
		}
	}
	return nil
}

// isDecimalLead is /^\d+[eE.]/.
func isDecimalLead(v string) bool {
	a := digitsEnd(v, 0, lexDigit)
	return a > 0 && a < len(v) && (v[a] == 'e' || v[a] == 'E' || v[a] == '.')
}

// isDecimalNumber is /^\d+(?:\.\d+)?(?:[eE]-?\d+)?$/.
func isDecimalNumber(v string) bool {
	a := digitsEnd(v, 0, lexDigit)
	if a < len(v) && v[a] == '.' {
		b := digitsEnd(v, a+1, lexDigit)
		if b == a+1 {
			return false
		}
		a = b
	}
	if a == len(v) {
		return true
	}
	c, ok := exponentEnd(v, a)
	return ok && c == len(v)
}

// sqString lexes a single-quoted string: only \\ and \' are escapes.
func (lx *typeLexer) sqString() (typeToken, error) {
	s, p := lx.src, lx.pos
	q := p + 1
	for q < len(s) && s[q] != '\'' {
		if s[q] == '\\' {
			q++
		}
		q++
	}
	if q >= len(s) {
		return typeToken{}, lx.errorAt(p+1, 1, `Unclosed quote after "'" followed by '`+lx.followedBy(p+1)+"'")
	}
	t := lx.emit(tString, q+1-p)
	t.text = unescapeSQ(s[p+1 : q])
	return t, nil
}

func unescapeSQ(body string) string {
	if !strings.Contains(body, `\`) {
		return body
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) && (body[i+1] == '\\' || body[i+1] == '\'') {
			i++
		}
		b.WriteByte(body[i])
	}
	return b.String()
}

// dqString lexes a double-quoted string. One with $var or ${...} is an
// interpolation, which no type expression can use.
func (lx *typeLexer) dqString() (typeToken, error) {
	s, p := lx.src, lx.pos
	q, interp := p+1, false
	for q < len(s) && s[q] != '"' {
		switch {
		case s[q] == '\\':
			q += 2
			continue
		case s[q] == '$' && q+1 < len(s) && s[q+1] == '{':
			interp = true
			q = skipBraces(s, q+1)
			continue
		case s[q] == '$' && startsVariable(s[q+1:]):
			interp = true
		}
		q++
	}
	if q >= len(s) {
		return typeToken{}, lx.errorAt(p+1, 1, `Unclosed quote after '"' followed by '`+lx.followedBy(p+1)+"'")
	}
	if interp {
		return lx.emit(tDQInterp, q+1-p), nil
	}
	value, ok := unescapeDQ(s[p+1 : q])
	if !ok {
		return typeToken{}, lx.errorAt(q+1, 0, `Unicode escape '\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff`)
	}
	t := lx.emit(tString, q+1-p)
	t.text = value
	return t, nil
}

func startsVariable(s string) bool {
	s = strings.TrimPrefix(s, "::")
	return s != "" && lexWordByte(s[0])
}

// skipBraces returns the index after the brace that closes the one at i.
func skipBraces(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return i
}

// unescapeDQ applies Puppet's double-quote escapes in its two passes:
// \u escapes first (repeated until none is left), then \\ \" \' \$ \n \r
// \t, \s (a space) and backslash-newline; other escapes stay as written.
// ok is false for a \u escape that is not a Unicode scalar value.
func unescapeDQ(body string) (string, bool) {
	if !strings.Contains(body, `\`) {
		return body, true
	}
	for {
		next, changed, ok := replaceUnicodeEscapes(body)
		if !ok {
			return "", false
		}
		body = next
		if !changed {
			break
		}
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' || i+1 >= len(body) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := body[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case '\r':
			if i+1 < len(body) && body[i+1] == '\n' {
				i++ // backslash CR LF is a line continuation
				continue
			}
			b.WriteByte('\\') // a backslash before a lone CR stays
			i--
		case 't':
			b.WriteByte('\t')
		case 's':
			b.WriteByte(' ')
		case '\\', '$', '\'', '"':
			b.WriteByte(e)
		case '\n':
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), utf8.ValidString(b.String())
}

// replaceUnicodeEscapes replaces each \uXXXX and \u{X..XXXXXX} preceded by
// an even number of backslashes.
func replaceUnicodeEscapes(s string) (string, bool, bool) {
	var b strings.Builder
	changed, run := false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && run%2 == 0 && i+1 < len(s) && s[i+1] == 'u' {
			if r, n := unicodeEscape(s[i+2:]); n > 0 {
				if r > utf8.MaxRune || r >= 0xD800 && r <= 0xDFFF {
					return "", false, false
				}
				b.WriteRune(r)
				i += 1 + n
				changed, run = true, 0
				continue
			}
		}
		if c == '\\' {
			run++
		} else {
			run = 0
		}
		b.WriteByte(c)
	}
	return b.String(), changed, true
}

// unicodeEscape reads XXXX or {X..XXXXXX} after \u; n is the bytes used.
func unicodeEscape(s string) (rune, int) {
	if len(s) >= 4 && digitsEnd(s[:4], 0, lexHexDigit) == 4 {
		v, _ := strconv.ParseUint(s[:4], 16, 32)
		return rune(v), 4
	}
	if strings.HasPrefix(s, "{") {
		e := digitsEnd(s, 1, lexHexDigit)
		if e > 1 && e <= 7 && e < len(s) && s[e] == '}' {
			v, _ := strconv.ParseUint(s[1:e], 16, 32)
			return rune(v), e + 1
		}
	}
	return 0, 0
}
