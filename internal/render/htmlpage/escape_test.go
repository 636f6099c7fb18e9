package htmlpage_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/testutil/catalogtest"
)

// evilTitle would run script or open a comment if a page wrote it raw.
const evilTitle = `</script><script>window.pwned=1</script><!--<img src=x onerror="window.pwned=2">`

func evilCatalog(t *testing.T) *catalog.Catalog {
	src := `resource "node_res" "` + strings.ReplaceAll(evilTitle, `"`, `\"`) + `" {}
resource "node_res" "b" { require = node_res["` + strings.ReplaceAll(evilTitle, `"`, `\"`) + `"] }
`
	return catalogtest.Oracle(t, src)
}

// TestPageEscapesTitles: the bytes of the page hold the title only
// escaped, in the data and in Graphviz's picture.
func TestPageEscapesTitles(t *testing.T) {
	c := evilCatalog(t)
	for _, graphviz := range []bool{false, true} {
		html := page(t, c, graphviz)
		for _, raw := range []string{"<script>window", "</script><script>", "<img", "<!--<img"} {
			if bytes.Contains(html, []byte(raw)) {
				t.Errorf("graphviz=%v: the page holds %q unescaped", graphviz, raw)
			}
		}
	}
}

// TestPageHoldsNoAttributeValue: the web fixture's values (a connection
// string, a password hash, file contents) are not in its page.
func TestPageHoldsNoAttributeValue(t *testing.T) {
	c := loadFixture(t, fixture("graph", "web"))
	html := page(t, c, true)
	for _, v := range []string{"postgres://webapp", "not-a-real-hash", "server_name webapp", "local all all peer", "bind 127.0.0.1"} {
		if bytes.Contains(html, []byte(v)) {
			t.Errorf("the page holds the attribute value %q", v)
		}
	}
}

// TestPageScriptTitleStaysText: in the browser the title is a node's
// text, and nothing it holds ran.
func TestPageScriptTitleStaysText(t *testing.T) {
	bctx := browser(t)
	c := evilCatalog(t)
	for _, graphviz := range []bool{false, true} {
		tb := open(t, bctx, page(t, c, graphviz), "")
		var pwned bool
		var refs []string
		tb.run(t, chromedp.Evaluate(`window.pwned !== undefined || document.querySelectorAll("body img, body > script:not([type])").length > 1`, &pwned),
			chromedp.Evaluate(`[...document.querySelectorAll("[data-ref]")].map(e => e.getAttribute("data-ref")).sort()`, &refs))
		if pwned {
			t.Errorf("graphviz=%v: the title's markup ran or was inserted", graphviz)
		}
		want := []string{"Node_res[" + evilTitle + "]", "Node_res[b]"}
		if !equal(refs, want) {
			t.Errorf("graphviz=%v: nodes %q, want %q", graphviz, refs, want)
		}
		if e := tb.errs(); len(e) > 0 {
			t.Errorf("graphviz=%v: console errors %v", graphviz, e)
		}
	}

}

// TestPageEscapesControls: titles holding a newline, a carriage return,
// ESC, NUL, U+2028 and a right-to-left override are shown escaped
// (\n, \r, \x1b, \x00, \u2028, \u202e) in the page's data and in
// Graphviz's picture, never raw; and the page still finds Graphviz's
// node of each (their DOT names are escaped too).
func TestPageEscapesControls(t *testing.T) {
	c := catalogtest.Oracle(t, `resource "node_res" "a\nb\r\u001b[31m\u0000\u2028\u202egnp" {}
resource "node_res" "b" { require = node_res["a\nb\r\u001b[31m\u0000\u2028\u202egnp"] }
`)
	for _, graphviz := range []bool{false, true} {
		html := page(t, c, graphviz)
		for _, raw := range []string{"\r", "\x1b", "\x00", "\u2028", "\u202e", "a\nb"} {
			if bytes.Contains(html, []byte(raw)) {
				t.Errorf("graphviz=%v: the page holds a raw %q", graphviz, raw)
			}
		}
		if !bytes.Contains(html, []byte(`a\\nb\\r\\x1b[31m\\x00\\u2028\\u202egnp`)) {
			t.Errorf("graphviz=%v: the page's data lacks the escaped title", graphviz)
		}
		if d := pageData(t, html); graphviz && (d.Graphviz == nil || len(d.Graphviz.Nodes) != 2 || d.Graphviz.Nodes[0] == nil || d.Graphviz.Nodes[1] == nil) {
			t.Error("the page did not find Graphviz's nodes")
		}
	}
}

// pageData is the page's data (the script element catc-data).
func pageData(t *testing.T, html []byte) (d struct {
	Graphviz *struct {
		Nodes []*struct{ C []float64 }
		Over  [][]any
	}
}) {
	t.Helper()
	_, rest, _ := bytes.Cut(html, []byte(`<script type="application/json" id="catc-data">`))
	data, _, ok := bytes.Cut(rest, []byte("</script>"))
	if !ok {
		t.Fatal("the page has no data")
	}
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestGraphvizLegendWhole: Graphviz's picture of the page keeps its
// whole legend, each row's text after the dashed refresh sample too
// (Graphviz drops a label's drawing after a table cell's style word).
func TestGraphvizLegendWhole(t *testing.T) {
	t.Parallel()
	html := page(t, loadFixture(t, fixture("graph", "web")), true)
	d := pageData(t, html)
	if d.Graphviz == nil {
		t.Fatal("the page has no Graphviz picture")
	}
	var texts []string
	for _, s := range d.Graphviz.Over {
		if len(s) == 8 && s[0] == "text" {
			texts = append(texts, s[7].(string))
		}
	}
	if got, want := strings.Join(texts, "|"), "order (require, before)|refresh (notify, subscribe)|automatic (type rule)"; got != want {
		t.Errorf("the legend's texts are %q, want %q", got, want)
	}
}

// TestGraphvizPageDeterministic: the page drawn from Graphviz's layout
// is the same bytes each time it is written.
func TestGraphvizPageDeterministic(t *testing.T) {
	t.Parallel()
	c := loadFixture(t, fixture("graph", "web"))
	if a, b := page(t, c, true), page(t, c, true); !bytes.Equal(a, b) {
		t.Error("two pages of the same graph differ")
	}
}
