package lsp

import (
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// TestPositions: LSP characters are UTF-16 code units; catc's ranges are
// bytes. A letter outside the BMP is two units, é one, and both are
// several bytes.
func TestPositions(t *testing.T) {
	t.Parallel()
	src := []byte("a\n# é😀x\nend")
	li := newLineIndex(src)
	cases := []struct {
		off  int
		line int
		char int
	}{
		{0, 0, 0}, {2, 1, 0}, {4, 1, 2}, {6, 1, 3}, {10, 1, 5}, {11, 1, 6}, {12, 2, 0}, {len(src), 2, 3},
	}
	for _, c := range cases {
		want := protocol.Position{Line: protocol.UInteger(c.line), Character: protocol.UInteger(c.char)}
		if got := li.position(c.off); got != want {
			t.Errorf("position(%d) = %v, want %v", c.off, got, want)
		}
		if got := positionToOffset(src, want); got != c.off {
			t.Errorf("offset(%v) = %d, want %d", want, got, c.off)
		}
		if got := li.offset(want); got != c.off {
			t.Errorf("lineIndex.offset(%v) = %d, want %d", want, got, c.off)
		}
	}
	// past the end of a line or of the text: clamped
	pastLine, pastText := protocol.Position{Line: 0, Character: 40}, protocol.Position{Line: 9, Character: 0}
	if got, got2 := positionToOffset(src, pastLine), li.offset(pastLine); got != 1 || got2 != 1 {
		t.Errorf("past the line's end: %d, %d", got, got2)
	}
	if got, got2 := positionToOffset(src, pastText), li.offset(pastText); got != len(src) || got2 != len(src) {
		t.Errorf("past the text's end: %d, %d", got, got2)
	}
	// an incremental change replacing the emoji
	r := protocol.Range{Start: protocol.Position{Line: 1, Character: 3}, End: protocol.Position{Line: 1, Character: 5}}
	if got := string(applyChange(src, protocol.TextDocumentContentChangeEvent{Range: &r, Text: ":)"})); got != "a\n# é:)x\nend" {
		t.Errorf("change: %q", got)
	}
}

// TestURIs: file URIs with spaces and non-ASCII names round-trip.
func TestURIs(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"/tmp/a b/site.hcl", "/srv/résumé/x.hcl", "/a#b/c%d.hcl"} {
		if got := uriToPath(pathToURI(p)); got != p {
			t.Errorf("%s → %s → %s", p, pathToURI(p), got)
		}
	}
	if got := uriToPath("file:///tmp/x%20y/z.hcl"); got != "/tmp/x y/z.hcl" {
		t.Errorf("escaped URI: %s", got)
	}
	if got := uriToPath("untitled:Untitled-1"); got != "" {
		t.Errorf("a non-file URI gave %q", got)
	}
}
