package htmlpage_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render/htmlpage"
)

func snapshot(t *testing.T, dir string) *plandiff.Snapshot {
	t.Helper()
	plan, _ := graph.Order(graph.Build(loadFixture(t, dir)), graph.Ordering{})
	return plandiff.NewSnapshot(plan)
}

func diffPage(t *testing.T, name string) []byte {
	t.Helper()
	old, new := snapshot(t, fixture("diff", name, "old")), snapshot(t, fixture("diff", name, "new"))
	var b bytes.Buffer
	if err := htmlpage.Write(&b, htmlpage.FromDiff(old, new, plandiff.Diff(old, new), "catc diff "+name), htmlpage.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDiffPageInBrowser: the diff's page draws the new graph plus what it
// no longer manages, each resource and edge marked with what changes.
func TestDiffPageInBrowser(t *testing.T) {
	bctx := browser(t)
	for _, tc := range []struct {
		fixture string
		want    map[string][]string // CSS class: data-ref or data-edge values
	}{
		{"add_remove", map[string][]string{
			".st-added[data-ref]":    {"File[/var/www/new]"},
			".st-removed[data-ref]":  {"File[/var/www/old]"},
			".st-added[data-edge]":   {"Package[nginx] => File[/var/www/new]"},
			".st-removed[data-edge]": nil,
		}},
		{"edges", map[string][]string{
			".st-moved[data-ref]":    {"Service[nginx]"},
			".st-added[data-edge]":   {"Package[nginx] => Service[nginx]"},
			".st-removed[data-edge]": {"Package[logrotate] => Service[nginx]"},
			".st-changed[data-edge]": {"File[/etc/nginx/nginx.conf] => Service[nginx]"},
		}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			tb := open(t, bctx, diffPage(t, tc.fixture), "")
			for sel, want := range tc.want {
				var got []string
				tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll(`+"`"+sel+"`"+`)].map(e => e.getAttribute("data-ref") || e.getAttribute("data-edge")).sort()`, &got))
				if !equal(got, want) {
					t.Errorf("%s: %q, want %q", sel, got, want)
				}
			}
			if e := tb.errs(); len(e) > 0 {
				t.Errorf("console errors: %v", e)
			}
		})
	}
}

// TestDiffPageSaysWhyNoOrigins: a diff keeps no edge origins, and the
// page says so under each edge instead of showing none.
func TestDiffPageSaysWhyNoOrigins(t *testing.T) {
	tb := open(t, browser(t), diffPage(t, "edges"), "sel=Service%5Bnginx%5D")
	var notes []string
	tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#waits-for .no-origin")].map(e => e.textContent)`, &notes))
	if len(notes) == 0 || !strings.Contains(notes[0], "catc why") {
		t.Errorf("the edges into Service[nginx] say %q, want why they have no origins", notes)
	}
}
