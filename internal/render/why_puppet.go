package render

import (
	"bufio"
	"fmt"
	"io"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/words"
)

// LinksText answers `catc why FROM TO` for a catalog read from Puppet
// when the order comes through classes and defines (links:
// graph.Expanded.Links of from and to, not empty): FROM comes before TO
// (or the reverse holds), or, when neither comes wholly first (one holds
// the other), how their starts and their ends are ordered; each chain
// with its steps on numbered lines.
func LinksText(w io.Writer, from, to *catalog.Resource, links []graph.Link) error {
	bw := bufio.NewWriter(w)
	a, b := words.Escape(from.Ref()), words.Escape(to.Ref())
	steps := func(l graph.Link) string { return words.Noun(len(l.Steps), "step", "steps") }
	switch l := links[0]; {
	case l.Whole() && l.From == from:
		fmt.Fprintf(bw, "%s comes before %s through %s (classes and defines included):\n", a, b, steps(l))
		writeSteps(bw, l.Steps)
	case l.Whole():
		fmt.Fprintf(bw, "%s does not come before %s: the reverse holds, %s must come before %s through %s (classes and defines included):\n",
			a, b, b, a, steps(l))
		writeSteps(bw, l.Steps)
	default:
		bw.WriteString(partialHead(a, b, links))
		for _, l := range links {
			fmt.Fprintf(bw, "%s before %s, through %s:\n", endPhrase(l.From, l.FromEnd, true), endPhrase(l.To, l.ToEnd, false), steps(l))
			writeSteps(bw, l.Steps)
		}
	}
	return bw.Flush()
}

// partialHead is the first line of an answer whose links order only
// parts of a and b: one runs within the other (it starts after the other
// starts and ends before the other ends), or they overlap.
func partialHead(a, b string, links []graph.Link) string {
	if len(links) == 2 && links[0].From == links[1].To && links[0].FromEnd == graph.Start && links[1].ToEnd == graph.Finish {
		outer, inner := words.Escape(links[0].From.Ref()), words.Escape(links[0].To.Ref())
		return inner + " runs within " + outer + ": " + outer + " starts before it and ends after it.\n"
	}
	return "Neither " + a + " nor " + b + " comes wholly before the other; Puppet's agent orders them in part:\n"
}

// endPhrase names one end of a resource, as the subject of "before"
// ("Class[A] starts", "Notify[x] comes") or as its object ("Class[A]
// ends", "Notify[x]").
func endPhrase(r *catalog.Resource, e graph.End, subject bool) string {
	ref := words.Escape(r.Ref())
	switch {
	case graph.IsContainer(r) && e == graph.Start:
		return ref + " starts"
	case graph.IsContainer(r):
		return ref + " ends"
	case subject:
		return ref + " comes"
	}
	return ref
}

// writeSteps lists the steps of a chain, numbered.
func writeSteps(bw *bufio.Writer, steps []string) {
	for i, s := range steps {
		fmt.Fprintf(bw, "  %d. %s\n", i+1, words.Escape(s))
	}
}
