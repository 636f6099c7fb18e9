package htmlpage

import (
	"bytes"
	"html"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/render/dot"
)

// graphvizObject is the start of a node or an edge in Graphviz's SVG:
// its group (id and class) and its title, the DOT name of a node
// (dot.Name of its ref) or "tail->head" of an edge, XML-escaped.
var graphvizObject = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`<g id="([^"]*)" class="(node|edge)([^"]*)">\s*<title>([^<]*)</title>`)
})

// withStableIDs renames the nodes and edges of Graphviz's SVG after
// their place on the page: id="catc-n12" is p.Nodes[12], id="catc-e3"
// p.Edges[3]. Matching is done here, once, on the decoded titles, so
// the page never compares text Graphviz wrote: a ref holding "->" or a
// backslash is found like any other, and an edge by Graphviz's number
// for it where titles are ambiguous. Objects that are no resource (the
// legend, the invisible points that wrap rows) keep Graphviz's id, and
// the page ignores them.
func withStableIDs(svg []byte, p *Page) []byte {
	nodeAt := make(map[string]int, len(p.Nodes))
	for i, n := range p.Nodes {
		nodeAt[dot.Name(n.Ref)] = i
	}
	edgeAt := make(map[[2]int]int, len(p.Edges))
	for j, e := range p.Edges {
		if _, dup := edgeAt[[2]int{e.From, e.To}]; !dup {
			edgeAt[[2]int{e.From, e.To}] = j
		}
	}
	// One pass of the pattern: each match's groups are read where it found them.
	var b bytes.Buffer
	last := 0
	for _, sub := range graphvizObject().FindAllSubmatchIndex(svg, -1) {
		title := html.UnescapeString(string(svg[sub[8]:sub[9]]))
		var id string
		if string(svg[sub[4]:sub[5]]) == "node" {
			if i, ok := nodeAt[title]; ok {
				id = "catc-n" + strconv.Itoa(i)
			}
		} else if j, ok := edgeByOrder(string(svg[sub[2]:sub[3]]), title, p); ok {
			id = "catc-e" + strconv.Itoa(j)
		} else if j, ok := edgeOf(title, nodeAt, edgeAt); ok {
			id = "catc-e" + strconv.Itoa(j)
		}
		if id == "" {
			continue
		}
		b.Write(svg[last:sub[2]])
		b.WriteString(id)
		last = sub[3]
	}
	if last == 0 {
		return svg
	}
	b.Write(svg[last:])
	return b.Bytes()
}

// edgeByOrder is the edge Graphviz numbered "edge<k>": dot.Write
// writes the edges first, in the subgraph's order, which is the page's,
// and Graphviz numbers them as it reads them. A title can be ambiguous
// (refs "A" and "B->C", "A->B" and "C"); this number is not. The title
// must agree, or the edge is looked up by title.
func edgeByOrder(id, title string, p *Page) (int, bool) {
	k, err := strconv.Atoi(strings.TrimPrefix(id, "edge"))
	if err != nil || !strings.HasPrefix(id, "edge") || k < 1 || k > len(p.Edges) {
		return 0, false
	}
	e := p.Edges[k-1]
	return k - 1, title == dot.Name(p.Nodes[e.From].Ref)+"->"+dot.Name(p.Nodes[e.To].Ref)
}

// edgeOf finds the edge titled "tail->head": a ref may itself hold
// "->", so every split is tried.
func edgeOf(title string, nodeAt map[string]int, edgeAt map[[2]int]int) (int, bool) {
	for at := 0; ; {
		k := strings.Index(title[at:], "->")
		if k < 0 {
			return 0, false
		}
		at += k
		f, okF := nodeAt[title[:at]]
		t, okT := nodeAt[title[at+2:]]
		if okF && okT {
			if j, ok := edgeAt[[2]int{f, t}]; ok {
				return j, true
			}
		}
		at += 2
	}
}
