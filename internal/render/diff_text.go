package render

import (
	"bufio"
	"fmt"
	"io"

	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/words"
)

// DiffOptions tune the diff renderers.
type DiffOptions struct {
	// Color marks text output with ANSI colours (a terminal).
	Color bool
	// Budget is the most characters (runes) DiffMarkdown may write; 0
	// means DefaultMarkdownBudget.
	Budget int
}

// ANSI colours of the diff marks: green for newly managed, yellow for
// changed, red for removed from the node (or maybe purged), magenta for
// failing and skipped; no longer managed (nothing happens on the node)
// stays plain.
var markColors = map[string]string{"+": "\x1b[32m", "-": "\x1b[31m", purgeMark: "\x1b[31m", "~": "\x1b[33m", "x": "\x1b[35m"}

const (
	ansiBold  = "\x1b[1m"
	ansiReset = "\x1b[0m"
)

// DiffText writes the diff for a terminal: the summary line, then the
// resources (grouped by type, sorted by ref) with every changed value
// old → new and what the Resource API says about init_only changes, the
// resources skipped because one they depend on fails, the edges added and
// removed with their kinds, the resources whose place in the order moved,
// the unchanged resources that will be refreshed and through which chain,
// the cycles that appeared or were resolved, and the errors Puppet
// refuses either catalog for.
func DiffText(w io.Writer, d *plandiff.PlanDiff, o DiffOptions) error {
	bw := bufio.NewWriter(w)
	t := textWriter{w: bw, color: o.Color}
	t.bold(d.Summary())
	if d.AppliesNothing() {
		t.line(diffLine{mark: "x", text: appliesNothingNote})
	}
	if causes := DataCauseLines(d); len(causes) > 0 {
		t.plain(DataCausesTitle)
		for _, c := range causes {
			t.plain("  " + c)
		}
	}
	if len(d.Resources) > 0 {
		fmt.Fprintln(bw)
		for _, c := range d.Resources {
			for _, l := range resourceLines(c, fullDetail, true, d.Strict) {
				t.line(l)
			}
		}
	}
	if len(d.Skips) > 0 {
		t.section(fmt.Sprintf("Skipped: %s %s:", words.Noun(len(d.Skips), "resource", "resources"), skippedNote))
		for _, s := range d.Skips {
			t.line(diffLine{mark: "x", text: skipText(s)})
		}
	}
	if len(d.Edges) > 0 {
		t.section("Edges:")
		for _, e := range d.Edges {
			t.line(edgeLine(e))
		}
	}
	if len(d.Moves) > 0 {
		t.section(fmt.Sprintf("Order: %s moved in the apply order:", words.Noun(len(d.Moves), "resource", "resources")))
		for _, m := range d.Moves {
			t.line(diffLine{mark: "~", text: moveText(m)})
		}
	}
	if d.OrderUnknown != "" {
		t.section("Order: not compared: " + d.OrderUnknown + ".")
	}
	if len(d.Generated) > 0 {
		t.section(generatedTitle(len(d.Generated)) + ":")
		for _, g := range d.Generated {
			t.line(diffLine{mark: "~", text: generatedText(g)})
		}
	}
	if len(d.Refreshes) > 0 {
		t.section(fmt.Sprintf("Refresh: %s will be refreshed:", words.Noun(len(d.Refreshes), "unchanged resource", "unchanged resources")))
		for _, r := range d.Refreshes {
			t.line(diffLine{mark: "~>", text: refreshText(r)})
		}
	}
	if len(d.NewCycles)+len(d.ResolvedCycles)+len(d.UnresolvedCycles) > 0 {
		t.section("Cycles:")
		for _, c := range d.NewCycles {
			t.line(diffLine{mark: "+", text: "new cycle " + cycleText(c)})
		}
		for _, c := range d.UnresolvedCycles {
			t.line(diffLine{mark: "x", text: "unresolved cycle " + cycleText(c)})
		}
		for _, c := range d.ResolvedCycles {
			t.line(diffLine{mark: "-", text: "resolved cycle " + cycleText(c)})
		}
	}
	if len(d.OldFails) > 0 {
		t.section(oldFailsNote)
		for _, f := range d.OldFails {
			t.line(diffLine{mark: "-", text: f})
		}
	}
	if len(d.NewFails) > 0 {
		t.section(newFailsNote)
		for _, f := range d.NewFails {
			t.line(diffLine{mark: "x", text: f})
		}
	}
	return bw.Flush()
}

// textWriter prints diff lines, coloured by mark when asked.
type textWriter struct {
	w     *bufio.Writer
	color bool
}

func (t textWriter) line(l diffLine) {
	c := markColors[l.mark]
	s := words.Escape(l.String())
	if !t.color || c == "" {
		fmt.Fprintln(t.w, s)
		return
	}
	fmt.Fprintln(t.w, c+s+ansiReset)
}

// plain writes a line of no mark, escaped like every other.
func (t textWriter) plain(s string) { fmt.Fprintln(t.w, words.Escape(s)) }

func (t textWriter) section(title string) {
	fmt.Fprintln(t.w)
	t.bold(title)
}

func (t textWriter) bold(s string) {
	s = words.Escape(s)
	if t.color {
		s = ansiBold + s + ansiReset
	}
	fmt.Fprintln(t.w, s)
}
