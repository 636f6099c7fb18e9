package htmlpage

import (
	"reflect"
	"strings"
	"testing"
)

// TestGraphvizOfFindsByName: each of the page's nodes and edges is found
// in Graphviz's layout by its name, whatever the order of the objects
// and edges there; a node that is no resource (the legend) is drawn
// over the picture, an edge between no resources under it, and an
// invisible one (the wrap points) not at all. Coordinates turn to the
// page's (y down from the top of the bounding box).
func TestGraphvizOfFindsByName(t *testing.T) {
	t.Parallel()
	p := &Page{
		Nodes: []Node{{Ref: "Package[a]"}, {Ref: "Service[b]"}},
		Edges: []Edge{{From: 0, To: 1}},
	}
	layout := `{"bb": "0,0,200,100", "objects": [
		{"name": "legend", "pos": "150,90", "width": "1", "height": "0.2",
		 "_ldraw_": [{"op": "T", "pt": [150, 88], "align": "l", "text": "order (require, before)"}]},
		{"name": "Service[b]", "pos": "50,20", "width": "1.5", "height": "0.5",
		 "_draw_": [{"op": "c", "grad": "none", "color": "#4d4d4d"}, {"op": "p", "points": [[0,0],[100,0],[100,40]]}]},
		{"name": "wrap0", "pos": "10,10", "width": "0", "height": "0",
		 "_draw_": [{"op": "S", "style": "invis"}, {"op": "e", "rect": [10, 10, 1, 1]}]},
		{"name": "Package[a]", "pos": "50,80", "width": "1.5", "height": "0.5",
		 "_ldraw_": [{"op": "F", "size": 12, "face": "Helvetica"}, {"op": "T", "pt": [50, 78], "align": "c", "text": "Package[a]"}]}
	], "edges": [
		{"tail": 2, "head": 1, "_draw_": [{"op": "b", "points": [[10,10],[20,20],[30,30],[40,40]]}]},
		{"tail": 3, "head": 1, "_draw_": [{"op": "S", "style": "dashed"}, {"op": "b", "points": [[50,62],[50,50],[50,45],[50,40]]}]}
	]}`
	w, err := graphvizOf([]byte(layout), p)
	if err != nil {
		t.Fatal(err)
	}
	if w.Nodes[0] == nil || w.Nodes[1] == nil {
		t.Fatalf("a resource is not found: %+v", w.Nodes)
	}
	if want := [4]float64{50, 20, 108, 36}; w.Nodes[0].Box != want {
		t.Errorf("Package[a]'s box %v, want %v", w.Nodes[0].Box, want)
	}
	if want := [4]float64{50, 80, 108, 36}; w.Nodes[1].Box != want {
		t.Errorf("Service[b]'s box %v, want %v", w.Nodes[1].Box, want)
	}
	if want := []any{"text", 50.0, 22.0, "middle", "12.00", "Helvetica", "black", "Package[a]"}; !reflect.DeepEqual(w.Nodes[0].Shapes[0], want) {
		t.Errorf("Package[a]'s label %v, want %v", w.Nodes[0].Shapes[0], want)
	}
	if want := []any{"polygon", "0,100 100,100 100,60", "none", "#4d4d4d", 1.0, ""}; !reflect.DeepEqual(w.Nodes[1].Shapes[0], want) {
		t.Errorf("Service[b]'s box %v, want %v", w.Nodes[1].Shapes[0], want)
	}
	if len(w.Edges[0]) != 1 || w.Edges[0][0][0] != "path" || w.Edges[0][0][1] != "M50,38C50,50 50,55 50,60" || w.Edges[0][0][5] != "5,2" {
		t.Errorf("the edge Package[a] => Service[b]: %v", w.Edges[0])
	}
	if len(w.Over) != 1 || !strings.Contains(w.Over[0][7].(string), "order (require, before)") {
		t.Errorf("the legend is not drawn over the picture: %v", w.Over)
	}
	if len(w.Under) != 1 || w.Under[0][0] != "path" {
		t.Errorf("the edge from a point that is no resource is not drawn under the picture: %v", w.Under)
	}
}

// TestGraphvizOfRefusesOtherJSON: a layout that is not Graphviz's JSON
// fails, saying so, rather than drawing an empty picture.
func TestGraphvizOfRefusesOtherJSON(t *testing.T) {
	t.Parallel()
	for _, layout := range []string{`<svg></svg>`, `{"objects": []}`, `{"bb": "0,0,NaN,1"}`} {
		if _, err := graphvizOf([]byte(layout), &Page{}); err == nil || !strings.Contains(err.Error(), "reading Graphviz's layout") {
			t.Errorf("%s: %v", layout, err)
		}
	}
}
