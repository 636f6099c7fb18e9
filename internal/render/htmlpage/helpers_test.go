package htmlpage_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/render/dot"
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
	var layout []byte
	if graphviz {
		layout = graphvizLayout(t, sub, dot.Options{})
	}
	return write(t, sub, layout)
}

// graphvizLayout is what catc-svg -layout makes of the subgraph's DOT.
func graphvizLayout(t testing.TB, sub *graph.Subgraph, opts dot.Options) []byte {
	t.Helper()
	var src bytes.Buffer
	opts.ForLayout = true // as catc graph --format html writes it
	if err := dot.Write(&src, sub, opts); err != nil {
		t.Fatal(err)
	}
	out, err := svg.Layout(context.Background(), src.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// write writes the subgraph's page with Graphviz's layout (nil: the
// page's own layout).
func write(t testing.TB, sub *graph.Subgraph, layout []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := htmlpage.Write(&b, htmlpage.FromSubgraph(sub, "catc graph test", ""), htmlpage.Options{Layout: layout}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var webPage = page
