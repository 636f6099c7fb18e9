package htmlpage

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/words"
)

// gvLayout is what the page reads of Graphviz's JSON layout (`dot
// -Tjson`, as catc-svg -layout writes it): the picture's bounds, and per
// object (clusters, then nodes, in the objects list whose index the
// edges' tail and head are) and per edge the drawing operations (xdot)
// of its shape, label and arrowheads.
type gvLayout struct {
	BB      string     `json:"bb"`
	Pad     string     `json:"pad"`
	Draw    []gvOp     `json:"_draw_"`
	LDraw   []gvOp     `json:"_ldraw_"`
	Objects []gvObject `json:"objects"`
	Edges   []gvEdge   `json:"edges"`
}

type gvObject struct {
	Name string `json:"name"`
	// Nodes is set on a subgraph (a cluster), never on a node.
	Nodes         []int  `json:"nodes"`
	Pos           string `json:"pos"`
	Width, Height string
	Draw          []gvOp `json:"_draw_"`
	LDraw         []gvOp `json:"_ldraw_"`
}

type gvEdge struct {
	Tail, Head int
	Draw       []gvOp `json:"_draw_"`
	HDraw      []gvOp `json:"_hdraw_"`
	TDraw      []gvOp `json:"_tdraw_"`
	LDraw      []gvOp `json:"_ldraw_"`
}

// gvOp is one xdot operation: c and C set the pen and fill colours, S a
// style, F the font; P/p a filled/unfilled polygon, L a polyline, B/b a
// B-spline, E/e an ellipse, T a text.
type gvOp struct {
	Op     string       `json:"op"`
	Grad   string       `json:"grad"`
	Color  string       `json:"color"`
	Style  string       `json:"style"`
	Size   float64      `json:"size"`
	Face   string       `json:"face"`
	Points [][2]float64 `json:"points"`
	Rect   [4]float64   `json:"rect"`
	Pt     [2]float64   `json:"pt"`
	Align  string       `json:"align"`
	Text   string       `json:"text"`
}

// wireGraphviz is Graphviz's picture as the page draws it, in the
// picture's coordinates (y down, as SVG): Box is its viewBox (x, y, w,
// h); Nodes[i] and Edges[j] are the page's node i and edge j as Graphviz
// placed and drew them (null: not in the picture, as a resource inside
// a collapsed class); Under is what is drawn below them (the background,
// the caption, cluster boxes, edges that are no page edge), Over what is
// drawn above (nodes that are no resource: the legend, a collapsed
// class). Each shape is a list (canvas.shape).
type wireGraphviz struct {
	Box   [4]float64    `json:"box"`
	Nodes []*wireGvNode `json:"nodes"`
	Edges [][][]any     `json:"edges"`
	Under [][]any       `json:"under"`
	Over  [][]any       `json:"over"`
}

// wireGvNode is a node's box (centre x and y, width, height) and shapes.
type wireGvNode struct {
	Box    [4]float64 `json:"c"`
	Shapes [][]any    `json:"s"`
}

