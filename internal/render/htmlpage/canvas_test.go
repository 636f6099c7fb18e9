package htmlpage_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
)

// TestCanvasPage drives a page past 2,000 resources, which paints its
// picture on a canvas: it loads without errors and without an element
// per resource; a click (on a resource found by search) highlights
// exactly its neighbours, which then have elements; a click on the
// canvas where a resource is drawn selects it.
func TestCanvasPage(t *testing.T) {
	bctx := browser(t)
	c := genCatalogOf(t, 2500)
	g := graph.Build(c)
	html := pageBytes(t, c, false)

	t.Run("loads", func(t *testing.T) {
		tb := open(t, bctx, html, "")
		var n, canvases int
		tb.run(t, chromedp.Evaluate(`document.querySelectorAll("[data-ref]").length`, &n),
			chromedp.Evaluate(`document.querySelectorAll("#view > canvas").length`, &canvases))
		if canvases != 1 || n > 400 {
			t.Errorf("%d canvases and %d resource elements, want one canvas and no element per resource", canvases, n)
		}
		if e := tb.errs(); len(e) > 0 {
			t.Errorf("console errors: %v", e)
		}
	})
	t.Run("a click highlights exactly the neighbours", func(t *testing.T) {
		tb := open(t, bctx, html, "")
		r := c.Resources[1234]
		tb.click(t, r.Ref())
		if got, want := tb.refsOf(t, ".node.hl"), neighbours(g, r); len(want) == 0 || !equal(got, want) {
			t.Errorf("highlighted %v, want its neighbours %v", got, want)
		}
		if got := tb.refsOf(t, ".node.sel"); len(got) != 1 || got[0] != r.Ref() {
			t.Errorf("selected %v, want %s", got, r.Ref())
		}
	})
	t.Run("a click on the canvas selects what is drawn there", func(t *testing.T) {
		tb := open(t, bctx, html, "")
		var at struct {
			Ref  string
			X, Y float64
		}
		// The middle of the node drawn nearest the middle of the view, by
		// the layout the page was given.
		tb.run(t, chromedp.Evaluate(`(() => {
			const d = JSON.parse(document.getElementById("catc-data").textContent), L = d.layout;
			const svg = document.querySelector("#view > svg"), m = svg.getScreenCTM(), v = document.getElementById("view").getBoundingClientRect();
			let best = null;
			for (let i = 0; i < d.nodes.length; i++) {
				const x = m.a * (L.x[i] + L.nw[i] / 2) + m.e, y = m.d * (L.y[i] + 13) + m.f;
				const dist = Math.hypot(x - (v.left + v.width / 2), y - (v.top + v.height / 2));
				if (!best || dist < best.dist) best = { ref: d.nodes[i][0], x, y, dist, el: document.querySelector('[data-i="' + i + '"]') };
			}
			return { ref: best.el ? "has an element" : best.ref, x: best.x, y: best.y };
		})()`, &at))
		tb.run(t, chromedp.MouseClickXY(at.X, at.Y))
		if got := tb.refsOf(t, ".node.sel"); len(got) != 1 || got[0] != at.Ref {
			t.Errorf("a click at (%.0f, %.0f) selected %v, want %s", at.X, at.Y, got, at.Ref)
		}
	})
}

// genCatalogOf is internal/gen's catalog of n resources in 20 files.
func genCatalogOf(tb testing.TB, n int) *catalog.Catalog {
	dir := tb.TempDir()
	for _, f := range gen.Generate(gen.Options{Resources: n, Files: 20}) {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Src, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	c, diags := compiler.Load([]string{dir}, compiler.LoadOptions{})
	if diags.HasErrors() {
		tb.Fatal(fmt.Sprint(diags))
	}
	return c
}
