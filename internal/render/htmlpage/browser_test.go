package htmlpage_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// chromium is Debian's headless browser, which CI installs (.ci/run).
// Locally, without it and without $CI, the browser tests skip.
func chromium(t testing.TB) string {
	for _, p := range []string{os.Getenv("CATC_CHROMIUM"), "/usr/bin/chromium"} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed; CI must install it (.ci/run)")
	}
	t.Skip("chromium is not installed (apt-get install chromium); CI runs this test")
	return ""
}

// shared is the one headless Chromium of this package's tests, started
// by the first test that needs it and stopped by TestMain.
var shared struct {
	once    sync.Once
	ctx     context.Context
	stop    func()
	profile string
	err     error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
		removeLater(shared.profile)
	}
	os.Exit(code)
}

// browser is the shared Chromium (each test opens its own tabs in it);
// the tests that use it are long (not under -short).
func browser(t testing.TB) context.Context {
	t.Helper()
	testutil.LongOnly(t) // a browser test
	exe := chromium(t)
	shared.once.Do(func() { shared.err = startBrowser(exe) })
	if shared.err != nil {
		t.Fatalf("starting chromium: %v", shared.err)
	}
	return shared.ctx
}

func startBrowser(exe string) error {
	// Not a test's TempDir: Chromium's helpers may still write there for a
	// moment after it exits.
	profile, err := os.MkdirTemp("", "catc-chromium-")
	if err != nil {
		return err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(profile),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.WindowSize(1280, 800),
		// Chromium drops fragment changes past 200 in 10 s; the path test
		// makes hundreds.
		chromedp.Flag("disable-ipc-flooding-protection", true),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	shared.ctx, shared.profile = ctx, profile
	shared.stop = func() { cancel(); cancelA() }
	return chromedp.Run(ctx)
}

// removeLater removes dir, trying again while the browser's last
// writes land.
func removeLater(dir string) {
	for range 20 {
		if os.RemoveAll(dir) == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// tab is one page in its own tab, with the console errors and uncaught
// exceptions it produced.
type tab struct {
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

func (tb *tab) errs() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.errors...)
}

// open writes html to a file and opens it from disk in a new tab.
func open(t testing.TB, bctx context.Context, html []byte, fragment string) *tab {
	t.Helper()
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, html, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancelT)
	tb := &tab{ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.APITypeError || ev.Type == runtime.APITypeWarning {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				tb.errors = append(tb.errors, "console: "+strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			tb.errors = append(tb.errors, "exception: "+ev.ExceptionDetails.Error())
		}
	})
	url := "file://" + path
	if fragment != "" {
		url += "#" + fragment
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery)); err != nil {
		t.Fatalf("loading the page: %v (errors: %v)", err, tb.errs())
	}
	return tb
}

// run runs actions in the tab, failing the test on an error.
func (tb *tab) run(t testing.TB, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(tb.ctx, actions...); err != nil {
		t.Fatalf("%v (page errors: %v)", err, tb.errs())
	}
}

// nodeSel is the CSS selector of a resource's node in the picture.
func nodeSel(ref string) string {
	return `[data-ref="` + strings.ReplaceAll(strings.ReplaceAll(ref, `\`, `\\`), `"`, `\"`) + `"]`
}

// click clicks a resource's node (after searching for it, which brings
// it into view), with modifiers.
func (tb *tab) click(t *testing.T, ref string, mods ...input.Modifier) {
	t.Helper()
	tb.run(t, chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.getElementById("search"); s.value = %q; s.dispatchEvent(new Event("input")); })()`, ref), nil))
	var nodes []*cdp.Node
	tb.run(t, chromedp.Nodes(nodeSel(ref), &nodes, chromedp.ByQuery))
	var opts []chromedp.MouseOption
	for _, m := range mods {
		opts = append(opts, chromedp.ButtonModifiers(m))
	}
	tb.run(t, chromedp.MouseClickNode(nodes[0], opts...))
}

