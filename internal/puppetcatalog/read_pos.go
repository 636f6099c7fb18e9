package puppetcatalog

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// positions turns byte offsets into lines and columns: counted on from
// the last one when asked in increasing order, else with the line starts,
// found once.
type positions struct {
	data  string
	lines []int // offset of each line's first byte
	// last is the latest position computed: the model asks for offsets
	// in increasing order, so a position is counted on from there, not
	// from the line's start (a catalog may be one line of megabytes).
	last hcl.Pos
}

// pos is the position of byte offset off (clamped to the data).
func (p *positions) pos(off int) hcl.Pos {
	off = max(0, min(off, len(p.data)))
	if from := p.last; from.Byte <= off {
		// Forward, as the model asks: counted on from the last position
		// (the file's start at first), without a table of the lines.
		if from.Line == 0 {
			from = hcl.Pos{Line: 1, Column: 1}
		}
		p.last = countOn(p.data, from, off)
		return p.last
	}
	if p.lines == nil {
		p.lines = lineStarts(p.data)
	}
	line := p.lineOf(off)
	p.last = hcl.Pos{Line: line + 1, Column: 1 + utf8.RuneCountInString(p.data[p.lines[line]:off]), Byte: off}
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

// lineStarts are the offsets of the first byte of each line of data.
func lineStarts(data string) []int {
	lines := make([]int, 1, strings.Count(data, "\n")+1)
	for i := 0; ; {
		j := strings.IndexByte(data[i:], '\n')
		if j < 0 {
			return lines
		}
		i += j + 1
		lines = append(lines, i)
	}
}

// lineOf is the index of the line that holds offset off: the line of the
// last position first (the model asks in increasing order, mostly on the
// same line or the next), else by binary search.
func (p *positions) lineOf(off int) int {
	for l := p.last.Line - 1; l >= 0 && l < len(p.lines) && p.lines[l] <= off && l <= p.last.Line; l++ {
		if l+1 == len(p.lines) || off < p.lines[l+1] {
			return l
		}
	}
	return sort.SearchInts(p.lines, off+1) - 1
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
