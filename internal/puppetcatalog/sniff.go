package puppetcatalog

import (
	"bytes"

	"github.com/catc-dev/catc/internal/inputfile"
)

// Kind is what a catalog JSON file holds, told by its start.
type Kind int

const (
	// KindOther is neither kind below: HCL, or JSON of another shape.
	KindOther Kind = iota
	// KindPuppet is a catalog Puppet wrote (or PuppetDB), possibly in a
	// wrapper: what Read reads.
	KindPuppet
	// KindCatc is JSON catc wrote (`catc compile`'s catalog JSON, a
	// plan): its "format" key first, with a "catc." format. It names
	// "resources" too, so it is told first.
	KindCatc
)

// Sniff reads the start of the file at path once (the first 64 KiB) and
// says which kind of catalog it holds. A file that cannot be read is
// KindOther with the error.
func Sniff(path string) (Kind, error) {
	head, err := inputfile.Head(path, sniffSize)
	if err != nil {
		return KindOther, err
	}
	return sniffHead(head), nil
}

// SniffText is Sniff of a file already read whole: its kind, told from
// the same first 64 KiB.
func SniffText(text string) Kind {
	return sniffHead([]byte(text[:min(len(text), sniffSize)]))
}

// sniffHead is Sniff on the start of a file.
func sniffHead(head []byte) Kind {
	switch {
	case isCatcJSON(head):
		return KindCatc
	case LooksLikeCatalog(head):
		return KindPuppet
	}
	return KindOther
}

// isCatcJSON reports whether head starts as catc's own JSON does
// (internal/catalogjson writes `{"format": "catc.catalog/1", …`):
// an object whose first key is "format", its value a "catc." string.
func isCatcJSON(head []byte) bool {
	t, ok := skipToken(head, "{")
	if ok {
		t, ok = skipToken(t, `"format"`)
	}
	if ok {
		t, ok = skipToken(t, ":")
	}
	if ok {
		_, ok = skipToken(t, `"catc.`)
	}
	return ok
}

// skipToken is b after its leading JSON white space and tok, and whether
// tok was there.
func skipToken(b []byte, tok string) ([]byte, bool) {
	b = bytes.TrimLeft(b, " \t\r\n")
	if !bytes.HasPrefix(b, []byte(tok)) {
		return b, false
	}
	return b[len(tok):], true
}
