package lsp

import (
	"bytes"
	"net/url"
	"path/filepath"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// LSP positions count UTF-16 code units within a line (the protocol's
// default encoding); catc's ranges carry byte offsets, which are exact
// whatever HCL counts as a column. Conversions go through the bytes.

// uriToPath turns a file:// URI into a clean path; other schemes give "".
func uriToPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.Clean(filepath.FromSlash(u.Path))
}

// pathToURI is the file:// URI of an absolute path.
func pathToURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// positionToOffset converts an LSP position to a byte offset in src,
// clamped to the line's end and the text's end.
func positionToOffset(src []byte, p protocol.Position) int {
	off := 0
	for line := 0; line < int(p.Line); line++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	return unitsToOffset(src, off, int(p.Character))
}

// unitsToOffset is the offset units UTF-16 code units after the line
// start off, clamped to the line's end.
func unitsToOffset(src []byte, off, units int) int {
	for off < len(src) && units > 0 && src[off] != '\n' {
		if c := src[off]; c < utf8.RuneSelf {
			units--
			off++
			continue
		}
		r, size := utf8.DecodeRune(src[off:])
		units -= utf16.RuneLen(r)
		off += size
	}
	return off
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		if b[0] < utf8.RuneSelf {
			n++
			b = b[1:]
			continue
		}
		r, size := utf8.DecodeRune(b)
		n += utf16.RuneLen(r)
		b = b[size:]
	}
	return n
}

// lineIndex maps byte offsets of one text to positions quickly: the
// start offset of every line.
type lineIndex struct {
	src    []byte
	starts []int
}

func newLineIndex(src []byte) *lineIndex {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{src: src, starts: starts}
}

func (li *lineIndex) position(off int) protocol.Position {
	off = min(max(off, 0), len(li.src))
	// the last line start <= off
	lo, hi := 0, len(li.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if li.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return protocol.Position{Line: protocol.UInteger(lo), Character: protocol.UInteger(utf16Len(li.src[li.starts[lo]:off]))}
}

// offset converts an LSP position to a byte offset, as positionToOffset
// does, from the line starts.
func (li *lineIndex) offset(p protocol.Position) int {
	if int(p.Line) >= len(li.starts) {
		return len(li.src)
	}
	return unitsToOffset(li.src, li.starts[p.Line], int(p.Character))
}

// holds reports whether the index is of src itself (the same bytes in
// memory, as a snapshot's index is of the buffer it loaded).
func (li *lineIndex) holds(src []byte) bool {
	return len(li.src) == len(src) && (len(src) == 0 || &li.src[0] == &src[0])
}

func (li *lineIndex) rangeOf(r hcl.Range) protocol.Range {
	return protocol.Range{Start: li.position(r.Start.Byte), End: li.position(r.End.Byte)}
}

// applyChange applies one incremental change (or a whole-text one) to src.
func applyChange(src []byte, change any) []byte {
	switch c := change.(type) {
	case protocol.TextDocumentContentChangeEventWhole:
		return []byte(c.Text)
	case protocol.TextDocumentContentChangeEvent:
		if c.Range == nil {
			return []byte(c.Text)
		}
		start := positionToOffset(src, c.Range.Start)
		end := max(positionToOffset(src, c.Range.End), start)
		// a new slice: the snapshot and the parse cache hold the old one
		out := make([]byte, 0, start+len(c.Text)+len(src)-end)
		out = append(out, src[:start]...)
		out = append(out, c.Text...)
		return append(out, src[end:]...)
	}
	return src
}
