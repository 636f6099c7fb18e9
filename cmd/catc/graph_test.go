package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// runGraph runs the command line like runCatc, with the graph command
// registered even if app.go does not list it yet.
func runGraph(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runCatc(t, append([]string{"graph"}, args...)...)
}

func TestGraphCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout []string
		inStderr string
	}{
		{
			name:     "DOT by default, flags after paths",
			args:     []string{testutil.Fixture("seed"), "--diagnostics", "json"},
			inStdout: []string{"digraph catalog {", `"Software[php]" -> "Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]"`},
		},
		{
			name:     "focus with depth and direction",
			args:     []string{testutil.Fixture("graph/web"), "--focus", "Service[nginx]", "--depth", "1", "--direction", "up", "--diagnostics", "json"},
			inStdout: []string{"focus Service[nginx] (depth 1, up): 4 of 17 resources, 4 edges"},
		},
		{
			name:     "repeated focus and type",
			args:     []string{testutil.Fixture("graph/web"), "--focus", "package.nginx", "--focus", "Service[redis-server]", "--type", "service", "--depth", "1"},
			inStdout: []string{"4 of 17 resources", `"Service[redis-server]"`, `"Package[nginx]"`, `"Service[webapp-gunicorn]"`},
		},
		{
			name:     "cycles only, as JSON",
			args:     []string{testutil.Fixture("graph/cycle"), "--cycles", "--format", "json"},
			inStdout: []string{`"format": "catc.graph/1"`, `"on_cycle": true`},
			inStderr: "catc: 2 dependency cycles drawn in red",
		},
		{
			name:     "no cycles says so",
			args:     []string{testutil.Fixture("seed"), "--cycles"},
			inStdout: []string{"0 of 4 resources"},
			inStderr: "the catalog has no dependency cycles",
		},
		{
			name:     "cluster by file",
			args:     []string{testutil.Fixture("graph/web"), "--cluster", "file"},
			inStdout: []string{`label="` + testutil.Fixture("graph/web/app.hcl") + `"`},
		},
		{
			name:     "bad format",
			args:     []string{testutil.Fixture("seed"), "--format", "png"},
			code:     1,
			inStderr: `--format "png" is not a graph format: use dot, svg, json or html`,
		},
		{
			name:     "bad cluster",
			args:     []string{testutil.Fixture("seed"), "--cluster", "module"},
			code:     1,
			inStderr: `--cluster "module" is not a grouping`,
		},
		{
			name:     "bad direction",
			args:     []string{testutil.Fixture("seed"), "--direction", "left"},
			code:     1,
			inStderr: `--direction "left" is not a direction`,
		},
		{
			name:     "negative depth",
			args:     []string{testutil.Fixture("seed"), "--depth", "-1"},
			code:     1,
			inStderr: "--depth must be 0",
		},
		{
			name:     "unknown focus suggests a resource",
			args:     []string{testutil.Fixture("seed"), "--focus", "Software[phpp]"},
			code:     1,
			inStderr: `"Software[php]"?`,
		},
		{
			name:     "unknown type suggests one",
			args:     []string{testutil.Fixture("seed"), "--type", "softwar"},
			code:     1,
			inStderr: `"software"?`,
		},
		{
			name:     "no paths",
			args:     []string{"--format", "dot"},
			code:     1,
			inStderr: "graph needs at least one PATH",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runGraph(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit code = %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			for _, want := range tc.inStdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout does not contain %q:\n%s", want, stdout)
				}
			}
			if !strings.Contains(stderr, tc.inStderr) {
				t.Errorf("stderr does not contain %q:\n%s", tc.inStderr, stderr)
			}
		})
	}
}

