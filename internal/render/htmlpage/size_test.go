package htmlpage_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/htmlpage"
)

// TestPageFitsEachSize opens the web fixture's page at three window
// sizes: the whole graph fits in the view after load, and nothing makes
// the page scroll sideways. With $CATC_SCREENSHOTS (a directory) it
// writes the three pictures there, to be looked at.
func TestPageFitsEachSize(t *testing.T) {
	bctx := browser(t)
	html := page(t, loadFixture(t, fixture("graph", "web")), true)
	for _, size := range [][2]int64{{1280, 800}, {1920, 1080}, {800, 600}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			tb := open(t, bctx, html, "")
			tb.run(t, chromedp.EmulateViewport(size[0], size[1]), chromedp.Evaluate(`document.getElementById("fit").click()`, nil))
			var bad []string
			tb.run(t, chromedp.Evaluate(`(() => {
				const v = document.getElementById("view").getBoundingClientRect(), out = [];
				for (const e of document.querySelectorAll("[data-ref]")) {
					const r = e.getBoundingClientRect();
					if (r.left < v.left - 1 || r.right > v.right + 1 || r.top < v.top - 1 || r.bottom > v.bottom + 1) out.push(e.getAttribute("data-ref"));
				}
				if (document.documentElement.scrollWidth > innerWidth) out.push("the page scrolls sideways");
				return out; })()`, &bad))
			if len(bad) > 0 {
				t.Errorf("outside the view after fit: %v", bad)
			}
			var png []byte
			tb.run(t, chromedp.CaptureScreenshot(&png))
			if dir := os.Getenv("CATC_SCREENSHOTS"); dir != "" {
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("graph-page-%dx%d.png", size[0], size[1])), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPage measures, for the web fixture and a generated catalog of
// 10,000 resources (laid out by package layered, as catc does past
// GraphvizLimit): the time to write the page, its size, and the time
// until it is interactive in headless Chromium (ms-to-ready: from
// navigation until the picture is laid out and painted: a frame after
// the start-up script, then a task).
func BenchmarkPage(b *testing.B) {
	for _, tc := range []struct {
		name     string
		load     func(testing.TB) *catalog.Catalog
		graphviz bool
	}{
		{"web", func(tb testing.TB) *catalog.Catalog {
			c, _ := compiler.Load([]string{fixture("graph", "web")}, compiler.LoadOptions{})
			return c
		}, true},
		{"gen10000", genCatalog, false},
	} {
		b.Run(tc.name, func(b *testing.B) {
			c := tc.load(b)
			var html []byte
			start := time.Now()
			for range b.N {
				html = pageBytes(b, c, tc.graphviz)
			}
			b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms-to-write")
			b.ReportMetric(float64(len(html))/1e6, "MB")
			// The shared machine's load moves single runs by seconds: the
			// least of five is the page's own cost, the median what a
			// busy machine gives.
			var ready []float64
			for range 5 {
				ready = append(ready, readyTime(b, html))
			}
			sort.Float64s(ready)
			b.ReportMetric(ready[0], "ms-to-ready-min")
			b.ReportMetric(ready[2], "ms-to-ready-median")
		})
	}
}

// pageBytes is page without the layout by Graphviz when graphviz is off,
// timed as catc writes it: select, data, layout, HTML.
func pageBytes(tb testing.TB, c *catalog.Catalog, graphviz bool) []byte {
	if graphviz {
		return page(tb, c, true)
	}
	sub, _ := graph.Build(c).Select(graph.Selection{})
	var buf bytes.Buffer
	if err := htmlpage.Write(&buf, htmlpage.FromSubgraph(sub, "bench", ""), htmlpage.Options{}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// readyTime opens html in a new tab and reads how long it took,
// from navigation, to become interactive (the page records it).
func readyTime(b *testing.B, html []byte) float64 {
	tb := open(b, browser(b), html, "")
	var ms float64
	tb.run(b, chromedp.Evaluate(`window.catcReadyMs`, &ms))
	return ms
}

// genCatalog is internal/gen's catalog of 10,000 resources in 20 files.
func genCatalog(tb testing.TB) *catalog.Catalog { return genCatalogOf(tb, 10000) }
