package puppetcatalog

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// positions turns byte offsets into lines and columns: counted on from
// the last one when asked in increasing order, else from the nearest
// mark before the offset (marks found once), so that no position costs
// more than markEvery bytes of counting however the offsets come (a
// catalog may be one line of megabytes, and its containment loops are
// reported in resource order, not file order).
type positions struct {
	data string
	// marks are the positions of a rune start every markEvery bytes or
	// so, the file's start first.
	marks []hcl.Pos
	// last is the latest position computed: the model asks for offsets
	// in increasing order, so a position is counted on from there.
	last hcl.Pos
	// counted is the bytes counted by pos so far, which the tests bound
	// rather than a time (a count does not change with the machine's load).
	counted int
}

// markEvery is the distance between marks: a table of 24 bytes for every
// 4 KiB of the file.
const markEvery = 4096

// pos is the position of byte offset off (clamped to the data).
func (p *positions) pos(off int) hcl.Pos {
	off = max(0, min(off, len(p.data)))
	from := p.last
	if from.Line == 0 {
		from = hcl.Pos{Line: 1, Column: 1}
	}
	if from.Byte > off {
		if p.marks == nil {
			p.marks = markPositions(p.data)
		}
		from = p.marks[sort.Search(len(p.marks), func(i int) bool { return p.marks[i].Byte > off })-1]
	}
	p.counted += off - from.Byte
	p.last = countOn(p.data, from, off)
	return p.last
}

// countOn is the position of off counted on from the position from, at
// or before it.
func countOn(data string, from hcl.Pos, off int) hcl.Pos {
	rest := data[from.Byte:off]
	line, col := from.Line, from.Column
	if n := strings.Count(rest, "\n"); n > 0 {
		line, col, rest = line+n, 1, rest[strings.LastIndexByte(rest, '\n')+1:]
	}
	return hcl.Pos{Line: line, Column: col + utf8.RuneCountInString(rest), Byte: off}
}

// markPositions are the marks of data: each at a rune start, where
// counting may begin (a rune is never split, and an invalid byte counts
// as one rune wherever counting begins).
func markPositions(data string) []hcl.Pos {
	marks := make([]hcl.Pos, 1, len(data)/markEvery+1)
	marks[0] = hcl.Pos{Line: 1, Column: 1}
	for b := markEvery; b < len(data); b += markEvery {
		for b < len(data) && !utf8.RuneStart(data[b]) {
			b++
		}
		marks = append(marks, countOn(data, marks[len(marks)-1], b))
	}
	return marks
}

// rangeAt is the range of the character at off in file name.
func (p *positions) rangeAt(name string, off int) hcl.Range {
	start := p.pos(off)
	end := start
	if off < len(p.data) {
		_, n := utf8.DecodeRuneInString(p.data[off:])
		end = p.pos(off + n)
	}
	return hcl.Range{Filename: name, Start: start, End: end}
}

// Range is the range of the byte at offset off of the file c was read
// from (a Resource's or Param's Offset), for diagnostics about it.
func (c *Catalog) Range(off int) hcl.Range {
	if c.pos == nil {
		return hcl.Range{Filename: c.Filename}
	}
	return c.pos.rangeAt(c.Filename, off)
}
