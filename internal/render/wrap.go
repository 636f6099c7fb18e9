package render

import (
	"strings"
	"unicode/utf8"
)

// wrapText wraps each line of s at width columns. It breaks only at
// spaces outside brackets, quotes and backquotes, so that a type
// (`Optional[Enum[present, absent]]`), a reference (`Package[python3
// venv]`), a quoted value or code stays in one piece: a token longer
// than the width overflows instead. A continuation line keeps the
// line's indentation and list marker width (a hanging indent), plus two
// spaces under an indented line without a marker (the edges of a cycle).
func wrapText(s string, width int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if utf8.RuneCountInString(l) > width {
			lines[i] = wrapLine(l, width)
		}
	}
	return strings.Join(lines, "\n")
}

func wrapLine(l string, width int) string {
	lead, hang := hangingIndent(l)
	var b strings.Builder
	b.WriteString(lead)
	col := utf8.RuneCountInString(lead)
	for i, tok := range tokens(l[len(lead):]) {
		n := utf8.RuneCountInString(tok)
		switch {
		case i == 0:
		case col+1+n > width && col > len(hang):
			b.WriteString("\n" + hang)
			col = len(hang)
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(tok)
		col += n
	}
	return b.String()
}

// hangingIndent splits off the indentation and list marker ("- ", "* ",
// "• ", "12. ") of a line and returns the indentation of its
// continuation lines.
func hangingIndent(l string) (lead, hang string) {
	n := len(l) - len(strings.TrimLeft(l, " "))
	lead = l[:n]
	rest := l[n:]
	for _, m := range []string{"- ", "* ", "• "} {
		if strings.HasPrefix(rest, m) {
			return lead + m, strings.Repeat(" ", n+utf8.RuneCountInString(m))
		}
	}
	if d := len(rest) - len(strings.TrimLeft(rest, "0123456789")); d > 0 && strings.HasPrefix(rest[d:], ". ") {
		return lead + rest[:d+2], strings.Repeat(" ", n+d+2)
	}
	if n > 0 {
		return lead, strings.Repeat(" ", n+2)
	}
	return "", ""
}

// tokens splits s at the spaces where a line may break: runs of spaces
// outside brackets, "double", 'single' (opening at a word's start) and
// `back` quotes. A backslash escapes the next character inside quotes.
func tokens(s string) []string {
	var out []string
	depth, quote := 0, rune(0)
	start := 0
	prev := ' '
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case quote != 0 && r == '\\':
			i += size
			if i < len(s) {
				_, size = utf8.DecodeRuneInString(s[i:])
			} else {
				size = 0
			}
		case quote != 0:
			if r == quote && (quote != '\'' || closesSingle(s[i+size:])) {
				quote = 0
			}
		case r == '"' || r == '`' || r == '\'' && opensWord(prev):
			quote = r
		case r == '[' || r == '(' || r == '{':
			depth++
		case r == ']' || r == ')' || r == '}':
			depth = max(0, depth-1)
		case r == ' ' && depth == 0:
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
		prev = r
		i += size
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// opensWord reports whether a quote after prev starts a quoted word (not
// an apostrophe: "Puppet's").
func opensWord(prev rune) bool {
	return strings.ContainsRune(" [(,=:", prev)
}

// closesSingle reports whether a single quote followed by rest ends a
// quoted word.
func closesSingle(rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || strings.ContainsRune(" ,.;:!?)]}", r)
}
