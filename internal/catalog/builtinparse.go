package catalog

import (
	"bytes"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A built-in type's source is a type block of attribute blocks whose
// items are, nearly all, one-line quoted strings (`type = "String"`).
// Scanning and parsing those with hclsyntax is most of what a process's
// first load pays for the built-ins, so quickTypeBlock builds the same
// syntax tree for them directly, line by line, and hands every other
// item (a heredoc, a list, a function call, an autorequire block) to
// the HCL parser, placed at its position in the file. It gives up, and
// the caller parses the whole file, on anything outside that shape;
// TestQuickTypeBlock checks that it builds exactly hclsyntax's tree for
// every built-in type, ranges included, so diagnostics and snippets in
// <builtin>/ files read the same.

// quickParser walks the lines of one built-in source.
type quickParser struct {
	src   []byte
	text  string // src, once: names and values are slices of it
	name  string
	lines [][2]int // start and end (before the newline) of each line
	at    int      // the line of the last position asked (pos)
}

// quickTypeBlock is the type block of src (a built-in source with its
// descs masked), or false when src is not of the simple shape.
func quickTypeBlock(src []byte, filename string) (*hclsyntax.Block, bool) {
	for _, c := range src {
		if c >= 0x80 || c == '\t' || c == '\r' {
			return nil, false // columns would not be byte counts
		}
	}
	q := &quickParser{src: src, text: string(src), name: filename, lines: splitLines(src)}
	i := q.skip(0)
	if i == len(q.lines) {
		return nil, false
	}
	b, next, ok := q.block(i)
	if !ok || b.Type != "type" || q.skip(next) != len(q.lines) {
		return nil, false
	}
	return b, true
}

func splitLines(src []byte) [][2]int {
	var out [][2]int
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		out = append(out, [2]int{off, off + end})
		off += end + 1
	}
	return out
}

// skip passes blank and comment lines from line i on.
func (q *quickParser) skip(i int) int {
	for ; i < len(q.lines); i++ {
		t := bytes.TrimLeft(q.line(i), " ")
		if len(t) > 0 && t[0] != '#' && !bytes.HasPrefix(t, []byte("//")) {
			break
		}
	}
	return i
}

func (q *quickParser) line(i int) []byte { return q.src[q.lines[i][0]:q.lines[i][1]] }

// indentOf is the offset of line i's first non-blank byte.
func (q *quickParser) indentOf(i int) int {
	return q.lines[i][0] + len(q.line(i)) - len(bytes.TrimLeft(q.line(i), " "))
}

// pos is the position of byte off (ASCII: a column is a byte).
func (q *quickParser) pos(off int) hcl.Pos {
	i := q.at // the parse moves forward, asking mostly about one line
	for i > 0 && q.lines[i][0] > off {
		i--
	}
	for i+1 < len(q.lines) && q.lines[i+1][0] <= off {
		i++
	}
	q.at = i
	return hcl.Pos{Line: i + 1, Column: off - q.lines[i][0] + 1, Byte: off}
}

func (q *quickParser) rng(from, to int) hcl.Range {
	return hcl.Range{Filename: q.name, Start: q.pos(from), End: q.pos(to)}
}

// identEnd is the end of the identifier at off, or off if there is none.
func (q *quickParser) identEnd(off, end int) int {
	p := off
	for p < end {
		c := q.src[p]
		letter := c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
		if !letter && (p == off || !(c == '-' || (c >= '0' && c <= '9'))) {
			break
		}
		p++
	}
	return p
}

// plainString is the end of a quoted string at off with no escape or
// template sequence in it, or -1.
func (q *quickParser) plainString(off, end int) int {
	if off >= end || q.src[off] != '"' {
		return -1
	}
	for p := off + 1; p < end; p++ {
		switch q.src[p] {
		case '"':
			return p + 1
		case '\\':
			return -1
		case '{':
			if c := q.src[p-1]; c == '$' || c == '%' {
				return -1
			}
		}
	}
	return -1
}

