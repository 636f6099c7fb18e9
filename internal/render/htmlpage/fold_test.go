package htmlpage_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/render/htmlpage"
)

// corpusCatalog is a catalog of fixtures/oracle/catalogs, compiled by
// Puppet 7.23 from public modules.
func corpusCatalog(t *testing.T, name string) *catalog.Catalog {
	t.Helper()
	defs, diags := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	pc, d := puppetcatalog.Read(fixture("oracle", "catalogs", name+".catalog.json"))
	if diags = append(diags, d...); diags.HasErrors() {
		t.Fatal(diags)
	}
	c, d := puppetcatalog.Model(pc, defs)
	if d.HasErrors() {
		t.Fatal(d)
	}
	return c
}

// seen is what a reader sees of a page at Fit: the boxes drawn (folded
// classes and resources), the smallest size of their text on the
// screen, and those not wholly in view.
type seen struct {
	Groups, Resources []string
	MinTextPx         float64
	Outside           []string
}

const seenJS = `(() => {
	const v = document.getElementById("view").getBoundingClientRect(), svg = document.querySelector("#view > svg");
	const shown = (e) => !e.classList.contains("hidden") && e.getBoundingClientRect().width > 0;
	const groups = [...document.querySelectorAll("#view .group-node")], res = [...document.querySelectorAll("#view [data-ref]")].filter(shown);
	let min = Infinity; const outside = [];
	for (const g of groups) {
		const t = g.querySelector("text"), r = g.getBoundingClientRect();
		min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a);
		if (r.left < v.left - 0.5 || r.right > v.right + 0.5 || r.top < v.top - 0.5 || r.bottom > v.bottom + 0.5) outside.push(t.textContent);
	}
	return { groups: groups.map((g) => g.querySelector("text").textContent).sort(), resources: res.map((e) => e.getAttribute("data-ref")).sort(), minTextPx: min, outside };
})()`

// TestBigPuppetPageOpensFolded: the page of big_node (1,038 resources of
// real modules), unreadable whole at Fit, opens folded by class: at Fit
// in a 1280×800 window a reader sees one box per class, labelled with
// the class and how many resources it holds, every box in view and its
// text at least 9 px high, and no resource box. What the reader unfolds
// is kept in the fragment; a resource the fragment names has its class
// open. The page of a small catalog opens unfolded.
func TestBigPuppetPageOpensFolded(t *testing.T) {
	bctx := browser(t)
	big := corpusCatalog(t, "big_node")
	sub, diags := graph.Build(big).Select(graph.Selection{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := classBoxes(t, sub)
	modes := []string{"layered"}
	if !testing.Short() {
		modes = append(modes, "graphviz") // Graphviz takes some 20 s to lay big_node out
	}
	for _, mode := range modes {
		var layout []byte
		if mode == "graphviz" {
			layout = graphvizLayout(t, sub, dot.Options{}) // as catc graph --format html draws it
		}
		html := write(t, sub, layout)
		t.Run(mode, func(t *testing.T) {
			tb := open(t, bctx, html, "")
			var s seen
			tb.run(t, chromedp.Evaluate(seenJS, &s))
			if !equal(s.Groups, want) || len(s.Resources) != 0 {
				t.Errorf("at Fit: %d boxes of classes, %d of resources; want the %d classes folded:\n%q\nwant\n%q", len(s.Groups), len(s.Resources), len(want), s.Groups, want)
			}
			if s.MinTextPx < 9 || len(s.Outside) > 0 {
				t.Errorf("at Fit the smallest class label is %.1f px high (want 9 or more); out of view: %q", s.MinTextPx, s.Outside)
			}
			if dir := os.Getenv("CATC_SCREENSHOT_DIR"); dir != "" {
				var png []byte
				tb.run(t, chromedp.FullScreenshot(&png, 100))
				if err := os.WriteFile(filepath.Join(dir, "big_node-"+mode+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#groups-body button")].find((b) => b.textContent === "expand all").click()`, nil))
			var hash string
			tb.run(t, chromedp.Evaluate(`location.hash`, &hash), chromedp.Evaluate(seenJS, &s))
			if hash != "#collapsed=" || len(s.Groups) != 0 || len(s.Resources) != len(sub.Resources) {
				t.Errorf("expanded: fragment %q, %d class boxes, %d of %d resources drawn", hash, len(s.Groups), len(s.Resources), len(sub.Resources))
			}
			tb = open(t, bctx, html, "collapsed=")
			if tb.run(t, chromedp.Evaluate(seenJS, &s)); len(s.Groups) != 0 {
				t.Errorf("opened with collapsed= (nothing folded): %d class boxes", len(s.Groups))
			}
			tb = open(t, bctx, html, "sel=Service%5Bssh%5D")
			if tb.run(t, chromedp.Evaluate(seenJS, &s)); !contains(s.Resources, "Service[ssh]") || contains(s.Groups, "Class[Ssh::Server::Service] (2)") || len(s.Groups) != len(want)-1 {
				t.Errorf("opened at Service[ssh]: its class is not open, or the others are not folded: %q", s.Groups)
			}
		})
	}
	small, _ := graph.Build(puppetCatalog(t)).Select(graph.Selection{})
	tb := open(t, bctx, write(t, small, nil), "")
	var s seen
	if tb.run(t, chromedp.Evaluate(seenJS, &s)); len(s.Groups) != 0 || len(s.Resources) != len(small.Resources) {
		t.Errorf("a catalog of %d resources opens folded: %q", len(small.Resources), s.Groups)
	}
}

// classBoxes are the labels of the page's class boxes, as a reader
// should see them folded: each class and the number of resources in it.
func classBoxes(t *testing.T, sub *graph.Subgraph) []string {
	t.Helper()
	p := htmlpage.FromSubgraph(sub, "t", "")
	var g *htmlpage.Grouping
	for i := range p.Groupings {
		if p.Groupings[i].Key == "class" {
			g = &p.Groupings[i]
		}
	}
	if g == nil || p.DefaultGroup != "class" {
		t.Fatalf("the page does not open grouped by class")
	}
	counts := make([]int, len(g.Names))
	for _, k := range g.Of {
		counts[k]++
	}
	var out []string
	for k, name := range g.Names {
		out = append(out, fmt.Sprintf("%s (%d)", name, counts[k]))
	}
	sort.Strings(out)
	return out
}
