package graph

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/words"
	"github.com/hashicorp/hcl/v2"
)

// Diagnostic summaries of this package.
const (
	summaryCycle      = "Dependency cycle"
	summaryUnknownRef = "Unknown resource"
	summaryInvalidRef = "Invalid resource reference"
)

// Bounds on a cycle diagnostic: the summary shows at most
// maxSummaryEdges edges of the path, the detail maxDiagnosticEdges.
const (
	maxSummaryEdges    = 10
	maxDiagnosticEdges = 20
)

// Diagnostics is one error per cycle, in the order of cycles. The
// summary names the cycle in Puppet's form, "Dependency cycle:
// (Node_res[a] => Node_res[b] => Node_res[a])"; the subject is the
// declaration of its smallest member; the detail lists each edge with
// its kind and file:line (up to 20; the plan shows them all) and the
// other resources caught in the component, then which relationship to
// remove. When that is one edge between two resources, the diagnostic's
// Extra is a SuggestedEdge: the caller, which knows how the user loads
// the catalog, may name the `catc why` that explains it.
func (cs Cycles) Diagnostics() hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, c := range cs {
		subject := c.Path[0].Place()
		if subject.Filename == "" { // a class of a catalog Puppet compiled, say
			subject = c.Path[0].DeclRange
		}
		d := &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  summaryCycle + ": " + c.shortString(maxSummaryEdges),
			Detail:   c.detail(),
			Subject:  &subject,
		}
		if e := c.suggested(); e != nil && e.F != e.T {
			d.Extra = SuggestedEdge{From: e.F.Resource.Ref(), To: e.T.Resource.Ref()}
		}
		diags = append(diags, d)
	}
	return diags
}

// SuggestedEdge is the Extra of a cycle diagnostic whose detail ends by
// suggesting to remove or reverse the edge From => To (refs).
type SuggestedEdge struct{ From, To string }

// shortString is String with at most max edges: the first max-1, "…",
// and the closing one.
func (c Cycle) shortString(max int) string {
	if len(c.Edges) <= max {
		return c.String()
	}
	head := make([]string, 0, max+1)
	for _, r := range c.Path[:max-1] {
		head = append(head, r.Ref())
	}
	head = append(head, fmt.Sprintf("… (%d more)", len(c.Path)-max-1), c.Path[len(c.Path)-2].Ref(), c.Path[0].Ref())
	return "(" + strings.Join(head, " => ") + ")"
}

func (c Cycle) detail() string {
	var b strings.Builder
	fmt.Fprintf(&b, "These resources wait on each other, so none of them can be applied (Puppet applies nothing from such a catalog). The cycle, edge by edge (A => B: A must come before B):\n")
	for i, e := range c.Edges {
		if i == maxDiagnosticEdges {
			fmt.Fprintf(&b, "  … and %d more edges (catc plan lists them all)\n", len(c.Edges)-i)
			break
		}
		fmt.Fprintf(&b, "  %s\n", EdgeLine(e))
	}
	if others := c.Others(); len(others) > 0 {
		fmt.Fprintf(&b, "%d %s caught in the same cycle: %s.\n", len(others), words.Pick(len(others), "other resource is", "other resources are"), refList(others, 10))
	}
	b.WriteString(c.advice())
	return b.String()
}

// advice names one relationship to remove (suggested), or, when
// automatic rules make every edge, says what changes those.
func (c Cycle) advice() string {
	pick := c.suggested()
	if pick == nil && c.containmentOnly() {
		return "The catalog's containment edges make every edge here (a class or define that contains itself): Puppet's compiler never writes that, and Puppet's agent reports the same cycle. Fix the catalog's \"edges\"."
	}
	if pick == nil {
		return "Automatic relationships make every edge here: change a title or attribute that a rule matches, or the rule, or add an explicit relationship in the other direction. `catc why` explains each edge."
	}
	if pick.F == pick.T {
		return fmt.Sprintf("Remove the %s: a resource cannot wait for itself.", originList(pick))
	}
	return fmt.Sprintf("Remove or reverse one of these relationships to break the cycle, e.g. the %s (%s => %s).",
		originList(pick), pick.F.Resource.Ref(), pick.T.Resource.Ref())
}

// containmentOnly reports whether containment (in a catalog read from
// Puppet) makes every edge of c: such edges have no origins.
func (c Cycle) containmentOnly() bool {
	for _, e := range c.Edges {
		if len(e.Origins) > 0 {
			return false
		}
	}
	return true
}

// suggested is the relationship to remove: the last edge of the cycle
// that a single metaparameter makes (deleting one reference breaks it),
// else the last edge made only by metaparameters; nil when automatic
// rules make every edge.
func (c Cycle) suggested() *Edge {
	for i := len(c.Edges) - 1; i >= 0; i-- {
		if e := c.Edges[i]; len(e.Origins) == 1 && e.Origins[0].Rule == nil {
			return e
		}
	}
	for i := len(c.Edges) - 1; i >= 0; i-- {
		if e := c.Edges[i]; explicitOnly(e) {
			return e
		}
	}
	return nil
}

// explicitOnly reports whether only metaparameters make e.
func explicitOnly(e *Edge) bool {
	for _, o := range e.Origins {
		if o.Rule != nil {
			return false
		}
	}
	return len(e.Origins) > 0
}

// originList is the origins of e joined by " and the ".
func originList(e *Edge) string {
	parts := make([]string, len(e.Origins))
	for i, o := range e.Origins {
		parts[i] = o.String()
	}
	return strings.Join(parts, " and the ")
}

// EdgeLine describes an edge in one line: "Node_res[a] => Node_res[b]:
// require on Node_res[b] at main.hcl:7", with each origin joined by "; ".
func EdgeLine(e *Edge) string {
	origins := make([]string, len(e.Origins))
	for i, o := range e.Origins {
		origins[i] = o.String()
	}
	if len(origins) == 0 {
		origins = append(origins, ContainmentText(e))
	}
	return fmt.Sprintf("%s => %s: %s", e.F.Resource.Ref(), e.T.Resource.Ref(), strings.Join(origins, "; "))
}

// ContainmentText says why an edge without origins (in a cycle through
// a container of a catalog read from Puppet) is there: the containment
// its Step names ("Class[A] contains Notify[x], which starts after
// Class[A] starts", "Notify[x] is in Class[A], which ends after it").
// An edge whose step is not known is said from the containment of its
// ends.
func ContainmentText(e *Edge) string {
	a, b := e.F.Resource, e.T.Resource
	c := e.Step
	if c == NoContainment {
		switch {
		case a == b:
			c = Empty
		case within(b, a):
			c = Holds
		case within(a, b):
			c = HeldBy
		}
	}
	return containmentWords(a, b, c)
}
