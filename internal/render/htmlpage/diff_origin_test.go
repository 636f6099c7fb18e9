package htmlpage_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render/htmlpage"
)

// originDiffPage is the page of the parameter_only diff with the
// changed parameter's new value said to come from a data file, as a
// class parameter's does.
func originDiffPage(t *testing.T) []byte {
	t.Helper()
	dir := fixture("diff", "parameter_only")
	old, new := snapshot(t, dir+"/old"), snapshot(t, dir+"/new")
	d := plandiff.Diff(old, new)
	if len(d.Resources) != 1 || len(d.Resources[0].Attributes) != 1 {
		t.Fatalf("parameter_only changes %+v, want one parameter of one resource", d.Resources)
	}
	d.Resources[0].Attributes[0].NewOrigin = &catalog.ParamOrigin{Param: "backup", Kind: catalog.OriginData, Key: "app::backup",
		Data: []catalog.DataSource{{File: "site/data/nodes/web-02.yaml", Path: "data/nodes/web-02.yaml", Line: 2, Level: "Per node"}}}
	var b bytes.Buffer
	if err := htmlpage.Write(&b, htmlpage.FromDiff(old, new, d, "catc diff origins"), htmlpage.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const (
	wantChange = `~ backup: false → true  (data: site/data/nodes/web-02.yaml:2, level "Per node")  (parameter)`
	wantCause  = `app::backup: site/data/nodes/web-02.yaml:2 (level "Per node")`
)

// TestDiffPageDataOrigins: the diff's page carries a changed resource's
// lines as the text diff writes them, with where a parameter's value
// came from, and the data keys behind the change.
func TestDiffPageDataOrigins(t *testing.T) {
	t.Parallel()
	page := string(originDiffPage(t))
	for _, want := range []string{
		`"changes":[[0,["~ backup: false → true  (data: site/data/nodes/web-02.yaml:2, level \"Per node\")  (parameter)"]]]`,
		`"causes":["app::backup: site/data/nodes/web-02.yaml:2 (level \"Per node\")"]`,
		`"causesTitle":"Data behind the changed parameters:"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page's data has no %s", want)
		}
	}
}

// TestDiffPageDataOriginsInBrowser: the page shows the data keys behind
// the change above the details, and a selected resource's changes with
// their origins.
func TestDiffPageDataOriginsInBrowser(t *testing.T) {
	tb := open(t, browser(t), originDiffPage(t), "sel=File%5B%2Fetc%2Fapp.conf%5D")
	var causes, changes []string
	tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#data-causes h2, #data-causes li")].map(e => e.textContent)`, &causes))
	tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#details #changes li")].map(e => e.textContent)`, &changes))
	if !equal(causes, []string{"Data behind the changed parameters:", wantCause}) {
		t.Errorf("the data causes read %q", causes)
	}
	if !equal(changes, []string{wantChange}) {
		t.Errorf("the selected resource's changes read %q, want %q", changes, wantChange)
	}
	if e := tb.errs(); len(e) > 0 {
		t.Errorf("console errors: %v", e)
	}
}
