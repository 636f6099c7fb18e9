package dot

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

// Cluster says how a graph picture groups its nodes.
type Cluster int

// The groupings: none, one box per type, one box per source file, one
// box per class or define of a catalog read from Puppet (nested as
// contained).
const (
	ClusterNone Cluster = iota
	ClusterType
	ClusterFile
	ClusterClass
)

// ParseCluster reads the --cluster value: "", "none", "type", "file" or
// "class".
func ParseCluster(s string) (Cluster, error) {
	switch s {
	case "", "none":
		return ClusterNone, nil
	case "type":
		return ClusterType, nil
	case "file":
		return ClusterFile, nil
	case "class":
		return ClusterClass, nil
	}
	return ClusterNone, fmt.Errorf("--cluster %q is not a grouping: use type, file, class or none", s)
}

// Options tune the DOT output.
type Options struct {
	// Cluster groups the nodes.
	Cluster Cluster
	// Caption is shown above the graph (e.g. how it was selected); the
	// resource and edge counts are always shown.
	Caption string
	// Collapse are containers drawn as one node, with ClusterClass;
	// CollapseAll collapses every outermost one.
	Collapse    []*catalog.Resource
	CollapseAll bool
	// ForLayout: the DOT is laid out as data (Graphviz's JSON, `catc-svg
	// -layout`, for the HTML page). Graphviz's xdot writer, which that
	// JSON carries, reads past the end of an HTML cell's style word into
	// whatever strings follow it and drops the label's drawing after it,
	// so the legend's dashed sample is drawn as short cells instead of a
	// cell with style="dashed" (same size; the picture is otherwise
	// the same).
	ForLayout bool
}

// Colours of the picture. Edges: black for order from a metaparameter,
// grey for one that only a type's auto rule made, red on a cycle.
const (
	colourManual = "#1f1f1f"
	colourAuto   = "#8c8c8c"
	colourCycle  = "#d62728"
	colourBorder = "#4d4d4d"
)

// typeFills are pale node fills, distinguishable from each other and
// from the edge colours. A type's fill is picked by its name (typeFill),
// so File has the same colour in every catalog and every picture.
var typeFills = []string{"#dbe9f6", "#fde3c8", "#d9f0d3", "#e8dff2", "#fbe0e6", "#fff6c7", "#d6f1f0", "#ececec"}

// typeFill is the fill of a type: a stable hash of its name into
// typeFills. SHA-256 rather than FNV: FNV's low bits put file, package,
// service and exec on two colours; these and user, apt_key and software
// get seven different ones this way.
func typeFill(name string) string {
	h := sha256.Sum256([]byte(strings.ToLower(name)))
	return typeFills[binary.BigEndian.Uint32(h[:4])%uint32(len(typeFills))]
}

// labelWidth is the longest label line, in characters, before it wraps.
const labelWidth = 34

// DOT writes s as a Graphviz digraph: nodes named and labelled by ref
// (long refs wrapped, never cut), in apply order from top to bottom;
// edge style by kind (solid: order only, dashed: refresh, grey: only
// automatic, red: on a cycle); a legend. It never prints attribute
// values, so sensitive ones cannot leak. The output is deterministic.
func Write(w io.Writer, s *graph.Subgraph, opts Options) error {
	bw := bufio.NewWriter(w)
	d := dotWriter{w: bw, s: s, fills: typeFillsOf(s.Graph.Catalog), forLayout: opts.ForLayout}
	caption := d.caption(opts)
	legend := d.presentRows()
	lw, lh := legendSize(legend)
	ex := extras{captionW: captionWidth(caption), legendW: lw, legendH: lh}
	if opts.Cluster == ClusterNone { // a cluster's box holds all its members: rows would cut through the boxes
		d.wrap = planWrapping(s, ex)
	}
	d.header(caption)
	if d.wrap != nil {
		writeBounds(bw, len(s.Resources), true, false)
	}
	if opts.Cluster == ClusterClass {
		ct := newClassTree(s, opts.Collapse, opts.CollapseAll)
		des := ct.drawnEdges(s)
		if len(s.Resources) <= foldClassesUpTo {
			d.classWrap = planClassWrapping(s, ct, des, ex)
		}
		writeBounds(bw, len(s.Resources), d.classWrap != nil, true)
		ct.writeNodes(&d, nil, "\t")
		ct.writeEdges(&d, des)
	} else {
		d.nodes(opts.Cluster)
		d.edges()
	}
	if d.wrap != nil {
		d.wrap.write(&d)
	}
	d.legend(legend)
	fmt.Fprintln(bw, "}")
	return bw.Flush()
}

type dotWriter struct {
	w     *bufio.Writer
	s     *graph.Subgraph
	fills map[*catalog.TypeDef]string
	wrap  *wrapping // nil: drawn as Graphviz lays it out
	// classWrap folds a class picture (nil: drawn as Graphviz lays it out).
	classWrap *classWrapping
	forLayout bool // Options.ForLayout
}

