package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/words"
)

// OutcomesText writes one line per outcome of a fleet run ("998 nodes
// compile (a, b … and 988 more).", "1 node fails: Dependency cycle at
// site/web.hcl:4 (web-03)."), or says that there were no nodes.
func OutcomesText(w io.Writer, outcomes []fleet.Outcome) error {
	var b strings.Builder
	total := 0
	for _, o := range outcomes {
		total += len(o.Nodes)
	}
	if total == 0 {
		b.WriteString("No nodes: the --nodes path (or this shard) holds none.\n")
	}
	for _, o := range outcomes {
		// Node names come from facts files and errors quote the source:
		// no raw control character reaches the terminal.
		b.WriteString(words.Escape(fmt.Sprintf("%s %s (%s).", words.Noun(len(o.Nodes), "node", "nodes"), outcomeVerb(o), words.ListMore(o.Nodes, 10))) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// outcomeVerb says what the outcome's nodes did, agreeing with their
// number.
func outcomeVerb(o fleet.Outcome) string {
	n := len(o.Nodes)
	if o.Failed {
		return words.Pick(n, "fails: ", "fail: ") + o.Errors
	}
	s := words.Pick(n, "compiles", "compile")
	switch {
	case o.Plan:
		s = words.Pick(n, "has a plan of ", "share one plan of ") + words.Noun(o.Steps, "step", "steps")
	case o.Drawn:
		s = words.Pick(n, "is drawn", "are drawn")
		if o.Cycles > 0 {
			s += words.Pick(n, ", its ", ", each with ") + words.Noun(o.Cycles, "dependency cycle", "dependency cycles") + " in red"
		}
	case o.Read:
		s = words.Pick(n, "is valid", "are valid")
	}
	if o.Warnings > 0 {
		s += " with " + words.Noun(o.Warnings, "warning", "warnings")
	}
	return s
}
