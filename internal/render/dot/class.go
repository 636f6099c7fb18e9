package dot

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/words"
)

// classTree is how a catalog read from Puppet is drawn by class: a box
// per class, define or node, nested as the catalog contains them, with
// its resources inside (a stage only when the catalog has more than
// one: every class is in Stage[main]); a collapsed container is one node
// standing for everything it holds.
type classTree struct {
	parent    map[*catalog.Resource]*catalog.Resource   // the box a resource is drawn in (nil: none)
	items     map[*catalog.Resource][]*catalog.Resource // what is drawn in each box (nil key: outside)
	box       map[*catalog.Resource]int                 // a container drawn as a box → its cluster number
	collapsed map[*catalog.Resource]bool
	anchored  map[*catalog.Resource]bool   // a box with edges: drawn with a node of its own in it
	walked    map[*catalog.Resource]walked // what one walk of the boxes from the top says of each resource
}

// walked is what one walk of the tree from the top says of a resource:
// the node that stands for it (shownAs), and when the walk entered it
// and had left all it holds (b holds r when b.in < r.in <= b.out). Asked
// per edge, walking up from each end instead cost edges × depth (16,000
// nested classes with 16,000 edges: 19 s).
type walked struct {
	shown   *catalog.Resource
	in, out int
}

// newClassTree places the subgraph's resources in their containers'
// boxes; collapse names the containers drawn as one node (all: every
// outermost one).
func newClassTree(s *graph.Subgraph, collapse []*catalog.Resource, all bool) *classTree {
	res := s.Graph.Catalog.Resources
	ct := &classTree{
		parent: map[*catalog.Resource]*catalog.Resource{}, items: map[*catalog.Resource][]*catalog.Resource{},
		box: map[*catalog.Resource]int{}, collapsed: map[*catalog.Resource]bool{}, anchored: map[*catalog.Resource]bool{},
		walked: map[*catalog.Resource]walked{},
	}
	depth := catalog.ContainmentDepths(res)
	stages := 0
	for _, r := range res {
		if graph.IsContainer(r) && r.Type.Name == "stage" {
			stages++
		}
	}
	drawnIn := func(r *catalog.Resource) *catalog.Resource {
		var p *catalog.Resource
		if r.External == nil {
			return nil
		}
		for _, c := range r.External.Containers {
			if (stages > 1 || c.Type.Name != "stage") && (p == nil || depth[c.Index] > depth[p.Index]) {
				p = c
			}
		}
		return p
	}
	placed := map[*catalog.Resource]bool{}
	var place func(r *catalog.Resource, guard int)
	place = func(r *catalog.Resource, guard int) {
		if placed[r] || guard > len(res) {
			return
		}
		placed[r] = true
		p := drawnIn(r)
		if p != nil {
			place(p, guard+1)
		}
		ct.parent[r] = p
		ct.items[p] = append(ct.items[p], r)
	}
	touched := map[*catalog.Resource]bool{}
	for _, e := range s.Edges {
		touched[e.F.Resource], touched[e.T.Resource] = true, true
	}
	for _, r := range s.Resources {
		if stages > 1 || r.Type.Name != "stage" || touched[r] {
			place(r, 0) // a lone stage holds everything: no box, no node
		}
	}
	for _, r := range collapse {
		ct.collapsed[r] = placed[r]
	}
	if all {
		ct.collapseOutermost(nil)
	}
	ct.number(nil)
	clock := 0
	ct.walk(nil, nil, &clock)
	return ct
}

// walk fills walked for what box p holds, at any depth; shown is the
// outermost collapsed container around p (nil: none).
func (ct *classTree) walk(p, shown *catalog.Resource, clock *int) {
	for _, r := range ct.items[p] {
		s := shown
		if s == nil && ct.collapsed[r] {
			s = r
		}
		*clock++
		w := walked{shown: cmp.Or(s, r), in: *clock}
		ct.walk(r, s, clock)
		w.out = *clock
		ct.walked[r] = w
	}
}

