// Package escape makes untrusted text (titles, values, source lines) safe
// to print on a terminal or in a CI log: control characters are written as
// visible escapes, so that a title cannot move the cursor, ring the bell,
// clear the screen or reorder what the reader sees.
//
// What is escaped: the C0 controls (U+0000–U+001F), DEL (U+007F), the C1
// controls (U+0080–U+009F, which some terminals obey like ESC sequences),
// the bidirectional formatting characters (U+061C, U+200E, U+200F,
// U+202A–U+202E, U+2066–U+2069: "Trojan Source" reorders text with them)
// and bytes that are not UTF-8. Newline, tab and carriage return become
// \n, \t and \r, another control below U+0080 \xNN, one above \uNNNN,
// an invalid byte \xNN. Backslashes are left as they
// are, so a title that spells `\x1b` prints the same as one holding ESC:
// the escapes are for the eye, and nothing parses them back.
package escape

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Line escapes every control character of s, newlines and tabs included:
// for a title or value printed inside one line of output.
func Line(s string) string { return escape(s, false) }

// Text escapes the control characters of s but keeps newlines and tabs:
// for multi-line prose such as a diagnostic's detail.
func Text(s string) string { return escape(s, true) }

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

// unsafe reports whether r must be escaped.
func unsafe(r rune, keepLayout bool) bool {
	switch {
	case keepLayout && (r == '\n' || r == '\t'):
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	}
	return isBidi(r)
}

// isBidi reports the bidirectional formatting characters.
func isBidi(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f ||
		r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}
