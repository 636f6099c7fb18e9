package render

import (
	"bufio"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/words"
)

// maxPlanIndent is the deepest nesting the Puppet plan indents and the
// most boxes it heads at once: real catalogs nest a few classes deep,
// and a crafted catalog of thousands of nested classes made the text
// quadratic in its size (16,000 resources: 257 MB). A deeper box is
// headed with the boxes around it counted, not named.
const maxPlanIndent = 32

// writePuppetPlan writes the plan of a catalog read from Puppet: the
// numbered resources in the agent's order, each with the manifest's
// file:line, what it waits for and what refreshes it, in boxes of the
// class, define, node or stage that holds them. A box is headed where
// its first step comes, with where the manifest declared it, the steps
// it holds and what it waits for; when the agent leaves it for another
// box and comes back, it is headed again, "continued". Indentation
// follows the boxes printed: each box's lines are one level in from its
// head. Containers that hold no resource are listed at the end; a
// catalog's only stage holds everything and is not shown.
func writePuppetPlan(bw *bufio.Writer, p *graph.Plan) {
	res := p.Graph.Catalog.Resources
	lone := loneStage(res)
	num := stepNumbers(p, lone)
	n := 0
	for _, k := range num {
		n = max(n, k)
	}
	bw.WriteString("Apply order: " + words.Noun(n, "resource", "resources") +
		" in Puppet's agent order (the catalog's order breaks ties), under the class or define that holds each.\n\n")
	held := heldSpans(res, num) // container → first and last step inside it, and how many
	b := newPlanBoxes(res, lone)
	headed := make([]bool, len(res))
	var open []*catalog.Resource // the boxes around the last step, innermost first
	var numBuf [20]byte
	for _, v := range p.Evaluation {
		r := v.Resource
		if v.Whit != graph.NoWhit || r == lone {
			continue
		}
		chain := b.chain(r)
		for i := b.firstNew(open, chain) - 1; i >= 0; i-- {
			c := chain[i]
			indent := b.indent(c)
			bw.WriteString(indent)
			bw.WriteString(words.Escape(c.Ref()))
			if headed[c.Index] {
				bw.WriteString(", continued")
			} else {
				writeManifestPlace(bw, c)
				bw.WriteString("  " + strings.TrimPrefix(heldText(held[c]), " "))
			}
			if i == len(chain)-1 && b.depth[c.Index] > 0 {
				bw.WriteString("  (inside " + words.Noun(b.depth[c.Index], "more box", "more boxes") + ")")
			}
			bw.WriteByte('\n')
			if !headed[c.Index] {
				headed[c.Index] = true
				writeParamOrigins(bw, indent+"   ", c)
				if k := p.StepOf(c); k > 0 {
					writeWaits(bw, indent, p.Steps[k-1])
				}
			}
		}
		open = chain
		indent := b.indent(r)
		bw.WriteString(indent)
		bw.Write(strconv.AppendInt(numBuf[:0], int64(num[r.Index]), 10))
		bw.WriteString(". ")
		bw.WriteString(words.Escape(r.Ref()))
		writeManifestPlace(bw, r)
		bw.WriteByte('\n')
		writeWaits(bw, indent, p.Steps[p.StepOf(r)-1])
	}
	writeEmptyBoxes(bw, p, lone, held)
}

// planBoxes are the boxes of a Puppet plan: each resource's box (the
// innermost container that holds it: for a contain()ed class, the class
// that contains it rather than its stage; nil for none but the lone
// stage) and how many boxes are around it.
type planBoxes struct {
	box   []*catalog.Resource // by Index
	depth []int               // boxes around each resource, by Index
}

func newPlanBoxes(res []*catalog.Resource, lone *catalog.Resource) *planBoxes {
	nesting := catalog.ContainmentDepths(res)
	b := &planBoxes{box: make([]*catalog.Resource, len(res)), depth: make([]int, len(res))}
	for _, r := range res {
		if r.External == nil {
			continue
		}
		for _, c := range r.External.Containers {
			if c != lone && (b.box[r.Index] == nil || nesting[c.Index] > nesting[b.box[r.Index].Index]) {
				b.box[r.Index] = c
			}
		}
	}
	// Containers come before their contents in a catalog, mostly: depths
	// are found by walking up, each resource once (done), and a loop
	// (refused when the catalog is read) is cut by the walk's bound.
	done := make([]bool, len(res))
	var walk []*catalog.Resource
	for _, r := range res {
		walk = walk[:0]
		for c := r; c != nil && !done[c.Index] && len(walk) <= len(res); c = b.box[c.Index] {
			walk = append(walk, c)
		}
		for i := len(walk) - 1; i >= 0; i-- {
			c := walk[i]
			if up := b.box[c.Index]; up != nil {
				b.depth[c.Index] = b.depth[up.Index] + 1
			}
			done[c.Index] = true
		}
	}
	return b
}

// chain is the boxes around r, innermost first: at most maxPlanIndent
// of them (depth says how many more are around the outermost).
func (b *planBoxes) chain(r *catalog.Resource) []*catalog.Resource {
	var out []*catalog.Resource
	for c := b.box[r.Index]; c != nil && len(out) < maxPlanIndent; c = b.box[c.Index] {
		out = append(out, c)
	}
	return out
}

// firstNew is how many of chain's boxes (innermost first) are not among
// the open ones: the boxes to head. A box's place in the tree is its
// depth, so two chains share everything from the deepest box they
// share outwards.
func (b *planBoxes) firstNew(open, chain []*catalog.Resource) int {
	at := make(map[*catalog.Resource]bool, len(open))
	for _, c := range open {
		at[c] = true
	}
	for i, c := range chain {
		if at[c] {
			return i
		}
	}
	return len(chain)
}

// indent is the indentation of r's lines: two spaces a box around it,
// up to maxPlanIndent boxes.
func (b *planBoxes) indent(r *catalog.Resource) string {
	return strings.Repeat("  ", min(b.depth[r.Index], maxPlanIndent))
}

// writeEmptyBoxes lists, in the agent's order, the containers that hold
// no resource: nothing is applied there. Class[Settings], Puppet's class
// of its settings, is empty in every catalog and left out.
func writeEmptyBoxes(bw *bufio.Writer, p *graph.Plan, lone *catalog.Resource, held map[*catalog.Resource][3]int) {
	var empty []string
	for _, v := range p.Evaluation {
		r := v.Resource
		if v.Whit == graph.Admissible && r != lone && held[r][2] == 0 && !(r.Type.Name == "class" && r.Title == "Settings") {
			empty = append(empty, r.Ref())
		}
	}
	if len(empty) > 0 {
		bw.WriteString("\nNothing to apply in " + words.Escape(strings.Join(empty, ", ")) + ".\n")
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
		bw.WriteString(words.Escape(e.F.Resource.Ref()))
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

// writeManifestPlace writes "  site.pp:12", where Puppet's manifest
// declared r (the catalog's file and line), or nothing when the catalog
// does not say.
func writeManifestPlace(bw *bufio.Writer, r *catalog.Resource) {
	if x := r.External; x != nil && x.File != "" {
		bw.WriteString("  ")
		writeFileLine(bw, x.File, x.Line)
	}
}
