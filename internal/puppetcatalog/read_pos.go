package puppetcatalog

import (
	"sort"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// positions turns byte offsets into lines and columns, with the line
// starts found once (a catalog with many faults is not read again for
// each).
type positions struct {
	data  string
	lines []int // offset of each line's first byte
	// last is the latest position computed: the model asks for offsets
	// in increasing order, so a column is counted on from there, not from
	// the line's start (a catalog may be one line of megabytes).
	last hcl.Pos
}

// pos is the position of byte offset off (clamped to the data).
func (p *positions) pos(off int) hcl.Pos {
	if p.lines == nil {
		p.lines = append(p.lines, 0)
		for i := range len(p.data) {
			if p.data[i] == '\n' {
				p.lines = append(p.lines, i+1)
			}
		}
	}
	off = max(0, min(off, len(p.data)))
	line := sort.SearchInts(p.lines, off+1) - 1
	from, col := p.lines[line], 1
	if l := p.last; l.Line == line+1 && l.Byte <= off && l.Column > 0 {
		from, col = l.Byte, l.Column
	}
	col += utf8.RuneCountInString(p.data[from:off])
	p.last = hcl.Pos{Line: line + 1, Column: col, Byte: off}
	return p.last
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
