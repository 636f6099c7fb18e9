package render

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/words"
)

// The text format is HCL's look ("Error: summary", "  on file line N:",
// the source lines with the range highlighted, the detail), written here
// rather than by hcl.NewDiagnosticTextWriter, which scans the whole file
// from its start for every diagnostic: 3,000 diagnostics in one file took
// a minute. This writer indexes the lines of a file once and slices the
// snippet out of it.

// Bounds on one snippet: a range over many lines (a whole block as
// context) shows maxSnippetLines of them, and a long line (minified or
// binary input) a window of about maxSnippetWidth bytes around the range.
const (
	maxSnippetLines = 12
	maxSnippetWidth = 160
	snippetLead     = 60 // bytes kept before the range when a line is cut
)

// diagTextWriter prints diagnostics in the text format.
type diagTextWriter struct {
	w     *bufio.Writer
	files map[string]*hcl.File
	lines map[string][]int // start offset of each line, per file
	color bool
	width int
}

func writeDiagnosticsText(w io.Writer, diags hcl.Diagnostics, o DiagnosticOptions) error {
	tw := &diagTextWriter{w: bufio.NewWriter(w), files: o.Files, lines: map[string][]int{}, color: o.Color, width: int(o.Width)}
	for _, d := range diags {
		if d != nil {
			tw.diagnostic(d)
		}
	}
	return tw.w.Flush()
}

func (t *diagTextWriter) diagnostic(d *hcl.Diagnostic) {
	word, code := "Error", "\x1b[31m"
	if d.Severity == hcl.DiagWarning {
		word, code = "Warning", "\x1b[33m"
	}
	if t.color {
		word = code + word + "\x1b[0m"
	}
	fmt.Fprintf(t.w, "%s: %s\n\n", word, words.Escape(d.Summary))
	if d.Subject != nil {
		t.snippet(d)
		t.values(d)
	}
	if d.Detail != "" {
		detail := words.EscapeText(d.Detail)
		if t.width > 0 {
			detail = wrapText(detail, t.width)
		}
		fmt.Fprintf(t.w, "%s\n\n", detail)
	}
}

// snippet prints "  on FILE line N:" and the source lines of the subject
// and context ranges, the subject highlighted.
func (t *diagTextWriter) snippet(d *hcl.Diagnostic) {
	subj := *d.Subject
	name := words.Escape(subj.Filename)
	f := t.files[subj.Filename]
	if f == nil || f.Bytes == nil {
		// A catalog Puppet wrote is one line of JSON: where its JSON is at
		// fault, the column and byte offset say where (a manifest place
		// has neither, a fault at the start needs neither).
		at := ""
		if subj.Start.Byte > 0 {
			at = fmt.Sprintf(", column %d (byte %d)", subj.Start.Column, subj.Start.Byte)
		}
		fmt.Fprintf(t.w, "  on %s line %d%s:\n  (source code not available)\n\n", name, subj.Start.Line, at)
		return
	}
	src := f.Bytes
	where := ""
	if ctx := contextString(f, subj.Start.Byte); ctx != "" {
		where = ", in " + words.Escape(ctx)
	}
	fmt.Fprintf(t.w, "  on %s line %d%s:\n", name, subj.Start.Line, where)
	hs, he := byteSpan(subj, len(src))
	ss, se := hs, he
	if d.Context != nil {
		cs, ce := byteSpan(*d.Context, len(src))
		ss, se = min(ss, cs), max(se, ce)
	}
	lines := t.index(subj.Filename, src)
	first, last := lineOf(lines, ss), lineOf(lines, max(ss, se-1))
	if last-first+1 > maxSnippetLines {
		// Keep the subject's first line in view.
		first = max(first, lineOf(lines, hs)-maxSnippetLines/2)
	}
	end := min(last, first+maxSnippetLines-1)
	for i := first; i <= end; i++ {
		ls, le := lineBounds(lines, i, src)
		t.line(i+1, src, ls, le, hs, he)
	}
	if end < last {
		fmt.Fprintf(t.w, "      … (%d more lines)\n", last-end)
	}
	t.w.WriteByte('\n')
}

