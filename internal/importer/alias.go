package importer

import (
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// aliasSpec is one `type Name = Type` of a Puppet file.
type aliasSpec struct {
	name    string
	text    string
	summary string // the @summary of the comment before it, if any
	rng     hcl.Range
	nameRng hcl.Range
	textRng hcl.Range
}

// ppScanner walks a Puppet file: comments, strings and regexps are passed
// over whole, brackets counted, so that `type` is found only where a
// statement starts.
type ppScanner struct {
	file  string
	src   []byte
	pos   int
	line  int
	col   int
	diags hcl.Diagnostics
}

func (s *ppScanner) here() hcl.Pos { return hcl.Pos{Line: s.line, Column: s.col, Byte: s.pos} }

func (s *ppScanner) advance(n int) {
	for i := 0; i < n && s.pos < len(s.src); i++ {
		c := s.src[s.pos]
		s.pos++
		if c == '\n' {
			s.line, s.col = s.line+1, 1
		} else if c < 0x80 || c >= 0xC0 {
			s.col++
		}
	}
}

// readAliases finds every type alias of a .pp file.
func readAliases(file string, src []byte) ([]aliasSpec, hcl.Diagnostics) {
	s := &ppScanner{file: file, src: src, line: 1, col: 1}
	var out []aliasSpec
	var comment []string
	for s.pos < len(src) {
		c := src[s.pos]
		switch {
		case c == '#':
			comment = append(comment, s.lineComment())
		case c == '/' && s.peek(1) == '*':
			s.blockComment()
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.advance(1)
		case s.keyword("type"):
			if a, ok := s.alias(summaryOf(comment)); ok {
				out = append(out, a)
			}
			comment = nil
		default:
			s.skipStatement()
			comment = nil
		}
	}
	return out, s.diags
}

func (s *ppScanner) peek(k int) byte {
	if s.pos+k < len(s.src) {
		return s.src[s.pos+k]
	}
	return 0
}

func (s *ppScanner) lineComment() string {
	start := s.pos
	for s.pos < len(s.src) && s.src[s.pos] != '\n' {
		s.advance(1)
	}
	return strings.TrimSpace(strings.TrimPrefix(string(s.src[start:s.pos]), "#"))
}

func (s *ppScanner) blockComment() {
	end := strings.Index(string(s.src[s.pos+2:]), "*/")
	if end < 0 {
		s.advance(len(s.src))
		return
	}
	s.advance(end + 4)
}

// keyword reports the word at pos, followed by white space.
func (s *ppScanner) keyword(w string) bool {
	rest := s.src[s.pos:]
	return strings.HasPrefix(string(rest[:min(len(rest), len(w)+1)]), w) && len(rest) > len(w) &&
		(rest[len(w)] == ' ' || rest[len(w)] == '\t' || rest[len(w)] == '\n')
}

func summaryOf(comment []string) string {
	for _, c := range comment {
		if t, ok := strings.CutPrefix(c, "@summary"); ok {
			return strings.TrimSpace(t)
		}
	}
	return ""
}

// alias reads `type Name = Type` at pos (on the word type).
func (s *ppScanner) alias(summary string) (aliasSpec, bool) {
	start := s.here()
	s.advance(4)
	s.skipSpace()
	nameStart := s.here()
	for s.pos < len(s.src) && (isNameChar(s.src[s.pos]) || s.src[s.pos] == ':') {
		s.advance(1)
	}
	a := aliasSpec{name: string(s.src[nameStart.Byte:s.pos]), summary: summary}
	a.nameRng = hcl.Range{Filename: s.file, Start: nameStart, End: s.here()}
	s.skipSpace()
	if a.name == "" || s.peek(0) != '=' {
		s.diags = append(s.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Not a type alias",
			Detail:  "catc reads `type Name = Type` here (a Puppet type alias); this is not one, so nothing is imported from it.",
			Subject: &hcl.Range{Filename: s.file, Start: start, End: s.here()}})
		s.skipStatement()
		return a, false
	}
	s.advance(1)
	s.skipSpace()
	textStart := s.here()
	end := s.expressionEnd()
	a.text = strings.TrimRight(string(s.src[textStart.Byte:end.Byte]), " \t\r\n")
	a.textRng = hcl.Range{Filename: s.file, Start: textStart, End: end}
	a.rng = hcl.Range{Filename: s.file, Start: start, End: end}
	return a, true
}

func isNameChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (s *ppScanner) skipSpace() {
	for s.pos < len(s.src) && (s.src[s.pos] == ' ' || s.src[s.pos] == '\t' || s.src[s.pos] == '\r' || s.src[s.pos] == '\n') {
		s.advance(1)
	}
}

// expressionEnd passes over a type expression: it ends at the end of the
// file, or at a line break outside brackets after which the next line
// does not continue it (a new statement). It returns the end position
// before trailing white space and comments.
func (s *ppScanner) expressionEnd() hcl.Pos {
	depth := 0
	last := s.here()
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '#':
			s.lineComment()
			continue
		case c == '/' && s.peek(1) == '*':
			s.blockComment()
			continue
		case c == '\'' || c == '"':
			s.quoted(c)
		case c == '/':
			s.quoted('/')
		case c == '[' || c == '{' || c == '(':
			depth++
			s.advance(1)
		case c == ']' || c == '}' || c == ')':
			depth--
			s.advance(1)
		case c == '\n' && depth <= 0 && s.statementFollows():
			return last
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.advance(1)
			continue
		default:
			_, size := utf8.DecodeRune(s.src[s.pos:])
			s.advance(size)
		}
		last = s.here()
	}
	return last
}

// statementFollows reports whether the next non-blank line starts a new
// statement rather than continuing the expression (`]`, `,` or an
// operator would continue it).
func (s *ppScanner) statementFollows() bool {
	i := s.pos + 1
	for i < len(s.src) && (s.src[i] == ' ' || s.src[i] == '\t' || s.src[i] == '\r' || s.src[i] == '\n') {
		i++
	}
	if i >= len(s.src) {
		return true
	}
	return isNameChar(s.src[i]) || s.src[i] == '#' || s.src[i] == '/' && i+1 < len(s.src) && s.src[i+1] == '*'
}

func (s *ppScanner) quoted(q byte) {
	s.advance(1)
	for s.pos < len(s.src) && s.src[s.pos] != q {
		if s.src[s.pos] == '\\' {
			s.advance(1)
		}
		s.advance(1)
	}
	s.advance(1)
}

// skipStatement passes over what is not a type alias, up to the end of
// its line outside brackets.
func (s *ppScanner) skipStatement() {
	depth := 0
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '#':
			s.lineComment()
			continue
		case c == '/' && s.peek(1) == '*':
			s.blockComment()
			continue
		case c == '\'' || c == '"':
			s.quoted(c)
			continue
		case c == '[' || c == '{' || c == '(':
			depth++
		case c == ']' || c == '}' || c == ')':
			depth--
		case c == '\n' && depth <= 0:
			return
		}
		s.advance(1)
	}
}

// aliasFileName is the written file of an alias: Stdlib::Port is
// stdlib-port.hcl (a type's name never holds a dash, so no clash).
func aliasFileName(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "::", "-")) + ".hcl"
}

// emitAlias writes a type_alias block. A type written over several lines
// keeps its layout in a heredoc.
func emitAlias(a aliasSpec) ([]byte, origins) {
	o := origins{"": a.rng, "type_alias": a.nameRng, attrPath("type_alias", "type"): a.textRng}
	f := hclwrite.NewEmptyFile()
	b := f.Body().AppendNewBlock("type_alias", []string{a.name}).Body()
	if strings.Contains(a.text, "\n") {
		b.SetAttributeRaw("type", textTokens(a.text+"\n", 1))
	} else {
		b.SetAttributeValue("type", cty.StringVal(a.text))
	}
	if a.summary != "" {
		b.SetAttributeValue("desc", cty.StringVal(a.summary))
		o[attrPath("type_alias", "desc")] = a.rng
	}
	return spellMarks(f), o
}
