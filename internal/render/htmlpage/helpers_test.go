package htmlpage_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/render/htmlpage"
	"github.com/catc-dev/catc/internal/render/svg"
	"github.com/catc-dev/catc/internal/testutil"
)

var (
	fixture = testutil.Fixture
	whyText = render.WhyText
)

// page writes the page of c's whole graph, laid out by Graphviz (in
// process, as catc-svg does) or by package layered.
func page(t testing.TB, c *catalog.Catalog, graphviz bool) []byte {
	t.Helper()
	sub, diags := graph.Build(c).Select(graph.Selection{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var opts htmlpage.Options
	if graphviz {
		var dot bytes.Buffer
		if err := render.DOT(&dot, sub, render.DOTOptions{}); err != nil {
			t.Fatal(err)
		}
		out, err := svg.Render(context.Background(), dot.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		opts.SVG = out
	}
	var b bytes.Buffer
	if err := htmlpage.Write(&b, htmlpage.FromSubgraph(sub, "catc graph test", ""), opts); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var webPage = page
