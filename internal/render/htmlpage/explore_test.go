package htmlpage_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/dot"
)

// TestPageGroupsFiltersCycles: in both layouts, grouping by type and
// collapsing a group draws it as one node that a click expands; hiding
// a type hides its resources; the cycle list jumps to a cycle.
func TestPageGroupsFiltersCycles(t *testing.T) {
	bctx := browser(t)
	web := loadFixture(t, fixture("graph", "web"))
	cyc := loadFixture(t, fixture("graph", "cycle"))
	for _, graphviz := range []bool{true, false} {
		mode := map[bool]string{true: "graphviz", false: "layered"}[graphviz]
		t.Run(mode+"/collapse a group", func(t *testing.T) {
			tb := open(t, bctx, page(t, web, graphviz), "")
			tb.run(t, chromedp.Evaluate(`(() => { const s = document.getElementById("group-key"); s.value = "type"; s.dispatchEvent(new Event("change")); })()`, nil))
			var labels []string
			tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#groups-body label")].map(l => l.textContent)`, &labels))
			if !equal(labels, []string{"package4", "user1", "file6", "exec2", "service4"}) {
				t.Fatalf("groups %q", labels)
			}
			tb.run(t, chromedp.Click(`#groups-body label:nth-of-type(5) input`, chromedp.ByQuery))
			var group string
			tb.run(t, chromedp.Evaluate(`document.querySelector(".group-node text").textContent`, &group))
			if group != "service (4)" {
				t.Errorf("collapsed group %q, want %q", group, "service (4)")
			}
			if hidden := tb.refsOf(t, ".node.hidden"); len(hidden) != 4 || !strings.HasPrefix(hidden[0], "Service[") {
				t.Errorf("hidden %q, want the four services", hidden)
			}
			tb.run(t, chromedp.Click(".group-node", chromedp.ByQuery))
			var n int
			tb.run(t, chromedp.Evaluate(`document.querySelectorAll(".group-node, .node.hidden").length`, &n))
			if n != 0 {
				t.Errorf("after a click on the group, %d group nodes or hidden nodes are left", n)
			}
		})
		t.Run(mode+"/hide a type", func(t *testing.T) {
			tb := open(t, bctx, page(t, web, graphviz), "")
			tb.run(t, chromedp.Click(`#types-body input[data-type="file"]`, chromedp.ByQuery))
			var want []string
			for _, r := range web.Resources {
				if r.Type.Name == "file" {
					want = append(want, r.Ref())
				}
			}
			sort.Strings(want)
			if got := tb.refsOf(t, ".node.hidden"); !equal(got, want) {
				t.Errorf("hidden %q, want the files %q", got, want)
			}
			var hash string
			tb.run(t, chromedp.Evaluate(`location.hash`, &hash))
			if hash != "#hide=file" {
				t.Errorf("fragment %q", hash)
			}
		})
		t.Run(mode+"/jump to a cycle", func(t *testing.T) {
			tb := open(t, bctx, page(t, cyc, graphviz), "")
			sub, _ := graph.Build(cyc).Select(graph.Selection{})
			var items []string
			tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#cycles-body a")].map(a => a.textContent)`, &items))
			if len(items) != sub.CycleCount() {
				t.Fatalf("cycle list %q, want %d cycles", items, sub.CycleCount())
			}
			tb.run(t, chromedp.Click("#cycles-body a", chromedp.ByQuery))
			sel := tb.refsOf(t, ".node.sel")
			if len(sel) != 1 || !strings.Contains(items[0], sel[0]) {
				t.Errorf("selected %q after a click on %q", sel, items[0])
			}
		})
	}
}

// TestPageEmptyAndClustered: a selection that keeps nothing (--cycles on
// an acyclic catalog) and Graphviz's clusters (--cluster file) both load
// without errors, the clustered one with every node found.
func TestPageEmptyAndClustered(t *testing.T) {
	bctx := browser(t)
	web := loadFixture(t, fixture("graph", "web"))
	g := graph.Build(web)
	empty, _ := g.Select(graph.Selection{Cycles: true})
	all, _ := g.Select(graph.Selection{})
	for _, tc := range []struct {
		name  string
		html  []byte
		nodes int
	}{
		{"empty/layered", write(t, empty, nil), 0},
		{"empty/graphviz", write(t, empty, graphvizLayout(t, empty, dot.Options{})), 0},
		{"clustered", write(t, all, graphvizLayout(t, all, dot.Options{Cluster: dot.ClusterFile})), len(web.Resources)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := open(t, bctx, tc.html, "")
			if got := len(tb.refsOf(t, "[data-ref]")); got != tc.nodes {
				t.Errorf("%d nodes found, want %d", got, tc.nodes)
			}
			tb.run(t, chromedp.Click("#fit", chromedp.ByQuery), chromedp.SendKeys("#search", "x", chromedp.ByQuery))
			if e := tb.errs(); len(e) > 0 {
				t.Errorf("console errors: %v", e)
			}
		})
	}
}

// TestPagePanZoomKeys: + zooms in, an arrow pans, the wheel zooms at the
// pointer, 0 fits the whole graph again.
func TestPagePanZoomKeys(t *testing.T) {
	bctx := browser(t)
	tb := open(t, bctx, page(t, loadFixture(t, fixture("graph", "web")), true), "")
	box := func() []float64 {
		var b []float64
		tb.run(t, chromedp.Evaluate(`(b => [b.x, b.y, b.width, b.height])(document.querySelector("#view > svg").viewBox.baseVal)`, &b))
		return b
	}
	fitted := box()
	tb.run(t, chromedp.Focus("#view", chromedp.ByQuery), chromedp.KeyEvent("+"))
	zoomed := box()
	if !(zoomed[2] < fitted[2]*0.9) {
		t.Errorf("+ left the view %v (fitted %v)", zoomed, fitted)
	}
	tb.run(t, chromedp.KeyEvent(kb.ArrowRight))
	if panned := box(); !(panned[0] > zoomed[0]) || panned[2] != zoomed[2] {
		t.Errorf("ArrowRight: %v, was %v", panned, zoomed)
	}
	tb.run(t, chromedp.Evaluate(`document.getElementById("view").dispatchEvent(new WheelEvent("wheel", {deltaY: 100, clientX: 300, clientY: 300, bubbles: true, cancelable: true}))`, nil))
	if out := box(); !(out[2] > zoomed[2]) {
		t.Errorf("a wheel notch down did not zoom out: %v", out)
	}
	tb.run(t, chromedp.KeyEvent("0"))
	if again := box(); !equalFloats(again, fitted) {
		t.Errorf("0 fitted %v, want %v", again, fitted)
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if d := a[i] - b[i]; d > 0.01 || d < -0.01 {
			return false
		}
	}
	return true
}
