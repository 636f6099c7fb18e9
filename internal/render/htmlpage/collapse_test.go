package htmlpage_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCollapseLaysOutAgain: collapsing groups lays the picture out
// again (the page's own layout, also on a page Graphviz laid out), so no
// two of the boxes left (resources and collapsed groups) overlap,
// whichever groups are collapsed.
func TestCollapseLaysOutAgain(t *testing.T) {
	bctx := browser(t)
	web := loadFixture(t, fixture("graph", "web"))
	for _, tc := range []struct {
		name, fragment string
		graphviz       bool
	}{
		{"one type", "group=type&collapsed=4", false},
		{"two files", "group=file&collapsed=0,2", false},
		{"every type", "group=type&collapsed=0,1,2,3,4", false},
		{"graphviz/one type", "group=type&collapsed=4", true},
		{"graphviz/two files", "group=file&collapsed=0,2", true},
	} {
		html := page(t, web, tc.graphviz)
		t.Run(tc.name, func(t *testing.T) {
			tb := open(t, bctx, html, tc.fragment)
			var overlaps []string
			var groups int
			tb.run(t, chromedp.Evaluate(`document.querySelectorAll(".group-node").length`, &groups),
				chromedp.Evaluate(`(() => {
				const boxes = [...document.querySelectorAll("[data-ref]:not(.hidden), .group-node")].map(e => {
					const r = e.getBoundingClientRect();
					return { name: e.getAttribute("data-ref") || e.textContent, r };
				}), out = [];
				for (let a = 0; a < boxes.length; a++) for (let b = a + 1; b < boxes.length; b++) {
					const p = boxes[a].r, q = boxes[b].r;
					if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) out.push(boxes[a].name + " / " + boxes[b].name);
				}
				return out; })()`, &overlaps))
			if groups == 0 {
				t.Fatalf("no collapsed group drawn")
			}
			if len(overlaps) > 0 {
				t.Errorf("overlapping boxes: %q", overlaps)
			}
			if e := tb.errs(); len(e) > 0 {
				t.Errorf("console errors: %v", e)
			}
		})
	}
}