// graphvizOf reads Graphviz's layout of the page's DOT (package dot
// names each resource's node after its ref, dot.Name) and places each
// of the page's nodes and edges in it by name: the page depends on no
// order of Graphviz's output.
func graphvizOf(layout []byte, p *Page) (*wireGraphviz, error) {
	var g gvLayout
	if err := json.Unmarshal(layout, &g); err != nil {
		return nil, fmt.Errorf("reading Graphviz's layout: %w", err)
	}
	bb, ok := floats(g.BB, 4)
	if !ok {
		return nil, fmt.Errorf("reading Graphviz's layout: no bounding box (bb %q)", g.BB)
	}
	pad := 4.0 // Graphviz's default: 4 points
	if inches, err := strconv.ParseFloat(g.Pad, 64); err == nil && inches >= 0 {
		pad = inches * 72
	}
	c := canvas{top: bb[3]}
	w := &wireGraphviz{Box: [4]float64{round(bb[0] - pad), round(-pad), round(bb[2] - bb[0] + 2*pad), round(bb[3] - bb[1] + 2*pad)},
		Nodes: make([]*wireGvNode, len(p.Nodes)), Edges: make([][][]any, len(p.Edges)), Under: [][]any{}, Over: [][]any{}}
	w.Under = c.shapes(w.Under, g.Draw, g.LDraw)
	nodeAt := make(map[string]int, len(p.Nodes))
	for i, n := range p.Nodes {
		nodeAt[dot.Name(n.Ref)] = i
	}
	for _, o := range g.Objects {
		if o.Nodes != nil { // a subgraph: a cluster's box and label
			w.Under = c.shapes(w.Under, o.Draw, o.LDraw)
			continue
		}
		i, ok := nodeAt[o.Name]
		if !ok || w.Nodes[i] != nil {
			w.Over = c.shapes(w.Over, o.Draw, o.LDraw)
			continue
		}
		w.Nodes[i] = &wireGvNode{Box: c.box(o), Shapes: c.shapes([][]any{}, o.Draw, o.LDraw)}
	}
	edgeAt := make(map[[2]int]int, len(p.Edges))
	for j, e := range p.Edges {
		if _, dup := edgeAt[[2]int{e.From, e.To}]; !dup {
			edgeAt[[2]int{e.From, e.To}] = j
		}
	}
	for _, e := range g.Edges {
		shapes := c.shapes([][]any{}, e.Draw, e.TDraw, e.HDraw, e.LDraw)
		if j, ok := pageEdge(g, e, nodeAt, edgeAt); ok && w.Edges[j] == nil {
			w.Edges[j] = shapes
		} else {
			w.Under = append(w.Under, shapes...)
		}
	}
	return w, nil
}

// pageEdge is the page's edge that Graphviz's edge e draws, found by
// the names of its ends.
func pageEdge(g gvLayout, e gvEdge, nodeAt map[string]int, edgeAt map[[2]int]int) (int, bool) {
	if e.Tail < 0 || e.Tail >= len(g.Objects) || e.Head < 0 || e.Head >= len(g.Objects) {
		return 0, false
	}
	from, okF := nodeAt[g.Objects[e.Tail].Name]
	to, okT := nodeAt[g.Objects[e.Head].Name]
	if !okF || !okT {
		return 0, false
	}
	j, ok := edgeAt[[2]int{from, to}]
	return j, ok
}

// canvas turns Graphviz's coordinates (points, y up) into the page's
// (y down from the top of the bounding box).
type canvas struct{ top float64 }

func (c canvas) x(x float64) float64 { return round(x) }
func (c canvas) y(y float64) float64 { return round(c.top - y) }

// box is a node's centre, width and height ({0,0,0,0} without a place).
func (c canvas) box(o gvObject) [4]float64 {
	pos, ok := floats(o.Pos, 2)
	wd, errW := strconv.ParseFloat(o.Width, 64)
	ht, errH := strconv.ParseFloat(o.Height, 64)
	if !ok || errW != nil || errH != nil {
		return [4]float64{}
	}
	return [4]float64{c.x(pos[0]), c.y(pos[1]), round(wd * 72), round(ht * 72)}
}

// pen is the drawing state of one list of operations.
type pen struct {
	stroke, fill string
	filled       bool // a fill colour was set in this list
	width        float64
	dash         string
	invisible    bool
	size         float64
	face         string
}

// shapes appends the shapes the operation lists draw, each list
// starting from Graphviz's defaults.
func (c canvas) shapes(out [][]any, lists ...[]gvOp) [][]any {
	for _, ops := range lists {
		st := pen{stroke: "black", fill: "black", width: 1, size: 14, face: "Times,serif"}
		for _, op := range ops {
			if s := c.shape(&st, op); s != nil && !st.invisible {
				out = append(out, s)
			}
		}
	}
	return out
}

