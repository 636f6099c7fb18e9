package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/graph"
)

// PlanText writes the plan for people: the numbered steps in apply order,
// each with its declaration's file:line, what it waits for (each direct
// predecessor with the kinds and origins of the edge) and what refreshes
// it. When the plan has cycles it writes instead every cycle, in Puppet's
// form, with each edge's kind and file:line, since Puppet applies nothing
// from such a catalog.
func PlanText(w io.Writer, p *graph.Plan) error {
	bw := bufio.NewWriter(w)
	if !p.Complete() {
		writeCycles(bw, p)
		return bw.Flush()
	}
	how := "declaration order breaks ties"
	if p.Ordering.Random {
		how = fmt.Sprintf("random tie-breaks, seed %d", p.Ordering.Seed)
	}
	fmt.Fprintf(bw, "Apply order: %s (%s).\n", countOf(len(p.Steps), "resource"), how)
	for i, s := range p.Steps {
		fmt.Fprintf(bw, "\n%d. %s  %s\n", i+1, s.Resource.Ref(), fileLineOf(s.Resource.DeclRange.Filename, s.Resource.DeclRange.Start.Line))
		for _, e := range s.WaitsFor {
			fmt.Fprintf(bw, "   waits for %s: %s\n", e.F.Resource.Ref(), edgeOrigins(e))
		}
		if len(s.RefreshedBy) > 0 {
			fmt.Fprintf(bw, "   refreshed by %s\n", refresherList(s.RefreshedBy))
		}
	}
	return bw.Flush()
}

func writeCycles(w io.Writer, p *graph.Plan) {
	fmt.Fprintf(w, "%s: nothing can be applied (%s in a cycle or waiting on one).\n",
		countOf(len(p.Cycles), "dependency cycle"), countOf(len(p.Blocked), "resource is", "resources are"))
	for i, c := range p.Cycles {
		fmt.Fprintf(w, "\nCycle %d: %s\n", i+1, c.String())
		for _, e := range c.Edges {
			fmt.Fprintf(w, "  %s => %s: %s\n", e.F.Resource.Ref(), e.T.Resource.Ref(), edgeOrigins(e))
		}
		if others := c.Others(); len(others) > 0 {
			fmt.Fprintf(w, "  also caught in this cycle: %s\n", resourceList(others))
		}
	}
}

// origins is every origin of an edge, joined by "; ", then "(refresh)"
// when it carries refresh events.
func edgeOrigins(e *graph.Edge) string {
	parts := make([]string, len(e.Origins))
	for i, o := range e.Origins {
		parts[i] = o.String()
	}
	s := strings.Join(parts, "; ")
	if e.Refresh() {
		s += " (refresh)"
	}
	return s
}

// refreshers is "A, B via C, …".
func refresherList(rs []graph.Refresher) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.Resource.Ref()
		if r.Via != nil {
			parts[i] += " via " + r.Via.Ref()
		}
	}
	return strings.Join(parts, ", ")
}

func resourceList(rs []*catalog.Resource) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.Ref()
	}
	return strings.Join(parts, ", ")
}

func fileLineOf(file string, line int) string {
	if line == 0 {
		return file
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// plural is "1 thing" or "N things"; a third argument is the plural form.
func countOf(n int, forms ...string) string {
	if n == 1 {
		return "1 " + forms[0]
	}
	if len(forms) > 1 {
		return fmt.Sprintf("%d %s", n, forms[1])
	}
	return fmt.Sprintf("%d %ss", n, forms[0])
}
