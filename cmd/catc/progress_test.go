package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/fleet"
)

// TestProgress: nothing on a pipe, nor for a run shorter than a few
// seconds; on a terminal, then, a line with the nodes done and the
// distinct catalogs compiled, cut to the terminal's width, that ends
// full and is cleared with blanks (no escape sequence: a dumb terminal
// would print it).
func TestProgress(t *testing.T) {
	t.Parallel()
	var pipe bytes.Buffer
	if newProgress(&pipe) != nil {
		t.Error("a progress line on a buffer")
	}
	clock := time.Unix(1000, 0)
	var b bytes.Buffer
	p := &progress{w: &b, start: clock, now: func() time.Time { return clock }}
	clock = clock.Add(time.Second)
	p.update(fleet.Progress{Done: 500, Total: 1000, Compiled: 3})
	if b.Len() != 0 {
		t.Errorf("a line after a second: %q", b.String())
	}
	clock = clock.Add(2 * time.Second)
	p.update(fleet.Progress{Done: 600, Total: 1000, Compiled: 4})
	clock = clock.Add(10 * time.Millisecond)
	p.update(fleet.Progress{Done: 700, Total: 1000, Compiled: 4}) // too soon to redraw
	p.update(fleet.Progress{Done: 1000, Total: 1000, Compiled: 6})
	p.done()
	out := b.String()
	want := "\r[==================>           ] 600/1,000 nodes, 4 distinct catalogs compiled" +
		"\r[==============================] 1,000/1,000 nodes, 6 distinct catalogs compiled" +
		"\r" + strings.Repeat(" ", 80) + "\r"
	if out != want || strings.Contains(out, "\x1b") {
		t.Errorf("progress:\n%q\nwant\n%q", out, want)
	}
	var narrow bytes.Buffer
	p = &progress{w: &narrow, width: 40, start: clock, now: func() time.Time { return clock }}
	clock = clock.Add(time.Minute)
	p.update(fleet.Progress{Done: 2, Total: 3, Compiled: 1})
	if got := narrow.String(); got != "\r[====================>         ] 2/3 no" {
		t.Errorf("on 40 columns: %q", got)
	}
}
