package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/fleet"
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
		fmt.Fprintf(&b, "%s %s (%s).\n", countNoun(len(o.Nodes), "node", "nodes"), outcomeVerb(o), listMore(o.Nodes, 10))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// outcomeVerb says what the outcome's nodes did, agreeing with their
// number.
func outcomeVerb(o fleet.Outcome) string {
	n := len(o.Nodes)
	if o.Failed {
		return pick(n, "fails: ", "fail: ") + o.Errors
	}
	s := pick(n, "compiles", "compile")
	if o.Plan {
		s = pick(n, "has a plan of ", "share one plan of ") + countNoun(o.Steps, "step", "steps")
	}
	if o.Warnings > 0 {
		s += " with " + countNoun(o.Warnings, "warning", "warnings")
	}
	return s
}

// OnNodes is diags, each saying which nodes it is about: "(On the node
// web-01.)", "(On 12 nodes: a, b, c and 9 more.)". The diagnostics are
// copies: the outcome keeps its own.
func OnNodes(diags hcl.Diagnostics, nodes []string) hcl.Diagnostics {
	note := fmt.Sprintf(" (On %s nodes: %s.)", GroupDigits(len(nodes)), listMore(nodes, 3))
	if len(nodes) == 1 {
		note = fmt.Sprintf(" (On the node %s.)", nodes[0])
	}
	out := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		cp := *d
		cp.Detail += note
		out[i] = &cp
	}
	return out
}
