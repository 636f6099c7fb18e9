package htmlpage

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"html"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/render/layered"
	"github.com/catc-dev/catc/internal/words"
)

//go:embed assets/page.css
var pageCSS string

//go:embed assets/page.js
var pageMain string

//go:embed assets/layered.js
var layeredJS string

//go:embed assets/canvas.js
var canvasJS string

// pageJS is the page's script: page.js with the layered picture's code
// (layered.js, which includes canvas.js) where it says to include it;
// small files, one scope. Made when a page is written, not when the
// process starts: every catc command would copy it.
func pageJS() string {
	return strings.Replace(strings.Replace(pageMain, "// @include layered.js\n", layeredJS, 1), "// @include canvas.js\n", canvasJS, 1)
}

// Options say how the page is drawn.
type Options struct {
	// Layout is Graphviz's layout of the same graph (the DOT of package
	// dot through `catc-svg -layout`: Graphviz's JSON), which the page
	// draws, each resource and edge found by its name (graphvizOf);
	// nil: the page draws package layered's layout itself.
	Layout []byte
}

// Write writes p as one HTML document. It fails on a write error and
// on a Layout that is not Graphviz's JSON layout.
func Write(w io.Writer, p *Page, opts Options) error {
	wd := wireOf(p, opts.Layout == nil)
	if opts.Layout != nil {
		gv, err := graphvizOf(opts.Layout, p)
		if err != nil {
			return err
		}
		wd.Graphviz = gv
	}
	data, err := json.Marshal(wd)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
	bw.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	bw.WriteString("<meta name=\"generator\" content=\"catc\">\n<title>" + html.EscapeString(words.Escape(p.Title)) + "</title>\n")
	bw.WriteString("<style>\n" + pageCSS + "</style>\n</head>\n<body>\n")
	bw.WriteString(pageBody)
	// encoding/json escapes <, > and & (and U+2028, U+2029), so no
	// "</script" or "<!--" can end or confuse this element.
	bw.WriteString("<script type=\"application/json\" id=\"catc-data\">")
	bw.Write(data)
	bw.WriteString("</script>\n")
	bw.WriteString("<script>\n" + pageJS() + "</script>\n</body></html>\n")
	return bw.Flush()
}

// wire is the page's data as the script reads it: arrays rather than
// objects, so that 10,000 resources stay small.
type wire struct {
	Title   string   `json:"title"`
	Caption string   `json:"caption"`
	Total   int      `json:"total"`
	Diff    bool     `json:"diff"`
	Types   []string `json:"types"`
	Fills   []string `json:"fills"`
	Kinds   []string `json:"kinds"`
	Files   []string `json:"files"`
	Nodes   [][]any  `json:"nodes"` // ref, type index, file index, line, step, flags (1 cycle, 2 focus), status
	// origins: each a string or a list of parts (fileTable.shorten)
	Edges     [][]any     `json:"edges"` // from, to, kinds index, flags (1 refresh, 2 auto, 4 cycle), origins, status
	Cycles    [][]int     `json:"cycles"`
	Groupings []Grouping  `json:"groupings"`
	Group     string      `json:"group"` // the grouping the page opens with
	Layout    *wireLayout `json:"layout,omitempty"`
	// Graphviz is Graphviz's picture, when the page draws it.
	Graphviz *wireGraphviz `json:"graphviz,omitempty"`
	// Changes are a diff's lines under its changed resources: node
	// index, lines (Node.Changes).
	Changes [][]any `json:"changes,omitempty"`
	// Causes are a diff's data causes (Page.DataCauses) under their
	// title.
	Causes      []string `json:"causes,omitempty"`
	CausesTitle string   `json:"causesTitle,omitempty"`
}

type wireLayout struct {
	Width  int   `json:"w"`
	Height int   `json:"h"`
	X      []int `json:"x"`
	Y      []int `json:"y"`
	NodeW  []int `json:"nw"`
}

