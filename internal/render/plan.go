package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/words"
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
	if p.Evaluation != nil {
		writePuppetPlan(bw, p)
		return bw.Flush()
	}
	how := "declaration order breaks ties"
	if p.Ordering.Random {
		how = fmt.Sprintf("random tie-breaks, seed %d", p.Ordering.Seed)
	}
	fmt.Fprintf(bw, "Apply order: %s (%s).\n", words.Noun(len(p.Steps), "resource", "resources"), how)
	// One step is a few lines and there can be 100,000 of them: the
	// lines are put together with WriteString and strconv, not fmt.
	var num []byte
	for i, s := range p.Steps {
		num = strconv.AppendInt(append(num[:0], '\n'), int64(i+1), 10)
		bw.Write(num)
		bw.WriteString(". ")
		bw.WriteString(words.Escape(s.Resource.Ref()))
		bw.WriteString("  ")
		writeFileLine(bw, s.Resource.Place().Filename, s.Resource.Place().Start.Line)
		if s.Resource.Renamed() {
			bw.WriteString("  (declared as " + words.Escape(s.Resource.DeclaredRef()) + ", renamed by its name)")
		}
		bw.WriteByte('\n')
		for _, e := range s.WaitsFor {
			bw.WriteString("   waits for ")
			bw.WriteString(words.Escape(e.F.Resource.Ref()))
			bw.WriteString(": ")
			writeEdgeOrigins(bw, e)
			bw.WriteByte('\n')
		}
		if len(s.RefreshedBy) > 0 {
			bw.WriteString("   refreshed by ")
			writeRefreshers(bw, s.RefreshedBy, s.MoreRefreshers)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// textSink is what the plan's lines are written to: the bufio.Writer of
// PlanText, or the strings.Builder of the string forms (fileLineOf, …).
type textSink interface {
	io.Writer
	io.StringWriter
}

// writeFileLine writes "file:line" (the file alone for line 0), escaped.
func writeFileLine(bw textSink, file string, line int) {
	bw.WriteString(words.Escape(file))
	if line != 0 {
		var buf [24]byte
		bw.Write(strconv.AppendInt(append(buf[:0], ':'), int64(line), 10))
	}
}

// writeEdgeOrigins writes every origin of an edge, joined by "; ", then
// "(refresh)" when it carries refresh events, escaped for a terminal
// (titles and paths may hold control characters).
func writeEdgeOrigins(bw textSink, e *graph.Edge) {
	if len(e.Origins) == 0 { // containment, in a catalog read from Puppet
		bw.WriteString(words.Escape(graph.ContainmentText(e)))
	}
	for i, o := range e.Origins {
		if i > 0 {
			bw.WriteString("; ")
		}
		writeOrigin(bw, o)
	}
	if e.Refresh() {
		bw.WriteString(" (refresh)")
	}
}

// writeOrigin writes o.String(), escaped, piece by piece: a plan writes
// one for every edge, and a catalog of 100,000 resources has hundreds of
// thousands of edges (the pieces joined by o.String would be a string
// each).
func writeOrigin(bw textSink, o graph.Origin) {
	if o.Rule == nil {
		bw.WriteString(words.Escape(o.Kind.String()))
	} else {
		bw.WriteString(words.Escape(o.RuleName()))
		bw.WriteString(" (")
		rr := o.RuleRange()
		writeFileLine(bw, rr.Filename, rr.Start.Line)
		bw.WriteString(")")
	}
	if o.Resource != nil {
		bw.WriteString(" on ")
		bw.WriteString(words.Escape(o.Resource.Ref()))
	}
	if at := o.Place(); at.Filename != "" {
		bw.WriteString(" at ")
		writeFileLine(bw, at.Filename, at.Start.Line)
	}
}

// writeRefreshers writes "A, B via C, …", escaped, then " and N more"
// for the more a plan leaves out (graph.RefreshersShown).
func writeRefreshers(bw textSink, rs []graph.Refresher, more int) {
	defer bw.WriteString(words.AndMore(more))
	for i, r := range rs {
		if i > 0 {
			bw.WriteString(", ")
		}
		bw.WriteString(words.Escape(r.Resource.Ref()))
		if r.Via != nil {
			bw.WriteString(" via ")
			bw.WriteString(words.Escape(r.Via.Ref()))
		}
	}
}

func writeCycles(w io.Writer, p *graph.Plan) {
	fmt.Fprintf(w, "%s: nothing can be applied (%s in a cycle or waiting on one).\n",
		words.Noun(len(p.Cycles), "dependency cycle", "dependency cycles"), words.Noun(len(p.Blocked), "resource is", "resources are"))
	for i, c := range p.Cycles {
		fmt.Fprintf(w, "\nCycle %d: %s\n", i+1, words.Escape(c.String()))
		for _, e := range c.Edges {
			fmt.Fprintf(w, "  %s => %s: %s\n", words.Escape(e.F.Resource.Ref()), words.Escape(e.T.Resource.Ref()), edgeOrigins(e))
		}
		if others := c.Others(); len(others) > 0 {
			fmt.Fprintf(w, "  also caught in this cycle: %s\n", resourceList(others))
		}
	}
}

// edgeOrigins is what writeEdgeOrigins writes. Like the other helpers
// here it returns text escaped for a terminal.
func edgeOrigins(e *graph.Edge) string {
	var b strings.Builder
	writeEdgeOrigins(&b, e)
	return b.String()
}

// refresherList is what writeRefreshers writes of a whole list.
func refresherList(rs []graph.Refresher) string {
	var b strings.Builder
	writeRefreshers(&b, rs, 0)
	return b.String()
}

func resourceList(rs []*catalog.Resource) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.Ref()
	}
	return words.Escape(strings.Join(parts, ", "))
}

// fileLineOf is what writeFileLine writes.
func fileLineOf(file string, line int) string {
	var b strings.Builder
	writeFileLine(&b, file, line)
	return b.String()
}
