package render

import (
	"bufio"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/escape"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plural"
)

// writeNotes writes what catc cannot know about a catalog read from
// Puppet (catalog.ExternalNotes), before the plan; nothing for HCL.
func writeNotes(bw *bufio.Writer, notes []string) {
	for _, n := range notes {
		bw.WriteString("Note: " + escape.Line(n) + "\n")
	}
	if len(notes) > 0 {
		bw.WriteByte('\n')
	}
}

// writePuppetPlan writes the plan of a catalog read from Puppet in the
// agent's evaluation order: where each class, define, stage or node
// starts and ends (indented by nesting), and the numbered resources,
// each with the manifest's file:line, its class or define, what it
// waits for and what refreshes it.
func writePuppetPlan(bw *bufio.Writer, p *graph.Plan) {
	n := 0
	for _, s := range p.Steps {
		if !graph.IsContainer(s.Resource) {
			n++
		}
	}
	bw.WriteString("Apply order: " + plural.Noun(n, "resource", "resources") +
		" in Puppet's agent order (the catalog's order breaks ties); classes, defines and stages are shown where they start and end.\n\n")
	depth := containmentDepths(p.Graph.Catalog.Resources)
	num := 0
	for _, v := range p.Evaluation {
		r := v.Resource
		indent := strings.Repeat("  ", depth[r.Index])
		switch v.Whit {
		case graph.Admissible:
			bw.WriteString(indent + escape.Line(r.Ref()) + " starts" + manifestPlace(r) + containerText(r) + "\n")
			writeWaits(bw, indent, p.Steps[p.StepOf(r)-1])
			continue
		case graph.Completed:
			bw.WriteString(indent + escape.Line(r.Ref()) + " ends\n")
			continue
		}
		num++
		bw.WriteString(indent + strconv.Itoa(num) + ". " + escape.Line(r.Ref()) + manifestPlace(r) + containerText(r) + "\n")
		writeWaits(bw, indent, p.Steps[p.StepOf(r)-1])
	}
}

// writeWaits writes what a step waits for and what refreshes it.
func writeWaits(bw *bufio.Writer, indent string, step graph.Step) {
	for _, e := range step.WaitsFor {
		bw.WriteString(indent + "   waits for " + escape.Line(e.F.Resource.Ref()) + ": ")
		writeEdgeOrigins(bw, e)
		bw.WriteByte('\n')
	}
	if len(step.RefreshedBy) > 0 {
		bw.WriteString(indent + "   refreshed by ")
		writeRefreshers(bw, step.RefreshedBy)
		bw.WriteByte('\n')
	}
}

// containmentDepths is each resource's nesting: 0 for a stage, one more
// than its deepest container for the others (a contain()ed class is
// nested in the class that contains it, not only in its stage).
func containmentDepths(res []*catalog.Resource) []int {
	depth := make([]int, len(res))
	done := make([]bool, len(res))
	var of func(r *catalog.Resource, guard int) int
	of = func(r *catalog.Resource, guard int) int {
		if done[r.Index] {
			return depth[r.Index]
		}
		d := 0
		if x := r.External; x != nil && guard < len(res) {
			for _, c := range x.Containers {
				d = max(d, of(c, guard+1)+1)
			}
		}
		depth[r.Index], done[r.Index] = d, true
		return d
	}
	for _, r := range res {
		of(r, 0)
	}
	return depth
}

// manifestPlace is "  site.pp:12", where Puppet's manifest declared r
// (the catalog's file and line), or "" when the catalog does not say.
func manifestPlace(r *catalog.Resource) string {
	x := r.External
	if x == nil || x.File == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("  ")
	writeFileLine(&b, x.File, x.Line)
	return b.String()
}

// containerText is "  (in Class[Web])": the class or define that holds
// r, and a second one for a contain()ed class.
func containerText(r *catalog.Resource) string {
	if r.External == nil || len(r.External.Containers) == 0 {
		return ""
	}
	refs := make([]string, len(r.External.Containers))
	for i, c := range r.External.Containers {
		refs[i] = escape.Line(c.Ref())
	}
	return "  (in " + strings.Join(refs, ", ") + ")"
}
