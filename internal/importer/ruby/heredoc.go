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
		var lines []int // byte offset of each body line
		found := false
		for l.pos < len(l.src) {
			start := l.pos
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
			lines = append(lines, start)
		}
		t := &l.toks[p.tok]
		if !found {
			l.errorf(t.rng, "Unterminated heredoc", "The heredoc started here has no line %q that ends it.", p.id)
			l.pending = nil
			return
		}
		t.str, t.interp = l.heredocBody(lines, p)
	}
	l.pending = nil
}

// heredocBody is the value of a heredoc whose body lines start at the
// given offsets: <<~ removes their common indentation, and unless the
// heredoc is raw each line is read with double-quote escapes where it
// stands in the file, so that interpolation and escape errors are
// reported at their real place.
func (l *lexer) heredocBody(lines []int, p pendingHeredoc) (string, *hcl.Range) {
	texts := make([]string, len(lines))
	for i, start := range lines {
		end := indexByteFrom(l.src, start, '\n')
		texts[i] = strings.TrimSuffix(string(l.src[start:end]), "\r") + "\n"
	}
	common := 0
	if p.dedent {
		common = commonIndent(texts)
	}
	var b strings.Builder
	var interp *hcl.Range
	for i, start := range lines {
		text := dropIndent(texts[i], common)
		if p.raw || strings.TrimSpace(text) == "" {
			b.WriteString(text)
			continue
		}
		sub := &lexer{file: l.file, src: l.src, lines: l.lines, pos: start + len(texts[i]) - len(text)}
		s, r := sub.readDouble('\n', 0)
		l.diags = append(l.diags, sub.diags...)
		b.WriteString(strings.TrimSuffix(s, "\r"))
		b.WriteByte('\n')
		if interp == nil {
			interp = r
		}
	}
	return b.String(), interp
}

// commonIndent is the least indentation of the non-blank lines, which
// <<~ removes (a tab counts to the next multiple of 8).
func commonIndent(lines []string) int {
	common := -1
	for _, ln := range lines {
		if strings.TrimSpace(ln) == "" {
			continue
		}
		if w := indentWidth(ln); common < 0 || w < common {
			common = w
		}
	}
	return max(common, 0)
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