func typeFillsOf(c *catalog.Catalog) map[*catalog.TypeDef]string {
	m := make(map[*catalog.TypeDef]string, len(c.Types))
	for _, td := range c.Types {
		m[td] = typeFill(td.Name)
	}
	return m
}

// caption is the line above the picture: the selection, its counts.
func (d *dotWriter) caption(opts Options) string {
	caption := fmt.Sprintf("%s, %s", count(len(d.s.Resources), "resource"), count(len(d.s.Edges), "edge"))
	if total := len(d.s.Graph.Catalog.Resources); total != len(d.s.Resources) {
		caption = fmt.Sprintf("%d of %d resources, %s", len(d.s.Resources), total, count(len(d.s.Edges), "edge"))
	}
	if n := d.s.CycleCount(); n > 0 {
		caption += fmt.Sprintf(", %s (red)", count(n, "dependency cycle"))
	}
	if opts.Caption != "" {
		caption = opts.Caption + ": " + caption
	}
	return caption
}

func (d *dotWriter) header(caption string) {
	fmt.Fprintln(d.w, "// catc graph: an edge A -> B means A is applied before B.")
	fmt.Fprintln(d.w, "digraph catalog {")
	fmt.Fprintf(d.w, "\tgraph [rankdir=TB, newrank=true, pad=0.2, nodesep=0.35, ranksep=0.55, fontname=\"Helvetica,Arial,sans-serif\", fontsize=12, labelloc=t, labeljust=l, label=%s];\n", quoteLabel([]string{caption}))
	fmt.Fprintf(d.w, "\tnode [shape=box, style=\"rounded,filled\", fontname=\"Helvetica,Arial,sans-serif\", fontsize=11, color=%s, fillcolor=\"#ffffff\", margin=\"0.2,0.06\"];\n", quote(colourBorder))
	fmt.Fprintf(d.w, "\tedge [fontname=\"Helvetica,Arial,sans-serif\", fontsize=10, color=%s, arrowsize=0.7];\n", quote(colourManual))
}

// nodes writes every node in apply order, inside its cluster if any.
func (d *dotWriter) nodes(c Cluster) {
	if c == ClusterNone {
		for _, r := range d.s.Resources {
			d.node("\t", r)
		}
		return
	}
	keys, members := groupBy(d.s.Resources, clusterKey(c))
	for i, k := range keys {
		fmt.Fprintf(d.w, "\tsubgraph %s {\n", quote(fmt.Sprintf("cluster_%d", i+1)))
		fmt.Fprintf(d.w, "\t\tgraph [label=%s, style=\"rounded,dashed\", color=\"#9e9e9e\", fontsize=11];\n", quoteLabel([]string{k}))
		for _, r := range members[k] {
			d.node("\t\t", r)
		}
		fmt.Fprintln(d.w, "\t}")
	}
}

// refAndPlace is a resource's tooltip: its ref, then its place when it
// has one (a class of a Puppet catalog may have none).
func refAndPlace(r *catalog.Resource) []string {
	if p := r.PlaceText(); p != "" {
		return []string{r.Ref(), p}
	}
	return []string{r.Ref()}
}

// clusterKey is the grouping key of a resource: its type name or file.
func clusterKey(c Cluster) func(*catalog.Resource) string {
	if c == ClusterFile {
		return func(r *catalog.Resource) string { return r.Place().Filename }
	}
	return func(r *catalog.Resource) string { return r.Type.Name }
}

// groupBy splits rs by key, keeping their order; keys are in order of
// first appearance.
func groupBy(rs []*catalog.Resource, key func(*catalog.Resource) string) ([]string, map[string][]*catalog.Resource) {
	var keys []string
	m := map[string][]*catalog.Resource{}
	for _, r := range rs {
		k := key(r)
		if _, ok := m[k]; !ok {
			keys = append(keys, k)
		}
		m[k] = append(m[k], r)
	}
	return keys, m
}

func (d *dotWriter) node(indent string, r *catalog.Resource) {
	attrs := []string{
		"label=" + quoteLabel(refLines(r.Ref())),
		"tooltip=" + quoteLabel(refAndPlace(r)),
		"fillcolor=" + quote(d.fills[r.Type]),
	}
	switch {
	case d.s.InCycle(r) && d.s.IsFocus(r):
		attrs = append(attrs, "color="+quote(colourCycle), "penwidth=2.5")
	case d.s.InCycle(r):
		attrs = append(attrs, "color="+quote(colourCycle), "penwidth=1.5")
	case d.s.IsFocus(r):
		attrs = append(attrs, "penwidth=2.5")
	}
	fmt.Fprintf(d.w, "%s%s [%s];\n", indent, nodeID(r.Ref()), strings.Join(attrs, ", "))
}

// edges writes every edge with its style, in the subgraph's order.
func (d *dotWriter) edges() {
	for k, e := range d.s.Edges {
		attrs := append(d.wrap.edgeLength(k), d.edgeAttrs(e)...)
		fmt.Fprintf(d.w, "\t%s -> %s [%s];\n", nodeID(e.F.Resource.Ref()), nodeID(e.T.Resource.Ref()), strings.Join(attrs, ", "))
	}
}

