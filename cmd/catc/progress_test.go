package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestProgress: nothing on a pipe or for a few nodes; on a terminal, a
// bar that ends full and is cleared with blanks (no escape sequence: a
// dumb terminal would print it).
func TestProgress(t *testing.T) {
	t.Parallel()
	var pipe bytes.Buffer
	if newProgress(&pipe) != nil {
		t.Error("a progress bar on a buffer")
	}
	var b bytes.Buffer
	p := &progress{w: &b}
	p.update(1, 5)
	if b.Len() != 0 {
		t.Errorf("a bar for 5 nodes: %q", b.String())
	}
	p.update(500, 1000)
	p.update(1000, 1000)
	p.done()
	out := b.String()
	if !strings.Contains(out, "\r[===============>              ] 500/1,000 nodes") ||
		!strings.Contains(out, "\r[==============================] 1,000/1,000 nodes") || !strings.HasSuffix(out, "\r"+strings.Repeat(" ", 50)+"\r") || strings.Contains(out, "\x1b") {
		t.Errorf("bar: %q", out)
	}
}