// line prints source line n, bytes [ls, le) of src, with the part inside
// [hs, he) highlighted: bold and underlined in colour, else underlined
// with carets on the next line. A range that starts at the line's end
// (a missing brace, the end of the file) gets a caret after the text.
func (t *diagTextWriter) line(n int, src []byte, ls, le, hs, he int) {
	bs, be := max(ls, hs), min(le, he)
	atEnd := hs == le && he > hs
	if be <= bs {
		bs, be = ls, ls // the range is not on this line
		if atEnd {
			bs, be = le, le
		}
	}
	ws, we := window(src, ls, le, bs)
	be = min(be, we)
	before := snippetText(src[ws:bs], ws > ls)
	hl := words.EscapeText(string(src[bs:be]))
	after := snippetText(src[be:we], false)
	if we < le {
		after += "…"
	}
	num := fmt.Sprintf("%4d: ", n)
	switch {
	case bs == be && !atEnd:
		fmt.Fprintf(t.w, "%s%s%s\n", num, before, after)
		return
	case t.color:
		fmt.Fprintf(t.w, "%s%s\x1b[1;4m%s\x1b[0m%s\n", num, before, hl, after)
		return
	}
	fmt.Fprintf(t.w, "%s%s%s%s\n", num, before, hl, after)
	fmt.Fprintf(t.w, "%s%s%s\n", strings.Repeat(" ", len(num)), blankLike(before), strings.Repeat("^", max(1, utf8.RuneCountInString(hl))))
}

// window is the part [ws, we) of the line [ls, le) to print: all of it
// when short, else about maxSnippetWidth bytes from a little before the
// highlight's start bs, cut at character boundaries (a long highlight is
// cut too).
func window(src []byte, ls, le, bs int) (ws, we int) {
	ws, we = ls, le
	if we-ws <= maxSnippetWidth {
		return ws, we
	}
	if bs-ws > snippetLead {
		ws = runeStart(src, bs-snippetLead, ls)
	}
	if we-ws > maxSnippetWidth {
		we = max(runeStart(src, ws+maxSnippetWidth, ws), bs)
	}
	return ws, we
}

// runeStart moves i back to the start of the UTF-8 sequence it is in (at
// most three bytes, never before floor).
func runeStart(src []byte, i, floor int) int {
	for k := 0; k < 3 && i > floor && !utf8.RuneStart(src[i]); k++ {
		i--
	}
	return i
}

// snippetText escapes a piece of a source line; cut marks a line whose
// start was left out.
func snippetText(b []byte, cut bool) string {
	s := words.EscapeText(string(b))
	if cut {
		return "…" + s
	}
	return s
}

// blankLike is s with every character but tabs turned into a space, so
// that carets printed after it line up under the highlighted text.
func blankLike(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// index returns the line start offsets of a file, computed once.
func (t *diagTextWriter) index(name string, src []byte) []int {
	if l, ok := t.lines[name]; ok {
		return l
	}
	l := []int{0}
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		l = append(l, i)
	}
	t.lines[name] = l
	return l
}

// lineOf is the index of the line holding byte offset off.
func lineOf(lines []int, off int) int {
	return sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
}

// lineBounds is line i without its line ending.
func lineBounds(lines []int, i int, src []byte) (int, int) {
	ls, le := lines[i], len(src)
	if i+1 < len(lines) {
		le = lines[i+1] - 1
	}
	if le > ls && src[le-1] == '\r' {
		le--
	}
	return ls, le
}

// byteSpan is the byte range of r clamped to the file; an empty range
// covers one byte so that it can be shown.
func byteSpan(r hcl.Range, size int) (int, int) {
	s := min(max(r.Start.Byte, 0), size)
	e := min(max(r.End.Byte, s), size)
	if e == s {
		e = min(s+1, size)
		if e == s && s > 0 {
			s--
		}
	}
	return s, e
}

// contextString names the top-level block around offset ("resource
// "software" "php""), when the file has a syntax tree to ask.
func contextString(f *hcl.File, offset int) string {
	type contextStringer interface{ ContextString(offset int) string }
	if cs, ok := f.Nav.(contextStringer); ok {
		return cs.ContextString(offset)
	}
	return ""
}
