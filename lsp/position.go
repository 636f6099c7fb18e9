package lsp

import (
	"net/url"
	"path/filepath"
	"strings"
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
		i := indexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	units := int(p.Character)
	for off < len(src) && units > 0 && src[off] != '\n' {
		r, size := utf8.DecodeRune(src[off:])
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		units -= n
		off += size
	}
	return off
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += len(utf16.Encode([]rune{r}))
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
		var b strings.Builder
		b.Grow(len(src) + len(c.Text))
		b.Write(src[:start])
		b.WriteString(c.Text)
		b.Write(src[end:])
		return []byte(b.String())
	}
	return src
}