// collapseOutermost collapses the outermost classes, defines and nodes
// below p (a stage stays open: collapsing it would hide every class).
func (ct *classTree) collapseOutermost(p *catalog.Resource) {
	for _, r := range ct.items[p] {
		if graph.IsContainer(r) && r.Type.Name != "stage" {
			ct.collapsed[r] = true
		} else {
			ct.collapseOutermost(r)
		}
	}
}

// number gives each box below p its cluster number, in drawing order.
func (ct *classTree) number(p *catalog.Resource) {
	for _, r := range ct.items[p] {
		if len(ct.items[r]) > 0 && !ct.collapsed[r] {
			ct.box[r] = len(ct.box) + 1
			ct.number(r)
		}
	}
}

// shownAs is the node that stands for r: r, or the outermost collapsed
// container holding it.
func (ct *classTree) shownAs(r *catalog.Resource) *catalog.Resource {
	if w, ok := ct.walked[r]; ok {
		return w.shown
	}
	out := r // not reached from the top: on a containment loop, or not placed
	for p, guard := r, 0; p != nil && guard <= len(ct.parent); p, guard = ct.parent[p], guard+1 {
		if ct.collapsed[p] {
			out = p
		}
	}
	return out
}

// inside reports whether r is drawn inside box b (at any depth).
func (ct *classTree) inside(r, b *catalog.Resource) bool {
	if wr, ok := ct.walked[r]; ok { // every box around r was walked before it
		wb, ok := ct.walked[b]
		return ok && wb.in < wr.in && wr.in <= wb.out
	}
	for p, guard := ct.parent[r], 0; p != nil && guard <= len(ct.parent); p, guard = ct.parent[p], guard+1 {
		if p == b {
			return true
		}
	}
	return false
}

// drawnEdge is an edge of the picture: one edge of the graph, or, into
// or out of a collapsed container, all those it stands for.
type drawnEdge struct {
	from, to *catalog.Resource
	edges    []*graph.Edge
}

// drawnEdges are the subgraph's edges between the nodes that stand for
// their ends, in the subgraph's order, the edges within a collapsed
// container left out; it marks the boxes the edges touch.
func (ct *classTree) drawnEdges(s *graph.Subgraph) []*drawnEdge {
	var out []*drawnEdge
	at := map[[2]*catalog.Resource]*drawnEdge{}
	for _, e := range s.Edges {
		f, t := ct.shownAs(e.F.Resource), ct.shownAs(e.T.Resource)
		if f == t && (f != e.F.Resource || t != e.T.Resource) {
			continue
		}
		k := [2]*catalog.Resource{f, t}
		if de := at[k]; de != nil {
			de.edges = append(de.edges, e)
			continue
		}
		de := &drawnEdge{from: f, to: t, edges: []*graph.Edge{e}}
		at[k] = de
		out = append(out, de)
		for _, r := range k {
			if _, ok := ct.box[r]; ok {
				ct.anchored[r] = true
			}
		}
	}
	return out
}

// writeNodes writes what is drawn in box p (nil: the whole picture).
func (ct *classTree) writeNodes(d *dotWriter, p *catalog.Resource, indent string) {
	for _, r := range ct.items[p] {
		n, isBox := ct.box[r]
		switch {
		case ct.collapsed[r] && len(r.External.Contents) > 0:
			d.containerNode(indent, r, fmt.Sprintf("(%s)", words.Noun(ct.held(r), "resource", "resources")))
		case ct.collapsed[r]:
			d.containerNode(indent, r, "(empty)")
		case isBox:
			fmt.Fprintf(d.w, "%ssubgraph %s {\n", indent, quote(fmt.Sprintf("cluster_%d", n)))
			inner := deeper(indent)
			fmt.Fprintf(d.w, "%sgraph [label=%s, style=\"rounded\", color=\"#9e9e9e\", fontsize=11];\n", inner, quoteLabel(refLines(r.Ref())))
			if ct.anchored[r] {
				d.containerNode(inner, r, "")
			}
			ct.writeNodes(d, r, inner)
			fmt.Fprintf(d.w, "%s}\n", indent)
		case graph.IsContainer(r) && len(r.External.Contents) == 0:
			d.containerNode(indent, r, "(empty)")
		case graph.IsContainer(r):
			d.containerNode(indent, r, "")
		default:
			d.node(indent, r)
		}
	}
	d.classWrap.writeRows(d, p, indent)
}