// shape applies one operation: a state change, or a shape (these
// lists): ["polygon", points, fill, stroke, width, dash], ["polyline",
// points, stroke, width, dash], ["path", d, fill, stroke, width, dash],
// ["ellipse", cx, cy, rx, ry, fill, stroke, width, dash], ["text", x,
// y, anchor, font size, font family, colour, text].
func (c canvas) shape(st *pen, op gvOp) []any {
	switch op.Op {
	case "c":
		st.stroke = color(op)
	case "C":
		st.fill, st.filled = color(op), true
	case "S":
		st.style(op.Style)
	case "F":
		st.size, st.face = op.Size, fontFace(op.Face)
	case "P", "p":
		fill := "none"
		if op.Op == "P" {
			fill = st.fill
		}
		return []any{"polygon", c.points(op.Points), fill, st.stroke, st.width, st.dash}
	case "L":
		return []any{"polyline", c.points(op.Points), st.stroke, st.width, st.dash}
	case "B", "b":
		// Graphviz's JSON writer swaps the filled (b) and unfilled (B)
		// splines' letters; a spline is filled where its list set a fill
		// colour (a node's box), as in Graphviz's own SVG.
		fill := "none"
		if st.filled {
			fill = st.fill
		}
		return []any{"path", c.spline(op.Points), fill, st.stroke, st.width, st.dash}
	case "E", "e":
		fill := "none"
		if op.Op == "E" {
			fill = st.fill
		}
		return []any{"ellipse", c.x(op.Rect[0]), c.y(op.Rect[1]), round(op.Rect[2]), round(op.Rect[3]), fill, st.stroke, st.width, st.dash}
	case "T":
		return []any{"text", c.x(op.Pt[0]), c.y(op.Pt[1]), anchor(op.Align), strconv.FormatFloat(st.size, 'f', 2, 64), st.face, st.stroke, words.Escape(op.Text)}
	}
	return nil
}

// style applies an S operation: only its known words are read (see
// package svg's Layout for why the rest may be noise).
func (st *pen) style(s string) {
	switch {
	case strings.HasPrefix(s, "setlinewidth("):
		if w, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(s, "setlinewidth("), ")"), 64); err == nil && w >= 0 && w < 100 {
			st.width = w
		}
	case strings.HasPrefix(s, "dashed"):
		st.dash = "5,2"
	case strings.HasPrefix(s, "dotted"):
		st.dash = "1,5"
	case strings.HasPrefix(s, "solid"):
		st.dash = ""
	case strings.HasPrefix(s, "bold"):
		st.width = 2
	case strings.HasPrefix(s, "invis"):
		st.invisible = true
	}
}

// color is an operation's colour as SVG takes it: #rrggbb or a name;
// #rrggbbaa as rgba(); a gradient or anything else black.
func color(op gvOp) string {
	c := op.Color
	if op.Grad != "" && op.Grad != "none" {
		return "black"
	}
	if len(c) == 7 || len(c) == 9 {
		if v, err := strconv.ParseUint(strings.TrimPrefix(c, "#"), 16, 32); err == nil && c[0] == '#' {
			if len(c) == 7 {
				return c
			}
			return fmt.Sprintf("rgba(%d,%d,%d,%s)", v>>24, v>>16&0xff, v>>8&0xff, num(round(float64(v&0xff)/255)))
		}
	}
	if len(c) > 0 && len(c) <= 20 && strings.Trim(c, "abcdefghijklmnopqrstuvwxyz") == "" {
		return c
	}
	return "black"
}

// fontFace is a font list of letters, digits, spaces, commas and
// hyphens, else sans-serif.
func fontFace(s string) string {
	ok := len(s) > 0 && len(s) <= 80 && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' || r == ',' || r == '-')
	}) < 0
	if ok {
		return s
	}
	return "sans-serif"
}

func anchor(align string) string {
	switch align {
	case "l":
		return "start"
	case "r":
		return "end"
	}
	return "middle"
}

// points is an SVG points list.
func (c canvas) points(ps [][2]float64) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(c.x(p[0])) + "," + num(c.y(p[1])))
	}
	return b.String()
}

// spline is an SVG path of a B-spline's cubic Bézier pieces: its first
// point, then three points per piece.
func (c canvas) spline(ps [][2]float64) string {
	var b strings.Builder
	for i, p := range ps {
		switch {
		case i == 0:
			b.WriteByte('M')
		case i%3 == 1:
			b.WriteByte('C')
		default:
			b.WriteByte(' ')
		}
		b.WriteString(num(c.x(p[0])) + "," + num(c.y(p[1])))
	}
	return b.String()
}

// floats reads n comma-separated numbers ("x,y" or "x0,y0,x1,y1").
func floats(s string, n int) ([]float64, bool) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, false
	}
	out := make([]float64, n)
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false
		}
		out[i] = f
	}
	return out, true
}

// round keeps two decimals: a hundredth of a point is finer than any
// screen shows, and the page stays small.
func round(f float64) float64 { return math.Round(f*100) / 100 }

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
