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

// maxPlanIndent is the deepest nesting the Puppet plan indents: real
// catalogs nest a few classes deep, and indenting a crafted catalog of
// thousands of nested classes made the text quadratic in its size
// (16,000 resources: 257 MB). Deeper lines stay at this indent; their
// containers' start and end lines still say where they are.
const maxPlanIndent = 32

// writePuppetPlan writes the plan of a catalog read from Puppet in the
// agent's evaluation order: where each class, define, stage or node
// starts and ends (indented by nesting, up to maxPlanIndent; an empty
// one on one line, "is empty"; the end says which steps it held), and
// the numbered resources, each with the manifest's file:line, its class
// or define, what it waits for and what refreshes it. A catalog's only stage holds everything: it is not
// shown.
func writePuppetPlan(bw *bufio.Writer, p *graph.Plan) {
	n := 0
	for _, s := range p.Steps {
		if !graph.IsContainer(s.Resource) {
			n++
		}
	}
	bw.WriteString("Apply order: " + plural.Noun(n, "resource", "resources") +
		" in Puppet's agent order (the catalog's order breaks ties); classes and defines are shown where they start and end.\n\n")
	res := p.Graph.Catalog.Resources
	lone := loneStage(res)
	depth := containmentDepths(res)
	held := heldSpans(res, stepNumbers(p, lone)) // container → first and last step inside it, and how many
	num := 0
	var numBuf [20]byte
	for i, v := range p.Evaluation {
		r := v.Resource
		if r == lone {
			continue
		}
		d := depth[r.Index]
		if lone != nil && d > 0 {
			d--
		}
		indent := strings.Repeat("  ", min(d, maxPlanIndent))
		switch v.Whit {
		case graph.Admissible:
			if i+1 < len(p.Evaluation) && p.Evaluation[i+1] == (graph.Vertex{Resource: r, Whit: graph.Completed}) {
				writeContainerLine(bw, indent, r, " is empty", lone)
			} else {
				writeContainerLine(bw, indent, r, " starts", lone)
			}
			writeWaits(bw, indent, p.Steps[p.StepOf(r)-1])
			continue
		case graph.Completed:
			if i > 0 && p.Evaluation[i-1] == (graph.Vertex{Resource: r, Whit: graph.Admissible}) {
				continue // said at its start
			}
			bw.WriteString(indent + escape.Line(r.Ref()) + " ends" + heldText(held[r]) + "\n")
			continue
		}
		num++
		bw.WriteString(indent)
		bw.Write(strconv.AppendInt(numBuf[:0], int64(num), 10))
		bw.WriteString(". ")
		bw.WriteString(escape.Line(r.Ref()))
		writeManifestPlace(bw, r)
		writeInContainers(bw, r, lone)
		bw.WriteByte('\n')
		writeWaits(bw, indent, p.Steps[p.StepOf(r)-1])
	}
}

// loneStage is the catalog's stage when it has only one (nil otherwise):
// every class is in it, so the plan leaves it out.
func loneStage(res []*catalog.Resource) *catalog.Resource {
	var stage *catalog.Resource
	for _, r := range res {
		if graph.IsContainer(r) && r.Type.Name == "stage" {
			if stage != nil {
				return nil
			}
			stage = r
		}
	}
	return stage
}

// stepNumbers is each resource's step in the Puppet plan (by Index; 0
// for a container or a resource not applied), numbered as
// writePuppetPlan numbers them.
func stepNumbers(p *graph.Plan, lone *catalog.Resource) []int {
	num := make([]int, len(p.Graph.Catalog.Resources))
	n := 0
	for _, v := range p.Evaluation {
		if v.Whit == graph.NoWhit && v.Resource != lone {
			n++
			num[v.Resource.Index] = n
		}
	}
	return num
}

// heldText is " (steps 3-9)" for the steps a container held, " (4
// resources between steps 2 and 12)" when others came between them, or
// says it held no resource (only empty classes or defines).
func heldText(span [3]int) string {
	first, last, n := span[0], span[1], span[2]
	switch {
	case n == 0:
		return " (no resource in it)"
	case n == 1:
		return " (step " + strconv.Itoa(first) + ")"
	case n == last-first+1:
		return " (steps " + strconv.Itoa(first) + "-" + strconv.Itoa(last) + ")"
	}
	return " (" + strconv.Itoa(n) + " resources between steps " + strconv.Itoa(first) + " and " + strconv.Itoa(last) + ")"
}

// writeWaits writes what a step waits for and what refreshes it.
func writeWaits(bw *bufio.Writer, indent string, step graph.Step) {
	for _, e := range step.WaitsFor {
		bw.WriteString(indent)
		bw.WriteString("   waits for ")
		bw.WriteString(escape.Line(e.F.Resource.Ref()))
		bw.WriteString(": ")
		writeEdgeOrigins(bw, e)
		bw.WriteByte('\n')
	}
	if len(step.RefreshedBy) > 0 {
		bw.WriteString(indent + "   refreshed by ")
		writeRefreshers(bw, step.RefreshedBy, step.MoreRefreshers)
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

// writeContainerLine writes a container's start (or "is empty") line:
// its ref, what, the manifest's file:line and its own containers.
func writeContainerLine(bw *bufio.Writer, indent string, r *catalog.Resource, what string, lone *catalog.Resource) {
	bw.WriteString(indent)
	bw.WriteString(escape.Line(r.Ref()))
	bw.WriteString(what)
	writeManifestPlace(bw, r)
	writeInContainers(bw, r, lone)
	bw.WriteByte('\n')
}

// writeManifestPlace writes "  site.pp:12", where Puppet's manifest
// declared r (the catalog's file and line), or nothing when the catalog
// does not say.
func writeManifestPlace(bw *bufio.Writer, r *catalog.Resource) {
	if x := r.External; x != nil && x.File != "" {
		bw.WriteString("  ")
		writeFileLine(bw, x.File, x.Line)
	}
}

// writeInContainers writes "  (in Class[Web])": the class or define that
// holds r, and a second one for a contain()ed class; never the lone
// stage.
func writeInContainers(bw *bufio.Writer, r *catalog.Resource, lone *catalog.Resource) {
	if r.External == nil {
		return
	}
	n := 0
	for _, c := range r.External.Containers {
		if c == lone {
			continue
		}
		if n == 0 {
			bw.WriteString("  (in ")
		} else {
			bw.WriteString(", ")
		}
		bw.WriteString(escape.Line(c.Ref()))
		n++
	}
	if n > 0 {
		bw.WriteByte(')')
	}
}
