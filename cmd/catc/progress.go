package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/catc-dev/catc/internal/words"
)

// progress is a bar on standard error for runs over many nodes, only on
// a terminal: "[=========>          ] 312/1,000 nodes". A pipe or file gets
// nothing.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	last  time.Time
	shown bool
	line  string // the bar as last drawn, for done to blank out
}

// progressMin is the fewest nodes worth a bar.
const progressMin = 20

func newProgress(w io.Writer) *progress {
	if !isTerminal(w) {
		return nil
	}
	return &progress{w: w}
}

// update redraws the bar, at most ten times a second, and at the end.
func (p *progress) update(done, total int) {
	if total < progressMin {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if done < total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	const width = 30
	filled := width * done / total
	bar := strings.Repeat("=", filled)
	if filled < width {
		bar += ">" + strings.Repeat(" ", width-filled-1)
	}
	p.line = fmt.Sprintf("[%s] %s/%s nodes", bar, words.GroupDigits(done), words.GroupDigits(total))
	fmt.Fprint(p.w, "\r"+p.line)
}

// done clears the bar's line.
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