// TestGraphSVGLimit: above 2,000 resources SVG stops before rendering
// (so no renderer is needed), naming the count and the way out.
func TestGraphSVGLimit(t *testing.T) {
	dir := t.TempDir()
	for _, f := range gen.Generate(gen.Options{Resources: svgNodeLimit + 5, Files: 2}) {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("CATC_SVG", "/nonexistent/catc-svg")
	code, stdout, stderr := runGraph(t, dir, "--format", "svg")
	if code != 1 || stdout != "" {
		t.Fatalf("exit code %d, stdout %q; want 1 and nothing", code, stdout)
	}
	for _, want := range []string{"the graph has 2005 resources, more than 2000", "--focus REF", "--type T", "--force"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not contain %q:\n%s", want, stderr)
		}
	}
	// --force goes on to the renderer, which here does not exist.
	code, _, stderr = runGraph(t, dir, "--format", "svg", "--force")
	if code != 1 || !strings.Contains(stderr, "/nonexistent/catc-svg") {
		t.Errorf("--force: exit code %d, stderr %q; want 1 naming the missing renderer", code, stderr)
	}
}

// TestGraphSVGNeverBuildsCheckout: run from a directory that looks like a
// catc checkout (a go.mod naming catc's module and a cmd/catc-svg that
// would leave a marker file), with go on PATH but no renderer, --format
// svg fails with the install advice and never builds or runs that code.
func TestGraphSVGNeverBuildsCheckout(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH: the hostile build could not run anyway")
	}
	seedAbs, err := filepath.Abs(seed)
	if err != nil {
		t.Fatal(err)
	}
	checkout := t.TempDir()
	marker := filepath.Join(t.TempDir(), "ran")
	writeFile(t, filepath.Join(checkout, "go.mod"), "module github.com/catc-dev/catc\n\ngo 1.21\n")
	writeFile(t, filepath.Join(checkout, "cmd", "catc-svg", "main.go"),
		"package main\n\nimport \"os\"\n\nfunc main() { os.WriteFile("+strconv.Quote(marker)+", nil, 0o644) }\n")
	sub := filepath.Join(checkout, "site")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(sub)
	t.Setenv("CATC_SVG", "")
	os.Unsetenv("CATC_SVG")
	t.Setenv("PATH", filepath.Dir(goBin))
	code, stdout, stderr := runCatc(t, "graph", seedAbs, "--format", "svg", "--diagnostics", "json")
	if code != 1 || stdout != "" {
		t.Errorf("exit %d, stdout %q; want 1 and nothing", code, stdout)
	}
	for _, want := range []string{"needs the renderer catc-svg", "`go install ./cmd/...`", "go build -o"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not contain %q:\n%s", want, stderr)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("catc built and ran the cmd/catc-svg of the working directory's checkout")
	}
}

// rendererBin is the file name of the renderer built for the tests.
var rendererBin = map[bool]string{false: "catc-svg", true: "catc-svg.exe"}[runtime.GOOS == "windows"]

var svgRenderer struct {
	once sync.Once
	dir  string
	err  error
}

// buildSVGRenderer builds catc-svg from this module once per test binary,
// into a directory TestMain removes, and returns its path.
func buildSVGRenderer(t *testing.T) string {
	t.Helper()
	svgRenderer.once.Do(func() {
		svgRenderer.dir, svgRenderer.err = os.MkdirTemp("", "catc-svg-test-")
		if svgRenderer.err != nil {
			return
		}
		bin := filepath.Join(svgRenderer.dir, rendererBin)
		out, err := exec.Command("go", "build", "-o", bin, "github.com/catc-dev/catc/cmd/catc-svg").CombinedOutput()
		if err != nil {
			svgRenderer.err = fmt.Errorf("go build catc-svg: %w\n%s", err, out)
		}
	})
	if svgRenderer.err != nil {
		t.Fatal(svgRenderer.err)
	}
	return filepath.Join(svgRenderer.dir, rendererBin)
}

// svgGroup is one <g class="node|edge"> of Graphviz's SVG, with its
// title and the strokes of its paths.
type svgGroup struct {
	Class string `xml:"class,attr"`
	Title string `xml:"title"`
	Paths []struct {
		Stroke string `xml:"stroke,attr"`
	} `xml:"path"`
	Groups  []svgGroup `xml:"g"`
	Anchors []svgGroup `xml:"a"` // tooltips wrap the shapes in <g><a>
}