func wireOf(p *Page, layout bool) wire {
	// Empty lists are [], never null: the script reads them all.
	// Every text the page shows (refs, types, files, origins, groups, the
	// title and caption) has its control characters escaped as the text
	// outputs escape them (words.Escape): a title's newline, ESC or
	// right-to-left override is shown as \n, \x1b, \u202e.
	w := wire{Title: words.Escape(p.Title), Caption: words.Escape(p.Caption), Total: p.Total, Diff: p.Diff, Cycles: p.Cycles,
		Groupings: escapedGroupings(p.Groupings), Group: p.DefaultGroup, Types: []string{}, Fills: []string{}, Kinds: []string{}}
	files := newFileTable()
	if w.Cycles == nil {
		w.Cycles = [][]int{}
	}
	types := map[string]int{}
	for _, n := range p.Nodes {
		t, ok := types[n.Type]
		if !ok {
			t = len(w.Types)
			types[n.Type] = t
			w.Types = append(w.Types, words.Escape(n.Type))
			w.Fills = append(w.Fills, dot.TypeFill(n.Type))
		}
		w.Nodes = append(w.Nodes, []any{words.Escape(n.Ref), t, files.index(n.File), n.Line, n.Step, flags(n.InCycle, n.Focus, false), string(n.Status)})
		if len(n.Changes) > 0 {
			w.Changes = append(w.Changes, []any{len(w.Nodes) - 1, escapedAll(n.Changes)})
		}
	}
	kinds := map[string]int{}
	for _, e := range p.Edges {
		k := strings.Join(e.Kinds, ", ")
		ki, ok := kinds[k]
		if !ok {
			ki = len(w.Kinds)
			kinds[k] = ki
			w.Kinds = append(w.Kinds, k)
		}
		origins := make([]any, len(e.Origins))
		for i, o := range e.Origins {
			origins[i] = escapedParts(files.shorten(o, p.Nodes[e.From].Ref, p.Nodes[e.To].Ref))
		}
		w.Edges = append(w.Edges, []any{e.From, e.To, ki, flags(e.Refresh, e.Auto, e.OnCycle), origins, string(e.Status)})
	}
	w.Files = make([]string, len(files.names))
	for i, f := range files.names {
		w.Files[i] = words.Escape(f)
	}
	if w.Nodes == nil {
		w.Nodes, w.Edges = [][]any{}, [][]any{}
	}
	if w.Edges == nil {
		w.Edges = [][]any{}
	}
	if len(p.DataCauses) > 0 {
		w.Causes, w.CausesTitle = escapedAll(p.DataCauses), render.DataCausesTitle
	}
	if layout {
		w.Layout = layoutOf(p)
	}
	return w
}

// escapedAll is ss with each text escaped (words.Escape).
func escapedAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = words.Escape(s)
	}
	return out
}

// escapedParts is an origin (fileTable.shorten) with its text escaped.
func escapedParts(origin any) any {
	switch o := origin.(type) {
	case string:
		return words.Escape(o)
	case []any:
		for i, part := range o {
			if s, ok := part.(string); ok {
				o[i] = words.Escape(s)
			}
		}
	}
	return origin
}

// escapedGroupings are gs with their group names escaped.
func escapedGroupings(gs []Grouping) []Grouping {
	out := make([]Grouping, len(gs))
	for i, g := range gs {
		out[i] = Grouping{Key: g.Key, Names: make([]string, len(g.Names)), Of: g.Of}
		for k, n := range g.Names {
			out[i].Names[k] = words.Escape(n)
		}
	}
	return out
}

func flags(a, b, c bool) int {
	f := 0
	for i, on := range []bool{a, b, c} {
		if on {
			f |= 1 << i
		}
	}
	return f
}

// charWidth is the mean width of a label character at the page's font
// size, and nodePad the space around a label, in pixels.
const charWidth, nodePad = 6.6, 18

// layoutOf places p's nodes with package layered, one line per label.
func layoutOf(p *Page) *wireLayout {
	g := layered.Graph{Widths: make([]int, len(p.Nodes))}
	for i, n := range p.Nodes {
		g.Widths[i] = int(float64(len([]rune(n.Ref)))*charWidth) + nodePad
	}
	for _, e := range p.Edges {
		g.Edges = append(g.Edges, [2]int{e.From, e.To})
	}
	pos := layered.Layout(g)
	return &wireLayout{Width: pos.Width, Height: pos.Height, X: pos.X, Y: pos.Y, NodeW: g.Widths}
}
