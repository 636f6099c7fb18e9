package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/words"
)

// groupTitle heads a distinct diff: "2 nodes: a, b" with its
// placeholders explained.
func groupTitle(g fleet.Group, names string) string {
	s := fmt.Sprintf("%s: %s", words.Noun(len(g.Nodes), "node", "nodes"), names)
	if len(g.Placeholders) > 0 {
		s += fmt.Sprintf(" (%s: each node's own)", strings.Join(g.Placeholders, ", "))
	}
	return s
}

func failureTitle(f fleet.Failure) string {
	return fmt.Sprintf("%s %s: %s", words.Noun(len(f.Nodes), "node", "nodes"), f.Side.Words(len(f.Nodes)), f.Errors)
}

// textListMax is the most node names a list of the text outputs shows
// before "and N more", as the Markdown's longest lists (the JSON lists
// every node): a fleet of 100,000 nodes prints pages, not megabytes.
const textListMax = 200

// textNodes is a list of nodes for the text outputs, budgeted.
func textNodes(names []string) string { return words.ListMore(names, textListMax) }

// FleetText writes the fleet diff for a terminal: the summary, the
// failing nodes by errors, then each distinct diff once, headed by its
// nodes (up to textListMax of them named, then how many more), as
// DiffText prints it.
func FleetText(w io.Writer, d *fleet.Diff, o DiffOptions) error {
	bw := bufio.NewWriter(w)
	t := textWriter{w: bw, color: o.Color}
	t.bold(d.Summary())
	for _, f := range d.Failures {
		t.section(failureTitle(f))
		t.plain("  " + textNodes(f.Nodes))
	}
	if len(d.Unchanged) > 0 {
		t.section(fmt.Sprintf("%s unchanged:", words.Noun(len(d.Unchanged), "node", "nodes")))
		t.plain("  " + textNodes(d.Unchanged))
	}
	for _, g := range d.Groups {
		fmt.Fprintln(bw)
		t.bold("== " + groupTitle(g, textNodes(g.Nodes)))
		if err := bw.Flush(); err != nil {
			return err
		}
		if err := DiffText(bw, g.Diff, o); err != nil {
			return err
		}
	}
	return bw.Flush()
}
