package htmlpage_test

import (
	"sort"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/graph"
)

// TestPageOriginsAsGraphSays: the origins the page lists under a
// resource's edges are graph.Origin's text, though the page's data
// writes file names and refs once.
func TestPageOriginsAsGraphSays(t *testing.T) {
	c := loadFixture(t, fixture("graph", "web"))
	g := graph.Build(c)
	ref := "Service[webapp-gunicorn]"
	r, _ := graph.Resolve(c, ref)
	var want []string
	for _, e := range g.To(r) {
		for _, o := range e.Origins {
			want = append(want, o.String())
		}
	}
	sort.Strings(want)
	tb := open(t, browser(t), page(t, c, false), "sel=Service%5Bwebapp-gunicorn%5D")
	var got []string
	tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#waits-for .origin")].map(e => e.textContent).sort()`, &got))
	if len(want) == 0 || !equal(got, want) {
		t.Errorf("origins of the edges into %s: %q, want %q", ref, got, want)
	}
}
