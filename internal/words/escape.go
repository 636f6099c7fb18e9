package words

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Escape escapes every control character of s, newlines and tabs
// included: for a title or value printed inside one line of output.
func Escape(s string) string { return escape(s, false) }

// EscapeText escapes the control characters of s but keeps newlines and
// tabs: for multi-line prose such as a diagnostic's detail.
func EscapeText(s string) string { return escape(s, true) }

func escape(s string, keepLayout bool) string {
	i := firstUnsafe(s, keepLayout)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n' && !keepLayout:
			b.WriteString(`\n`)
		case r == '\t' && !keepLayout:
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case unsafe(r, keepLayout) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafe(r, keepLayout):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// firstUnsafe is the byte offset of the first character to escape, or -1.
// Printable ASCII, the common case, is checked without decoding.
func firstUnsafe(s string, keepLayout bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || unsafe(r, keepLayout) {
			return i
		}
		i += size
	}
	return -1
}

// Unsafe reports whether r is a character Escape escapes: a control
// character (C0, DEL, C1), a bidirectional formatting character, U+2028
// or U+2029. JSON writers escape these too (as \uXXXX).
func Unsafe(r rune) bool { return unsafe(r, false) }

// unsafe reports whether r must be escaped.
func unsafe(r rune, keepLayout bool) bool {
	switch {
	case keepLayout && (r == '\n' || r == '\t'):
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators: a line break to some viewers
		return true
	}
	return isBidi(r)
}

// isBidi reports the bidirectional formatting characters.
func isBidi(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f ||
		r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}
