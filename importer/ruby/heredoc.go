package ruby

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// heredocStart reads <<ID, <<-ID, <<~ID (ID bare or quoted) if one starts
// here. The body begins on the next line; the token's value is filled in
// when the lexer reaches that line.
func (l *lexer) heredocStart() bool {
	start := l.pos
	k := 2
	indent, dedent := false, false
	switch l.peek(k) {
	case '-':
		indent, k = true, k+1
	case '~':
		indent, dedent, k = true, true, k+1
	}
	raw := false
	var id string
	switch q := l.peek(k); {
	case q == '\'' || q == '"' || q == '`':
		end := indexByteFrom(l.src, l.pos+k+1, q)
		if end >= len(l.src) || strings.IndexByte(string(l.src[l.pos+k+1:end]), '\n') >= 0 {
			return false
		}
		id, raw = string(l.src[l.pos+k+1:end]), q == '\''
		l.pos = end + 1
	case isIdentStart(q):
		e := l.pos + k
		for e < len(l.src) && isIdentChar(l.src[e]) {
			e++
		}
		id = string(l.src[l.pos+k : e])
		l.pos = e
	default:
		return false
	}
	l.emit(token{kind: tString, rng: l.rangeOf(start, l.pos)})
	l.pending = append(l.pending, pendingHeredoc{tok: len(l.toks) - 1, id: id, indent: indent, dedent: dedent, raw: raw})
	return true
}

// readHeredocBodies reads the bodies of the heredocs started on the line
// just ended, one after the other, each up to its terminator line.
func (l *lexer) readHeredocBodies() {
	for _, p := range l.pending {
		bodyStart := l.pos
		var lines []string
		found := false
		for l.pos < len(l.src) {
			end := indexByteFrom(l.src, l.pos, '\n')
			line := strings.TrimSuffix(string(l.src[l.pos:end]), "\r")
			l.pos = min(end+1, len(l.src))
			term := line
			if p.indent {
				term = strings.TrimLeft(line, " \t")
			}
			if term == p.id {
				found = true
				break
			}
			lines = append(lines, line+"\n")
		}
		t := &l.toks[p.tok]
		if !found {
			l.errorf(t.rng, "Unterminated heredoc", "The heredoc started here has no line %q that ends it.", p.id)
			l.pending = nil
			return
		}
		if p.dedent {
			lines = dedentLines(lines)
		}
		body := strings.Join(lines, "")
		if p.raw {
			t.str = body
		} else {
			t.str, t.interp = l.unescapeHeredoc(body, bodyStart)
		}
	}
	l.pending = nil
}

// unescapeHeredoc applies double-quote escapes to a heredoc body by
// lexing it as a string that ends at the end of the body (a NUL byte
// before and after it stands for the delimiters).
func (l *lexer) unescapeHeredoc(body string, at int) (string, *hcl.Range) {
	sub := &lexer{file: l.file, src: []byte("\x00" + body + "\x00"), lines: []int{0}, pos: 1}
	s, interp := sub.readDouble(0, 0)
	if interp != nil {
		// Report interpolation at the heredoc body's place in the file.
		r := l.rangeOf(at+interp.Start.Byte-1, at+interp.End.Byte-1)
		return s, &r
	}
	return s, nil
}

// dedentLines removes the common leading white space of the non-blank
// lines, as <<~ does (a tab counts to the next multiple of 8).
func dedentLines(lines []string) []string {
	common := -1
	for _, ln := range lines {
		if strings.TrimSpace(ln) == "" {
			continue
		}
		if w := indentWidth(ln); common < 0 || w < common {
			common = w
		}
	}
	if common <= 0 {
		return lines
	}
	out := make([]string, len(lines))
	for i, ln := range lines {
		out[i] = dropIndent(ln, common)
	}
	return out
}

func indentWidth(s string) int {
	w := 0
	for _, c := range s {
		switch c {
		case ' ':
			w++
		case '\t':
			w = (w/8 + 1) * 8
		default:
			return w
		}
	}
	return w
}

func dropIndent(s string, n int) string {
	w := 0
	for i, c := range s {
		if w >= n || c != ' ' && c != '\t' {
			return s[i:]
		}
		if c == ' ' {
			w++
		} else {
			w = (w/8 + 1) * 8
		}
	}
	if strings.HasSuffix(s, "\n") {
		return "\n"
	}
	return ""
}