// strokes are the stroke colours of every path inside g.
func (g svgGroup) strokes() []string {
	var out []string
	for _, p := range g.Paths {
		out = append(out, p.Stroke)
	}
	for _, in := range append(g.Groups, g.Anchors...) {
		out = append(out, in.strokes()...)
	}
	return out
}

// svgGroups collects the groups of exactly class, anywhere in the SVG.
func svgGroups(t *testing.T, svg string, class string) []svgGroup {
	t.Helper()
	var root svgGroup
	if err := xml.Unmarshal([]byte(svg), &root); err != nil {
		t.Fatalf("the SVG does not parse: %v", err)
	}
	var out []svgGroup
	var walk func(gs []svgGroup)
	walk = func(gs []svgGroup) {
		for _, g := range gs {
			if g.Class == class {
				out = append(out, g)
			}
			walk(g.Groups)
		}
	}
	walk(root.Groups)
	return out
}

// TestGraphSVG renders through the catc-svg companion built from this
// module: the seed's SVG has exactly the catalog's
// resources as nodes and the graph's edges as edges; the cycle
// fixture's cycle edges, and only they, are drawn red.
func TestGraphSVG(t *testing.T) {
	t.Setenv("CATC_SVG", buildSVGRenderer(t))

	t.Run("seed nodes and edges", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "seed.svg")
		if code, _, stderr := runGraph(t, testutil.Fixture("seed"), "--format", "svg", "-o", out, "--diagnostics", "json"); code != 0 {
			t.Fatalf("exit code %d:\n%s", code, stderr)
		}
		svg, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		cat, _ := compiler.Load([]string{testutil.Fixture("seed")}, compiler.LoadOptions{})
		var wantNodes, wantEdges []string
		for _, r := range cat.Resources {
			wantNodes = append(wantNodes, r.Ref())
		}
		for _, e := range graph.Build(cat).Edges() {
			wantEdges = append(wantEdges, e.F.Resource.Ref()+"->"+e.T.Resource.Ref())
		}
		if diff := cmp.Diff(sorted(wantNodes), titles(svgGroups(t, string(svg), "node"))); diff != "" {
			t.Errorf("SVG nodes (-catalog +svg):\n%s", diff)
		}
		if diff := cmp.Diff(sorted(wantEdges), titles(svgGroups(t, string(svg), "edge"))); diff != "" {
			t.Errorf("SVG edges (-graph +svg):\n%s", diff)
		}
		if len(svgGroups(t, string(svg), "node legend")) == 0 {
			t.Error("the SVG has no legend")
		}
	})

	t.Run("cycle edges red", func(t *testing.T) {
		code, svg, stderr := runGraph(t, testutil.Fixture("graph/cycle"), "--format", "svg")
		if code != 0 {
			t.Fatalf("exit code %d:\n%s", code, stderr)
		}
		var red []string
		for _, g := range svgGroups(t, svg, "edge") {
			if st := g.strokes(); len(st) > 0 && st[0] == "#d62728" {
				red = append(red, g.Title)
			}
		}
		want := []string{"File[/etc/app.conf]->Service[app]", "Service[app]->User[app]",
			"Service[worker]->Service[worker]", "User[app]->File[/etc/app.conf]"}
		if diff := cmp.Diff(want, sorted(red)); diff != "" {
			t.Errorf("red edges (-want +got):\n%s", diff)
		}
		if strings.Contains(svg, "hunter2") {
			t.Error("the SVG shows a sensitive value")
		}
	})
}

func titles(gs []svgGroup) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.Title
	}
	return sorted(out)
}

func sorted(s []string) []string {
	out := append([]string{}, s...)
	sort.Strings(out)
	return out
}

// TestCatcDoesNotLinkGraphviz guards the start-up design: go-graphviz
// compiles its WebAssembly in init, so only catc-svg may link it.
func TestCatcDoesNotLinkGraphviz(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("go", "list", "-deps", ".")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "github.com/goccy/go-graphviz") || strings.HasPrefix(pkg, "github.com/tetratelabs/wazero") {
			t.Errorf("catc links %s; draw through the catc-svg companion instead", pkg)
		}
	}
}
