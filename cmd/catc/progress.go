package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/words"
)

// progress is a line on standard error for runs over many nodes that
// last more than a few seconds, only on a terminal: "[=========>
// ] 312/1,000 nodes, 8 distinct catalogs compiled". A pipe or file gets
// nothing, and so does a run that ends before progressAfter.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	width int // the terminal's columns (0: unknown)
	start time.Time
	last  time.Time
	shown bool
	line  string // the line as last drawn, for done to blank out
	now   func() time.Time
}

// progressAfter is how long a run goes before it shows its progress: a
// run that ends sooner prints nothing.
const progressAfter = 2 * time.Second

func newProgress(w io.Writer) *progress {
	if !isTerminal(w) {
		return nil
	}
	return &progress{w: w, width: int(terminalWidth(w)), start: time.Now(), now: time.Now}
}

// update redraws the line, at most ten times a second, and at the end.
func (p *progress) update(s fleet.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if now.Sub(p.start) < progressAfter || s.Done < s.Total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	const width = 30
	filled := width * s.Done / max(s.Total, 1)
	bar := strings.Repeat("=", filled)
	if filled < width {
		bar += ">" + strings.Repeat(" ", width-filled-1)
	}
	line := fmt.Sprintf("[%s] %s/%s nodes, %s compiled", bar, words.GroupDigits(s.Done), words.GroupDigits(s.Total),
		words.Noun(s.Compiled, "distinct catalog", "distinct catalogs"))
	if p.width > 0 && utf8.RuneCountInString(line) >= p.width {
		line = string([]rune(line)[:p.width-1]) // a wrapped line would not be redrawn in place
	}
	if n := utf8.RuneCountInString(p.line) - utf8.RuneCountInString(line); n > 0 {
		line += strings.Repeat(" ", n) // blank what the last line had more
	}
	p.line = line
	fmt.Fprint(p.w, "\r"+line)
}

// done clears the line.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		eraseLine(p.w, p.line)
	}
}

// showProgress tells a terminal user that a long render is running: after
// a second, a line on stderr that counts the seconds, erased when the
// returned stop is called. Off a terminal it does nothing.
func showProgress(stderr io.Writer, what string) (stop func()) {
	if !isTerminal(stderr) {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		start := time.Now()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		line := ""
		for {
			select {
			case <-done:
				if line != "" {
					eraseLine(stderr, line)
				}
				return
			case <-tick.C:
				line = fmt.Sprintf("catc: %s… %ds", what, int(time.Since(start).Seconds()))
				fmt.Fprint(stderr, "\r"+line)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