// maxIndent is the deepest nesting the class picture indents, as the
// Puppet plan caps its own (package render).
const maxIndent = 32

// deeper is the indent of what a box holds: one tab more than the box,
// up to maxIndent tabs. DOT ignores
// the indent, and indenting each box by its full depth made the text of
// a crafted catalog of thousands of nested classes quadratic in its size
// (4,000 classes: 41 MB).
func deeper(indent string) string {
	if len(indent) >= maxIndent {
		return indent
	}
	return indent + "\t"
}

// held is the number of resources (no containers) drawn inside r.
func (ct *classTree) held(r *catalog.Resource) int {
	n := 0
	for _, c := range ct.items[r] {
		if graph.IsContainer(c) {
			n += ct.held(c)
		} else {
			n++
		}
	}
	return n
}

// containerNode draws a container as a folder: a collapsed one, the
// one an edge into or out of a box attaches to, or an empty one.
func (d *dotWriter) containerNode(indent string, r *catalog.Resource, note string) {
	label := refLines(r.Ref())
	if note != "" {
		label = append(label, note)
	}
	attrs := []string{
		"label=" + quoteLabel(label), "shape=folder", "style=filled", "fillcolor=\"#f5f5f5\"",
		"tooltip=" + quoteLabel(refAndPlace(r)),
	}
	if d.s.InCycle(r) {
		attrs = append(attrs, "color="+quote(colourCycle), "penwidth=1.5")
	} else if d.s.IsFocus(r) {
		attrs = append(attrs, "penwidth=2.5")
	}
	fmt.Fprintf(d.w, "%s%s [%s];\n", indent, nodeID(r.Ref()), strings.Join(attrs, ", "))
}

// writeEdges writes the drawn edges; an edge into or out of a box is
// drawn to or from the box's border (lhead, ltail) unless it starts or
// ends inside that box.
func (ct *classTree) writeEdges(d *dotWriter, des []*drawnEdge) {
	for _, de := range des {
		var attrs []string
		self := de.from == de.to // a class requiring itself: drawn as a loop on its node
		if n, ok := ct.box[de.to]; ok && !self && !ct.inside(de.from, de.to) {
			attrs = append(attrs, "lhead="+quote(fmt.Sprintf("cluster_%d", n)))
		}
		if n, ok := ct.box[de.from]; ok && !self && !ct.inside(de.to, de.from) {
			attrs = append(attrs, "ltail="+quote(fmt.Sprintf("cluster_%d", n)))
		}
		if e := de.edges[0]; len(de.edges) == 1 && e.F.Resource == de.from && e.T.Resource == de.to {
			attrs = append(attrs, d.edgeAttrs(de.edges[0])...)
		} else {
			attrs = append(attrs, d.mergedAttrs(de)...)
		}
		fmt.Fprintf(d.w, "\t%s -> %s [%s];\n", nodeID(de.from.Ref()), nodeID(de.to.Ref()), strings.Join(attrs, ", "))
	}
}

// mergedTips is how many of a merged edge's edges its tooltip names.
const mergedTips = 8

// mergedAttrs style an edge that stands for several: dashed when one
// refreshes, red when one is on a cycle, grey when all are automatic;
// the tooltip names them.
func (d *dotWriter) mergedAttrs(de *drawnEdge) []string {
	st := edgeStyle{auto: true}
	for _, e := range de.edges {
		s := d.styleOf(e)
		st.dashed = st.dashed || s.dashed
		st.cycle = st.cycle || s.cycle
		st.auto = st.auto && e.Kinds.Auto()
	}
	st.auto = st.auto && !st.cycle
	attrs := st.attrs()
	tip := []string{fmt.Sprintf("%s => %s (%s)", de.from.Ref(), de.to.Ref(), words.Noun(len(de.edges), "edge", "edges"))}
	for i, e := range de.edges {
		if i == mergedTips {
			tip = append(tip, fmt.Sprintf("… and %d more", len(de.edges)-mergedTips))
			break
		}
		tip = append(tip, e.F.Resource.Ref()+" => "+e.T.Resource.Ref())
	}
	return append(attrs, "tooltip="+quoteLabel(tip))
}