// refsOf are the refs of the picture's nodes matching a CSS selector.
func (tb *tab) refsOf(t *testing.T, sel string) []string {
	t.Helper()
	var refs []string
	tb.run(t, chromedp.Evaluate(fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.getAttribute("data-ref")).sort()`, sel), &refs))
	return refs
}

func loadFixture(t *testing.T, dir string) *catalog.Catalog {
	t.Helper()
	c, diags := compiler.Load([]string{dir}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return c
}

// neighbours are the refs of the resources one edge away from r.
func neighbours(g *graph.Graph, r *catalog.Resource) []string {
	set := map[string]bool{}
	for _, e := range g.To(r) {
		set[e.F.Resource.Ref()] = true
	}
	for _, e := range g.From(r) {
		set[e.T.Resource.Ref()] = true
	}
	delete(set, r.Ref())
	var out []string
	for ref := range set {
		out = append(out, ref)
	}
	sort.Strings(out)
	return out
}

// TestPageInBrowser drives the pages of the web fixture, laid out by
// Graphviz and by package layered, in headless Chromium.
func TestPageInBrowser(t *testing.T) {
	bctx := browser(t)
	c := loadFixture(t, fixture("graph", "web"))
	g := graph.Build(c)
	plan, _ := graph.Order(g, graph.Ordering{})
	for _, mode := range []string{"graphviz", "layered"} {
		html := webPage(t, c, mode == "graphviz")
		t.Run(mode+"/loads without console errors", func(t *testing.T) {
			tb := open(t, bctx, html, "")
			var n int
			tb.run(t, chromedp.Evaluate(`document.querySelectorAll("[data-ref]").length`, &n))
			if n != len(c.Resources) {
				t.Errorf("%d resources drawn, want %d", n, len(c.Resources))
			}
			if e := tb.errs(); len(e) > 0 {
				t.Errorf("console errors: %v", e)
			}
		})
		t.Run(mode+"/search finds a resource", func(t *testing.T) {
			tb := open(t, bctx, html, "")
			tb.run(t, chromedp.SendKeys("#search", "redis", chromedp.ByQuery))
			var count string
			tb.run(t, chromedp.Text("#search-count", &count, chromedp.ByQuery))
			want := []string{"File[/etc/redis/redis.conf]", "Package[redis-server]", "Service[redis-server]"}
			if got := tb.refsOf(t, ".node.match"); !equal(got, want) {
				t.Errorf("matches %v, want %v", got, want)
			}
			if count != "1 of 3" {
				t.Errorf("search count %q, want %q", count, "1 of 3")
			}
			if got := tb.refsOf(t, ".node.current"); len(got) != 1 || got[0] != "Package[redis-server]" {
				t.Errorf("the current match is %v, want the first in apply order, Package[redis-server]", got)
			}
			tb.run(t, chromedp.KeyEvent("\r"))
			if got := tb.refsOf(t, ".node.current"); len(got) != 1 || got[0] != "File[/etc/redis/redis.conf]" {
				t.Errorf("after Enter the current match is %v, want the second in apply order, File[/etc/redis/redis.conf]", got)
			}
		})
		t.Run(mode+"/a click highlights exactly the neighbours", func(t *testing.T) {
			tb := open(t, bctx, html, "")
			ref := "Service[postgresql]"
			tb.click(t, ref)
			r, _ := graph.Resolve(c, ref)
			if got, want := tb.refsOf(t, ".node.hl"), neighbours(g, r); !equal(got, want) {
				t.Errorf("highlighted %v, want its neighbours %v", got, want)
			}
			if got := tb.refsOf(t, ".node.sel"); len(got) != 1 || got[0] != ref {
				t.Errorf("selected %v, want %s", got, ref)
			}
			var where, hash string
			tb.run(t, chromedp.Text("#details .origin", &where, chromedp.ByQuery), chromedp.Evaluate(`decodeURIComponent(location.hash)`, &hash))
			if !strings.Contains(where, "app.hcl:11") {
				t.Errorf("details say %q, want its file:line app.hcl:11", where)
			}
			if hash != "#sel="+ref+"&q="+ref {
				t.Errorf("fragment %q keeps no selection", hash)
			}
		})
		t.Run(mode+"/the path between two resources is why's", func(t *testing.T) {
			for _, pair := range [][2]string{
				{"Package[postgresql-15]", "Service[webapp-gunicorn]"},
				{"Service[webapp-gunicorn]", "User[webapp]"}, // the reverse holds
			} {
				tb := open(t, bctx, html, "")
				tb.click(t, pair[0])
				tb.click(t, pair[1], input.ModifierShift)
				from, _ := graph.Resolve(c, pair[0])
				to, _ := graph.Resolve(c, pair[1])
				w := plan.Why(from, to)
				chain := w.Path
				if chain == nil {
					chain = w.Reverse
				}
				var want []string
				for _, e := range chain {
					want = append(want, e.F.Resource.Ref()+" => "+e.T.Resource.Ref())
				}
				var got []string
				tb.run(t, chromedp.Evaluate(`[...document.querySelectorAll("#path-chain li")].map(li => li.dataset.from + " => " + li.dataset.to)`, &got))
				if len(want) == 0 || !equal(got, want) {
					t.Errorf("%s to %s: page's path %q, why's %q", pair[0], pair[1], got, want)
				}
				var head string
				tb.run(t, chromedp.Text("#path-body .path-head", &head, chromedp.ByQuery))
				if wantHead := whyHead(t, w); head != wantHead {
					t.Errorf("page says %q, why says %q", head, wantHead)
				}
			}
		})
		t.Run(mode+"/the fragment restores the selection", func(t *testing.T) {
			tb := open(t, bctx, html, "sel=User%5Bwebapp%5D&depth=0")
			r, _ := graph.Resolve(c, "User[webapp]")
			n := plan.Neighbours(r)
			if got := tb.refsOf(t, ".node.sel"); len(got) != 1 || got[0] != "User[webapp]" {
				t.Errorf("selected %v from the fragment", got)
			}
			if got := len(tb.refsOf(t, ".node.hl")); got <= len(n.After) {
				t.Errorf("depth 0 (any distance) highlights %d, want more than the %d direct successors", got, len(n.After))
			}
		})
	}
}

// whyHead is the first line `catc why` prints.
func whyHead(t *testing.T, w graph.Why) string {
	var b bytes.Buffer
	if err := whyText(&b, w); err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(b.String(), "\n")
	return head
}

func equal(a, b []string) bool {
	return strings.Join(a, "\x00") == strings.Join(b, "\x00") && len(a) == len(b)
}
