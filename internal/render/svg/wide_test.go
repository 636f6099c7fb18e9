package svg_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/render/dot"
	"github.com/catc-dev/catc/internal/render/svg"
	"github.com/catc-dev/catc/internal/testutil"
)

// fanTypes are two types with no auto rule, for fans written inline.
const fanTypes = `
type "pkg" {
  desc = "A package."
  attribute "name" {
    type      = "String[1]"
    desc      = "The name."
    behaviour = "namevar"
  }
}
type "conf" {
  desc = "A configuration file."
  attribute "path" {
    type      = "String[1]"
    desc      = "The path."
    behaviour = "namevar"
  }
}
`

// joined is one package that n stacks of files require: one part, too
// wide for a row of its own, so its apply order is cut into rows.
func joined(n int) string {
	var b strings.Builder
	b.WriteString(fanTypes)
	b.WriteString("resource \"pkg\" \"hub\" {}\n")
	for i := range n {
		dir := fmt.Sprintf("/srv/stack-%02d", i)
		fmt.Fprintf(&b, "resource \"pkg\" \"stack-%02d\" {\n  require = [pkg.hub]\n}\n", i)
		fmt.Fprintf(&b, "resource \"conf\" %q {\n  require = [pkg.stack-%02d]\n}\n", dir, i)
		fmt.Fprintf(&b, "resource \"conf\" %q {\n  require = [conf[%q]]\n}\n", dir+"/app.conf", dir)
		fmt.Fprintf(&b, "resource \"conf\" %q {\n  require = [conf[%q]]\n}\n", dir+"/log.conf", dir)
		fmt.Fprintf(&b, "resource \"pkg\" \"stack-%02d-done\" {\n  require = [conf[%q], conf[%q]]\n}\n", i, dir+"/app.conf", dir+"/log.conf")
	}
	return b.String()
}

// cycle is two packages that require each other.
const cycle = `
resource "pkg" "left" {
  require = [pkg.right]
}
resource "pkg" "right" {
  require = [pkg.left]
}
`

// fan is a catalog of one resource and n others around it: below it
// (each requires it) or above it (each is required by it).
func fan(n int, below bool) string {
	var b strings.Builder
	b.WriteString(fanTypes)
	b.WriteString("resource \"pkg\" \"hub\" {}\n")
	for i := range n {
		if below {
			fmt.Fprintf(&b, "resource \"conf\" \"/etc/app/conf.d/%02d-setting.conf\" {\n  require = [pkg.hub]\n}\n", i)
		} else {
			fmt.Fprintf(&b, "resource \"conf\" \"/etc/app/conf.d/%02d-setting.conf\" {\n  before = [pkg.hub]\n}\n", i)
		}
	}
	return b.String()
}

// TestWideGraphAspect lays out, with Graphviz, pictures that came out
// many times wider than tall (37 resources were 2,703 × 341 pt, roots
// side by side) and checks that they wrap into at most 2.5:1 while
// every edge still points down: its source is drawn above its target.
func TestWideGraphAspect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		load func(t *testing.T) *catalog.Catalog
	}{
		{"fixtures/graph/wide", fixture("graph/wide")},
		{"340 resources and no edge", fixture("diff/large/new")},
		{"one package required by 40 files", inline(fan(40, true))},
		{"40 files before one package", inline(fan(40, false))},
		{"400 generated core-type resources", generated(400)},
		{"a cycle beside 30 files", inline(fan(30, true) + cycle)},
		{"16 stacks joined by one package", inline(joined(16))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, _ := graph.Build(tc.load(t)).Select(graph.Selection{})
			var src bytes.Buffer
			if err := dot.Write(&src, s, dot.Options{}); err != nil {
				t.Fatal(err)
			}
			out, err := svg.Render(context.Background(), src.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			w, h := svgSize(t, out)
			if w > 2.5*h {
				t.Errorf("picture is %.0f × %.0f pt (%.1f:1), want at most 2.5:1", w, h, w/h)
			}
			t.Logf("%.0f × %.0f pt", w, h)
			y := nodeYs(out)
			for _, r := range s.Resources {
				if _, ok := y[r.Ref()]; !ok {
					t.Fatalf("%s is not in the SVG", r.Ref())
				}
			}
			for _, e := range s.Edges {
				from, to := e.F.Resource.Ref(), e.T.Resource.Ref()
				if s.OnCycle(e) {
					continue // one edge of a cycle must point up
				}
				if y[from] >= y[to] { // SVG's y grows downwards
					t.Errorf("%s is drawn at y %.0f, not above %s at y %.0f", from, y[from], to, y[to])
				}
			}
		})
	}
}

func fixture(dir string) func(t *testing.T) *catalog.Catalog {
	return func(t *testing.T) *catalog.Catalog {
		c, diags := compiler.Load([]string{testutil.Fixture(dir)}, compiler.LoadOptions{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return c
	}
}

func generated(n int) func(t *testing.T) *catalog.Catalog {
	return func(t *testing.T) *catalog.Catalog {
		var names []string
		var srcs [][]byte
		for _, f := range gen.Generate(gen.Options{Resources: n, Core: true}) {
			names, srcs = append(names, f.Name), append(srcs, f.Src)
		}
		c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return c
	}
}

func inline(src string) func(t *testing.T) *catalog.Catalog {
	return func(t *testing.T) *catalog.Catalog {
		c, diags := compiler.LoadFiles([]string{"fan.hcl"}, [][]byte{[]byte(src)}, compiler.LoadOptions{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return c
	}
}

var svgSizeRE = regexp.MustCompile(`<svg width="([0-9.]+)pt" height="([0-9.]+)pt"`)

func svgSize(t *testing.T, out []byte) (w, h float64) {
	t.Helper()
	m := svgSizeRE.FindSubmatch(out)
	if m == nil {
		t.Fatalf("no size in SVG:\n%.300s", out)
	}
	w, _ = strconv.ParseFloat(string(m[1]), 64)
	h, _ = strconv.ParseFloat(string(m[2]), 64)
	return w, h
}

// nodeRE finds a node's title (its DOT name) and the y of its label's
// first line, which Graphviz writes right after the shape.
var nodeRE = regexp.MustCompile(`(?s)<g id="node\d+" class="node">\s*<title>([^<]*)</title>.*?<text[^>]* y="(-?[0-9.]+)"`)

// nodeYs are the label positions of the nodes, by ref.
func nodeYs(out []byte) map[string]float64 {
	unescape := strings.NewReplacer("&#45;", "-", "&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'")
	ys := map[string]float64{}
	for _, m := range nodeRE.FindAllSubmatch(out, -1) {
		y, _ := strconv.ParseFloat(string(m[2]), 64)
		ys[unescape.Replace(string(m[1]))] = y
	}
	return ys
}
