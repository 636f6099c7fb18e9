package htmlpage_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/htmlpage"
)

// folded is what a reader sees once a group is folded: the boxes of
// folded groups, the resources drawn, and the lines to and from the
// group boxes, each "FROM -> TO" (a group box by its label, a resource by
// its ref).
type folded struct {
	Groups, Resources, Lines []string
}

const foldedJS = `(() => {
	const shown = (e) => !e.classList.contains("hidden") && e.getBoundingClientRect().width > 0;
	const groups = [...document.querySelectorAll("#view .group-node")], res = [...document.querySelectorAll("#view [data-ref]")].filter(shown);
	const named = groups.map((g) => ({ name: g.querySelector("text").textContent, r: g.getBoundingClientRect() }))
		.concat(res.map((e) => ({ name: e.getAttribute("data-ref"), r: e.getBoundingClientRect() })));
	// the box an end of a line touches, on the screen
	const at = (l, x, y) => {
		const svg = l.ownerSVGElement, p = svg.createSVGPoint(); p.x = x; p.y = y;
		const q = p.matrixTransform(l.getScreenCTM());
		const hit = named.filter((b) => q.x >= b.r.left - 1 && q.x <= b.r.right + 1 && q.y >= b.r.top - 1 && q.y <= b.r.bottom + 1);
		return hit.length === 1 ? hit[0].name : "?" + hit.map((b) => b.name).join("|");
	};
	const lines = [...document.querySelectorAll("#view .agg-edge")].map((l) =>
		at(l, +l.getAttribute("x1"), +l.getAttribute("y1")) + " -> " + at(l, +l.getAttribute("x2"), +l.getAttribute("y2")));
	return { groups: groups.map((g) => g.querySelector("text").textContent).sort(), resources: res.map((e) => e.getAttribute("data-ref")).sort(), lines };
})()`

// foldJS ticks (or unticks) the group called name in the groups panel.
func foldJS(name string) string {
	return fmt.Sprintf(`(() => { const l = [...document.querySelectorAll("#groups-body label")].find((l) => l.querySelector("a").textContent === %q);
		const cb = l.querySelector("input"); cb.checked = !cb.checked; cb.dispatchEvent(new Event("change")); })()`, name)
}

// TestClassSitePageFolds: on the page of an HCL site with classes and
// define instances (the corpus case rel_classes_defines: Class[Site]
// contains Class[Web] and the instances App::Vhost[shop] and [blog]),
// folding a class in the panel hides its resources (those of the
// define instances it holds too) and draws one box for it, every edge
// of theirs going to or from that box; folding by container does the
// same for a define instance alone. Clicking the box unfolds it and
// every resource is back.
func TestClassSitePageFolds(t *testing.T) {
	bctx := browser(t)
	sub, diags := graph.Build(loadFixture(t, fixture("oracle", "classes", "rel_classes_defines", "main.hcl"))).Select(graph.Selection{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p := htmlpage.FromSubgraph(sub, "t", "")
	html := write(t, sub, nil)
	var all []string
	for _, n := range p.Nodes {
		all = append(all, n.Ref)
	}
	sort.Strings(all)
	for _, tc := range []struct {
		key, group string
		members    []string
	}{
		{"class", "Class[Site]", []string{"App::Vhost[blog]", "App::Vhost[shop]", "Class[Site]", "Notify[vhost blog]", "Notify[vhost shop]"}},
		{"container", "App::Vhost[shop]", []string{"App::Vhost[shop]", "Notify[vhost shop]"}},
	} {
		t.Run(tc.key, func(t *testing.T) {
			g := groupingOf(t, p, tc.key)
			k := indexOf(g.Names, tc.group)
			if k < 0 {
				t.Fatalf("no group %s in %q", tc.group, g.Names)
			}
			var members []string
			for i, x := range g.Of {
				if x == k {
					members = append(members, p.Nodes[i].Ref)
				}
			}
			sort.Strings(members)
			if !equal(members, tc.members) {
				t.Errorf("group %s holds %q, want %q", tc.group, members, tc.members)
			}
			label := fmt.Sprintf("%s (%d)", tc.group, len(members))
			tb := open(t, bctx, html, "group="+tc.key)
			var s folded
			tb.run(t, chromedp.Evaluate(foldJS(tc.group), nil), chromedp.Evaluate(foldedJS, &s))
			if !equal(s.Groups, []string{label}) {
				t.Errorf("folded: boxes %q, want %q", s.Groups, label)
			}
			for _, m := range members {
				if contains(s.Resources, m) {
					t.Errorf("folded: %s is still drawn", m)
				}
			}
			if len(s.Resources) != len(all)-len(members) {
				t.Errorf("folded: %d resources drawn, want %d", len(s.Resources), len(all)-len(members))
			}
			want := foldedLines(p, g, k, label)
			sort.Strings(s.Lines)
			if !equal(s.Lines, want) {
				t.Errorf("folded: lines %q, want %q", s.Lines, want)
			}
			var box []*cdp.Node
			tb.run(t, chromedp.Nodes("#view .group-node", &box, chromedp.ByQuery))
			tb.run(t, chromedp.MouseClickNode(box[0]), chromedp.Evaluate(foldedJS, &s))
			if len(s.Groups) != 0 || len(s.Lines) != 0 || !equal(s.Resources, all) {
				t.Errorf("unfolded: boxes %q, lines %q, %d of %d resources drawn", s.Groups, s.Lines, len(s.Resources), len(all))
			}
			if e := tb.errs(); len(e) > 0 {
				t.Errorf("console errors: %v", e)
			}
		})
	}
}

func groupingOf(t *testing.T, p *htmlpage.Page, key string) htmlpage.Grouping {
	t.Helper()
	for _, g := range p.Groupings {
		if g.Key == key {
			return g
		}
	}
	t.Fatalf("the page has no grouping %q", key)
	return htmlpage.Grouping{}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// foldedLines are the lines a reader should see with group k folded: one
// per pair of ends of the graph's edges that touch it, the group's ends
// being its box, sorted.
func foldedLines(p *htmlpage.Page, g htmlpage.Grouping, k int, label string) []string {
	end := func(i int) string {
		if g.Of[i] == k {
			return label
		}
		return p.Nodes[i].Ref
	}
	seen := map[string]bool{}
	var out []string
	for _, e := range p.Edges {
		if g.Of[e.From] != k && g.Of[e.To] != k {
			continue
		}
		a, b := end(e.From), end(e.To)
		if a == b || seen[a+" -> "+b] {
			continue
		}
		seen[a+" -> "+b] = true
		out = append(out, a+" -> "+b)
	}
	sort.Strings(out)
	return out
}