// block parses the block opening on line i: its header and items up to
// the line that closes it; next is the line after that.
func (q *quickParser) block(i int) (b *hclsyntax.Block, next int, ok bool) {
	off, end := q.indentOf(i), q.lines[i][1]
	p := q.identEnd(off, end)
	if p == off {
		return nil, 0, false
	}
	b = &hclsyntax.Block{Type: q.text[off:p], TypeRange: q.rng(off, p), Labels: nil}
	for p+1 < end && q.src[p] == ' ' && q.src[p+1] == '"' {
		close := q.plainString(p+1, end)
		if close < 0 {
			return nil, 0, false
		}
		b.Labels = append(b.Labels, q.text[p+2:close-1])
		b.LabelRanges = append(b.LabelRanges, q.rng(p+1, close))
		p = close
	}
	if p+2 != end || q.src[p] != ' ' || q.src[p+1] != '{' {
		return nil, 0, false
	}
	b.OpenBraceRange = q.rng(p+1, p+2)
	body := &hclsyntax.Body{Attributes: hclsyntax.Attributes{}, Blocks: hclsyntax.Blocks{}}
	for j := q.skip(i + 1); j < len(q.lines); j = q.skip(j) {
		if string(bytes.TrimSpace(q.line(j))) == "}" {
			cb := q.indentOf(j)
			b.CloseBraceRange = q.rng(cb, cb+1)
			body.SrcRange = hcl.RangeBetween(b.OpenBraceRange, b.CloseBraceRange)
			body.EndRange = q.rng(cb+1, cb+1)
			b.Body = body
			return b, j + 1, true
		}
		if j, ok = q.item(j, body); !ok {
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// item adds the body item starting on line i to body.
func (q *quickParser) item(i int, body *hclsyntax.Body) (next int, ok bool) {
	if a := q.plainAttribute(i); a != nil {
		if body.Attributes[a.Name] != nil {
			return 0, false
		}
		body.Attributes[a.Name] = a
		return i + 1, true
	}
	if a, next := q.heredocAttribute(i); a != nil {
		if body.Attributes[a.Name] != nil {
			return 0, false
		}
		body.Attributes[a.Name] = a
		return next, true
	}
	line := bytes.TrimLeft(q.line(i), " ")
	if bytes.HasPrefix(line, []byte(`attribute "`)) {
		b, next, ok := q.block(i)
		if ok {
			body.Blocks = append(body.Blocks, b)
		}
		return next, ok
	}
	return q.parsed(i, q.itemEnd(i), body)
}

// assignment splits line i as `name = value`: the name's start and
// end, the equals sign's offset and the value's start; ok is false for
// any other line.
func (q *quickParser) assignment(i int) (off, p, eq, open int, ok bool) {
	off, end := q.indentOf(i), q.lines[i][1]
	p = q.identEnd(off, end)
	if p == off {
		return 0, 0, 0, 0, false
	}
	eq = p
	for eq < end && q.src[eq] == ' ' {
		eq++
	}
	if eq == p || eq >= end || q.src[eq] != '=' || eq+1 >= end || q.src[eq+1] != ' ' {
		return 0, 0, 0, 0, false
	}
	open = eq + 1
	for open < end && q.src[open] == ' ' {
		open++
	}
	return off, p, eq, open, true
}

// heredocAttribute is the attribute `name = <<-T` starting on line i,
// its lines of text without `${`, `%{` or a blank line, and the line after
// its terminator; or nil.
func (q *quickParser) heredocAttribute(i int) (*hclsyntax.Attribute, int) {
	off, p, eq, open, ok := q.assignment(i)
	end := q.lines[i][1]
	if !ok || !bytes.HasPrefix(q.src[open:end], []byte("<<-")) {
		return nil, 0
	}
	term := q.src[open+3 : end]
	if len(term) == 0 || q.identEnd(open+3, end) != end {
		return nil, 0
	}
	minIndent, j := -1, i+1
	for ; j < len(q.lines); j++ {
		line := q.line(j)
		t := bytes.TrimLeft(line, " ")
		if bytes.Equal(t, term) {
			break
		}
		if len(t) == 0 || bytes.Contains(t, []byte("${")) || bytes.Contains(t, []byte("%{")) {
			return nil, 0
		}
		if in := len(line) - len(t); minIndent < 0 || in < minIndent {
			minIndent = in
		}
	}
	if j == len(q.lines) || minIndent < 0 {
		return nil, 0
	}
	var text []byte
	for k := i + 1; k < j; k++ {
		text = append(append(text, q.line(k)[minIndent:]...), '\n')
	}
	close := q.lines[j][1]
	return q.stringAttribute(off, p, eq, open, close, string(text), q.rng(q.lines[i+1][0]+minIndent, q.lines[j][0])), j + 1
}

// plainAttribute is line i as `name = "text"`, or nil.
func (q *quickParser) plainAttribute(i int) *hclsyntax.Attribute {
	off, p, eq, open, ok := q.assignment(i)
	if !ok {
		return nil
	}
	end := q.lines[i][1]
	close := q.plainString(open, end)
	if close < 0 || len(bytes.TrimRight(q.src[close:end], " ")) > 0 {
		return nil // a masked desc is followed by blanks, nothing else
	}
	litRange := q.rng(open+1, close-1)
	if close == open+2 {
		litRange = q.rng(close, close) // where hclsyntax places ""
	}
	return q.stringAttribute(off, p, eq, open, close, q.text[open+1:close-1], litRange)
}

// stringNodes are the nodes of one string attribute, allocated together.
type stringNodes struct {
	attr  hclsyntax.Attribute
	tmpl  hclsyntax.TemplateExpr
	lit   hclsyntax.LiteralValueExpr
	parts [1]hclsyntax.Expression
}

// stringAttribute is the attribute named by [off, p), its equals sign at
// eq and its string (value, its text at litRange) from open to close.
func (q *quickParser) stringAttribute(off, p, eq, open, close int, value string, litRange hcl.Range) *hclsyntax.Attribute {
	n := &stringNodes{}
	n.lit = hclsyntax.LiteralValueExpr{Val: cty.StringVal(value), SrcRange: litRange}
	n.parts[0] = &n.lit
	n.tmpl = hclsyntax.TemplateExpr{Parts: n.parts[:], SrcRange: q.rng(open, close)}
	n.attr = hclsyntax.Attribute{
		Name:        q.text[off:p],
		Expr:        &n.tmpl,
		SrcRange:    q.rng(off, close),
		NameRange:   q.rng(off, p),
		EqualsRange: q.rng(eq, eq+1),
	}
	return &n.attr
}

// itemEnd is the line after the item starting on line i: after its
// heredoc's terminator, else after the lines indented deeper (or closing
// a bracket at its indentation).
func (q *quickParser) itemEnd(i int) int {
	ind := q.indentOf(i) - q.lines[i][0]
	line := q.line(i)
	if k := bytes.Index(line, []byte("<<")); k >= 0 && !bytes.Contains(line, []byte(`"`)) {
		term := bytes.TrimSpace(bytes.TrimPrefix(line[k+2:], []byte("-")))
		for j := i + 1; j < len(q.lines); j++ {
			if bytes.Equal(bytes.TrimSpace(q.line(j)), term) {
				return j + 1
			}
		}
		return len(q.lines)
	}
	j := i + 1
	for ; j < len(q.lines); j++ {
		t := bytes.TrimLeft(q.line(j), " ")
		in := len(q.line(j)) - len(t)
		if len(t) > 0 && in <= ind && !(in == ind && bytes.IndexByte([]byte("])}"), t[0]) >= 0) {
			break
		}
	}
	return j
}

// parsed hands lines [i, end) to the HCL parser at their place in the
// file; they must be exactly one attribute or block.
func (q *quickParser) parsed(i, end int, body *hclsyntax.Body) (next int, ok bool) {
	from, to := q.lines[i][0], len(q.src)
	if end < len(q.lines) {
		to = q.lines[end][0]
	}
	f, diags := hclsyntax.ParseConfig(q.src[from:to], q.name, q.pos(from))
	if diags.HasErrors() || f == nil {
		return 0, false
	}
	got, isSyntax := f.Body.(*hclsyntax.Body)
	if !isSyntax || len(got.Attributes)+len(got.Blocks) != 1 {
		return 0, false
	}
	for name, a := range got.Attributes {
		if body.Attributes[name] != nil {
			return 0, false
		}
		body.Attributes[name] = a
	}
	body.Blocks = append(body.Blocks, got.Blocks...)
	return end, true
}
