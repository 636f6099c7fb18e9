package compiler

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// checkInput is what is checked of a file before hclsyntax sees it: that
// it is UTF-8 text, its nesting and that it is not garbage (nesting.go). A binary file (or random bytes) is
// one clear error rather than a syntax error per stray byte, and parsing
// it, which costs gigabytes for tens of megabytes of garbage, is skipped.
func checkInput(src []byte, filename string, start hcl.Pos) hcl.Diagnostics {
	diags, _ := checkInputArith(src, filename, start)
	return diags
}

// checkInputArith is checkInput, and tells whether src may hold
// arithmetic (which boundArithmetic must then bound).
func checkInputArith(src []byte, filename string, start hcl.Pos) (hcl.Diagnostics, bool) {
	if off := invalidUTF8(src); off >= 0 {
		what := "is not valid UTF-8"
		if src[off] == 0 {
			what = "is a NUL byte"
		}
		return hcl.Diagnostics{catalog.ErrorAt(summaryNotText,
			fmt.Sprintf("This byte (0x%02x) %s: HCL files are UTF-8 text, so the file is not read further. Check that the path names an HCL file, or convert the file to UTF-8.", src[off], what),
			*byteRange(src, off, filename, start), nil)}, false
	}
	return checkNesting(src, filename, start)
}

const summaryNotText = "Not a text file"

// invalidUTF8 is the offset of the first byte that is not UTF-8 text, or
// a NUL (which no text file holds), or -1.
func invalidUTF8(src []byte) int {
	if utf8.Valid(src) {
		if i := bytes.IndexByte(src, 0); i >= 0 {
			return i
		}
		return -1
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 || r == 0 {
			return i
		}
		i += size
	}
	return -1
}

// byteRange is the range of the byte at off of src, src starting at start.
func byteRange(src []byte, off int, filename string, start hcl.Pos) *hcl.Range {
	pos := catalog.Advance(start, src[:off])
	return &hcl.Range{Filename: filename, Start: pos, End: hcl.Pos{Line: pos.Line, Column: pos.Column + 1, Byte: pos.Byte + 1}}
}
