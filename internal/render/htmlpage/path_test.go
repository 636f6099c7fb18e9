package htmlpage_test

import (
	"net/url"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/graph"
)

// TestPagePathEqualsWhyForEveryPair: for every ordered pair of resources
// of the web and cycle fixtures (a resource with itself: its shortest
// cycle), the page's path, given by the URL fragment, is the chain and
// the first line that `catc why FROM TO` prints.
func TestPagePathEqualsWhyForEveryPair(t *testing.T) {
	bctx := browser(t)
	for _, name := range []string{"web", "cycle"} {
		t.Run(name, func(t *testing.T) {
			c := loadFixture(t, fixture("graph", name))
			plan, _ := graph.Order(graph.Build(c), graph.Ordering{})
			tb := open(t, bctx, page(t, c, false), "")
			for _, from := range c.Resources {
				for _, to := range c.Resources {
					w := plan.Why(from, to)
					chain := w.Path
					if chain == nil {
						chain = w.Reverse
					}
					want := []string{whyHead(t, w)}
					for _, e := range chain {
						want = append(want, e.F.Resource.Ref()+" => "+e.T.Resource.Ref())
					}
					frag := "from=" + url.QueryEscape(from.Ref()) + "&to=" + url.QueryEscape(to.Ref())
					var got []string
					// The page answers on hashchange, after the change.
					tb.run(t, chromedp.Evaluate(`new Promise(done => {
						addEventListener("hashchange", () => done([document.querySelector("#path-body .path-head").textContent].concat(
							[...document.querySelectorAll("#path-chain li")].map(li => li.dataset.from + " => " + li.dataset.to))), { once: true });
						location.hash = `+quoteJS(frag)+`; })`, &got, awaitPromise))
					if !equal(got, want) {
						t.Errorf("%s to %s: page %q, why %q", from.Ref(), to.Ref(), got, want)
					}
				}
			}
		})
	}
}

func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

func quoteJS(s string) string {
	return "decodeURIComponent(\"" + url.PathEscape(s) + "\")"
}
