package render

import (
	"bufio"
	"fmt"
	"io"

	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/words"
)

// FleetPlansText writes plan --nodes for people: one line per outcome
// (OutcomesText), then each distinct plan once, headed by the nodes that
// share it, as PlanText prints one node's plan.
func FleetPlansText(w io.Writer, outcomes []fleet.Outcome) error {
	bw := bufio.NewWriter(w)
	if err := OutcomesText(bw, outcomes); err != nil {
		return err
	}
	for _, o := range outcomes {
		if o.Shown == nil {
			continue
		}
		fmt.Fprintf(bw, "\n== %s\n", words.Escape(shownTitle(o)))
		if err := PlanText(bw, o.Shown); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// shownTitle heads a distinct plan: "3 nodes share this plan: a, b, c
// (the plan of a; …)".
func shownTitle(o fleet.Outcome) string {
	if len(o.Nodes) == 1 {
		return "1 node has this plan: " + o.Nodes[0]
	}
	differs := "a title or value holding a node's own name or address differs from node to node"
	if o.Read {
		differs = "a title or value holding a node's own name, and a place in its catalog file, differ from node to node"
	}
	return fmt.Sprintf("%s share this plan: %s (shown for %s; %s)",
		words.Noun(len(o.Nodes), "node", "nodes"), textNodes(o.Nodes), o.ShownFor, differs)
}
