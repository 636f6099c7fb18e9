package dot

import (
	"strings"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/words"
)

// Name is the DOT name of the node of the resource ref: ref itself,
// but with each backslash doubled and each character words.Escape escapes
// (control and bidirectional characters, U+2028, bytes that are not
// UTF-8) written as its escape, so that a title with a newline or ESC
// puts no such character in the file. It is injective (every backslash
// of ref is doubled, every escape has one), so two refs never share a
// node. The HTML page finds Graphviz's nodes by it.
func Name(ref string) string {
	if !strings.ContainsRune(ref, '\\') {
		return words.Escape(ref)
	}
	return words.Escape(strings.ReplaceAll(ref, `\`, `\\`))
}

// refLines are the lines of a resource's label: its ref, escaped as
// words.Escape escapes it, wrapped.
func refLines(ref string) []string { return wrapLabel(words.Escape(ref), labelWidth) }

// nodeID is the quoted DOT name of the node of the resource ref.
func nodeID(ref string) string { return quote(Name(ref)) }

// quote makes s a DOT quoted string. Graphviz's scanner reads, left to
// right, \" as ", a pair of backslashes as themselves, a backslash before
// a line break as nothing, and any other backslash as itself; so s comes
// back exactly from writing it with each " escaped, except where a run
// of an odd number of backslashes comes right before a " or a line break:
// there one more backslash keeps the string well-formed (and the name
// gains a backslash; no other text is changed).
func quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	run := 0 // backslashes just written
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '"' || c == '\n') && run%2 == 1 {
			b.WriteByte('\\')
		}
		if c == '"' {
			b.WriteString(`\"`)
		} else {
			b.WriteByte(c)
		}
		if c == '\\' {
			run++
		} else {
			run = 0
		}
	}
	if run%2 == 1 {
		b.WriteByte('\\') // the closing quote must not be escaped
	}
	b.WriteByte('"')
	return b.String()
}

// quoteLabel makes a Graphviz label (an escString) that shows lines, one
// per element, centred: the control characters of the text are shown as
// words.Escape's escapes (a title's newline is "\n" on the picture and
// in the file, never a line break), and its backslashes are escaped so
// that Graphviz shows them rather than reading \N, \l, \n.
func quoteLabel(lines []string) string {
	esc := make([]string, len(lines))
	for i, l := range lines {
		esc[i] = words.Escape(l)
		if strings.ContainsRune(esc[i], '\\') {
			esc[i] = strings.ReplaceAll(esc[i], `\`, `\\`)
		}
	}
	return quote(strings.Join(esc, `\n`))
}

// wrapLabel splits s into lines of at most width characters. It breaks
// only after a separator: / - _ :: a space, or the [ that opens a ref's
// title; a word (a run without one, such as a hex key id or a file name
// with dots) is never split, and one longer than the width gets a line of
// its own. Joining the lines gives s back: nothing is cut.
func wrapLabel(s string, width int) []string {
	if width < 1 || utf8.RuneCountInString(s) <= width {
		return []string{s}
	}
	var lines []string
	var line []rune
	for _, word := range wrapWords(s) {
		if len(line) > 0 && len(line)+len(word) > width {
			lines = append(lines, string(line))
			line = line[:0]
		}
		line = append(line, word...)
	}
	if len(line) > 0 {
		lines = append(lines, string(line))
	}
	return lines
}

// wrapWords cuts s after every separator: / - _ space [ and a pair of
// colons (a single colon, as in C:, is part of its word).
func wrapWords(s string) [][]rune {
	var words [][]rune
	var word []rune
	for _, c := range s {
		word = append(word, c)
		n := len(word)
		if strings.ContainsRune("/-_ [", c) || c == ':' && n >= 2 && word[n-2] == ':' {
			words = append(words, word)
			word = nil
		}
	}
	if len(word) > 0 {
		words = append(words, word)
	}
	return words
}
