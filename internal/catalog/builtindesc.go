package catalog

import (
	"bytes"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// The built-in types' desc strings are two fifths of their source, and
// hclsyntax spends most of its time on quoted strings (it walks them
// grapheme by grapheme). So a built-in source is parsed with the text of
// each plain one-line desc blanked (maskDescs), every position kept, and
// the text is read back from the source when the desc is decoded
// (maskedDesc). That halves the parse, the larger part of a built-in
// type's first use (BenchmarkBuiltins).

// maskDescs returns a copy of src where each `desc = "TEXT"` on one line,
// TEXT without a template sequence and with no escapes but \", \\, \n,
// \t, reads `desc = ""` followed by len(TEXT) spaces.
func maskDescs(src []byte) []byte {
	out := bytes.Clone(src)
	for off := 0; off < len(out); {
		end := bytes.IndexByte(out[off:], '\n')
		if end < 0 {
			end = len(out) - off
		}
		maskDescLine(out[off : off+end])
		off += end + 1
	}
	return out
}

// maskDescLine blanks the desc text of one line in place.
func maskDescLine(line []byte) {
	rest := bytes.TrimLeft(line, " \t")
	if !bytes.HasPrefix(rest, []byte("desc")) {
		return
	}
	rest = bytes.TrimLeft(rest[len("desc"):], " \t")
	if !bytes.HasPrefix(rest, []byte("=")) {
		return
	}
	rest = bytes.TrimLeft(rest[1:], " \t")
	if !bytes.HasPrefix(rest, []byte(`"`)) {
		return
	}
	text := rest[1:]
	close := descEnd(text)
	if close <= 0 || bytes.Contains(text[:close], []byte("${")) || bytes.Contains(text[:close], []byte("%{")) {
		return
	}
	text[0] = '"'
	for i := 1; i <= close; i++ {
		text[i] = ' '
	}
}

// descEnd is the offset of the quote that closes text, or -1 when there
// is none or an escape other than \", \\, \n, \t comes first.
func descEnd(text []byte) int {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '"':
			return i
		case '\\':
			if i+1 >= len(text) || !bytes.ContainsRune([]byte(`"\nt`), rune(text[i+1])) {
				return -1
			}
			i++
		}
	}
	return -1
}

// maskedDesc is the text of a desc that maskDescs blanked: the
// expression at r parsed as the two bytes "" while the source there
// holds a longer string. Only a masked source does that (a user's is
// parsed as it is: its "" is "" in the source, its "${""}" spans more
// than two bytes), whatever the file is called.
func maskedDesc(r hcl.Range, src []byte) (string, bool) {
	if r.End.Byte-r.Start.Byte != 2 || r.Start.Byte < 0 || r.Start.Byte+2 > len(src) {
		return "", false
	}
	raw := src[r.Start.Byte:]
	if raw[0] != '"' || raw[1] == '"' {
		return "", false
	}
	close := descEnd(raw[1:])
	if close < 0 {
		return "", false
	}
	return descUnescaper.Replace(string(raw[1 : 1+close])), true
}

// descUnescaper undoes the escapes descEnd allows.
var descUnescaper = strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t")