// edgeStyle is how an edge is drawn: dashed when it carries refresh
// events; red and wide on a cycle, else grey when automatic. The edges
// and the legend both decide by it, so the legend explains what is drawn.
type edgeStyle struct {
	dashed      bool
	cycle, auto bool // at most one
}

// attrs are the DOT attributes of the style.
func (st edgeStyle) attrs() []string {
	var attrs []string
	if st.dashed {
		attrs = append(attrs, "style=dashed")
	}
	switch {
	case st.cycle:
		attrs = append(attrs, "color="+quote(colourCycle), "penwidth=2")
	case st.auto:
		attrs = append(attrs, "color="+quote(colourAuto))
	}
	return attrs
}

func (d *dotWriter) styleOf(e *graph.Edge) edgeStyle {
	st := edgeStyle{dashed: e.Refresh(), cycle: d.s.OnCycle(e)}
	st.auto = !st.cycle && e.Kinds.Auto()
	return st
}

func (d *dotWriter) edgeAttrs(e *graph.Edge) []string {
	attrs := d.styleOf(e).attrs()
	tip := []string{e.F.Resource.Ref() + " => " + e.T.Resource.Ref()}
	for _, o := range e.Origins {
		tip = append(tip, o.String())
	}
	return append(attrs, "tooltip="+quoteLabel(tip))
}

// legendRow is one edge style the legend explains: the sample line's
// colour, width and style, and whether the picture has such an edge.
type legendRow struct {
	name, colour, border, style, text string
	present                           func(edgeStyle) bool
}

// legendRows are the edge styles, in the order the legend lists them.
var legendRows = []legendRow{
	{"order", colourManual, "1", "", "order (require, before)", func(st edgeStyle) bool { return !st.dashed }},
	{"refresh", colourManual, "1", "dashed", "refresh (notify, subscribe)", func(st edgeStyle) bool { return st.dashed }},
	{"auto", colourAuto, "1", "", "automatic (type rule)", func(st edgeStyle) bool { return st.auto }},
	{"cycle", colourCycle, "2", "", "on a cycle", func(st edgeStyle) bool { return st.cycle }},
}

// presentRows are the legend rows for the styles the picture uses.
func (d *dotWriter) presentRows() []legendRow {
	styles := make([]edgeStyle, len(d.s.Edges))
	for i, e := range d.s.Edges {
		styles[i] = d.styleOf(e)
	}
	var rows []legendRow
	for _, row := range legendRows {
		for _, st := range styles {
			if row.present(st) {
				rows = append(rows, row)
				break
			}
		}
	}
	return rows
}

// legend is one node, a table with a sample line and its meaning per
// edge style the picture uses (none: no legend), stacked: it is as wide
// as its widest line and about as tall as a resource (a row of sample
// edges for all four styles was three times as wide as a narrow graph).
// The sample is the top border of the lower half of a cell, so that it
// sits level with the text. The node has class "legend" in SVG and a
// name without brackets, so it cannot clash with a ref. rows are
// presentRows, measured once for the wrapping too.
func (d *dotWriter) legend(rows []legendRow) {
	if len(rows) == 0 {
		return
	}
	var b strings.Builder
	b.WriteString(`<table border="1" color="#bdbdbd" style="rounded" cellborder="0" cellspacing="0" cellpadding="2">`)
	for _, row := range rows {
		b.WriteString(`<tr><td><table border="0" cellspacing="0" cellpadding="0">`)
		if d.forLayout && row.style == "dashed" {
			dashedSample(&b, row)
		} else {
			style := ""
			if row.style != "" {
				style = fmt.Sprintf(` style="%s"`, row.style)
			}
			fmt.Fprintf(&b, `<tr><td width="28" height="6"></td></tr>`+
				`<tr><td width="28" height="6" sides="t" border="%s" color="%s"%s></td></tr>`, row.border, row.colour, style)
		}
		fmt.Fprintf(&b, `</table></td><td align="left" cellpadding="4">%s</td><td width="6"></td></tr>`, row.text)
	}
	b.WriteString(`</table>`)
	fmt.Fprintf(d.w, "\t\"legend\" [shape=plaintext, style=\"\", margin=0, fontsize=10, class=legend, tooltip=\"legend\", label=<%s>];\n", b.String())
}

// dashedSample is a dashed sample line without a style (see
// Options.ForLayout): five dashes of 4 points with gaps of 2, 28 points
// in all as the other samples.
func dashedSample(b *strings.Builder, row legendRow) {
	b.WriteString(`<tr><td colspan="9" width="28" height="6"></td></tr><tr>`)
	for i := range 9 {
		if i%2 == 1 {
			b.WriteString(`<td width="2" height="6"></td>`)
			continue
		}
		fmt.Fprintf(b, `<td width="4" height="6" sides="t" border="%s" color="%s"></td>`, row.border, row.colour)
	}
	b.WriteString(`</tr>`)
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
