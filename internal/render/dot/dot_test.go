package dot

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/words"
)

// selectFixture loads a fixtures/ directory and selects part of its graph;
// focus refs are resolved like --focus.
func selectFixture(t *testing.T, dir string, sel graph.Selection, focus ...string) *graph.Subgraph {
	t.Helper()
	c, diags := compiler.Load([]string{testutil.Fixture(dir)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load %s: %v", dir, diags)
	}
	for _, ref := range focus {
		r, diags := graph.Resolve(c, ref)
		if diags.HasErrors() {
			t.Fatalf("resolve %s: %v", ref, diags)
		}
		sel.Focus = append(sel.Focus, r)
	}
	s, diags := graph.Build(c).Select(sel)
	if diags.HasErrors() {
		t.Fatalf("select: %v", diags)
	}
	return s
}

func TestDOT(t *testing.T) {
	t.Parallel()
	tests := []struct {
		golden string
		dir    string
		sel    graph.Selection
		focus  []string
		opts   Options
	}{
		{golden: "graph_seed.dot", dir: "seed"},
		{golden: "graph_cycle.dot", dir: "graph/cycle"},
		{golden: "graph_cycles_only.dot", dir: "graph/cycle", sel: graph.Selection{Cycles: true}, opts: Options{Caption: "cycles only"}},
		{golden: "graph_focus.dot", dir: "graph/web", sel: graph.Selection{Depth: 1},
			focus: []string{"Service[webapp-gunicorn]"}, opts: Options{Caption: "focus Service[webapp-gunicorn] (depth 1, both)"}},
		{golden: "graph_cluster_type.dot", dir: "graph/web", opts: Options{Cluster: ClusterType}},
		{golden: "graph_wide.dot", dir: "graph/wide"},
		{golden: "graph_cluster_file.dot", dir: "graph/web", sel: graph.Selection{Types: []string{"file", "service"}}, opts: Options{Cluster: ClusterFile}},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			s := selectFixture(t, tc.dir, tc.sel, tc.focus...)
			var b bytes.Buffer
			if err := Write(&b, s, tc.opts); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", tc.golden), b.Bytes())
			var again bytes.Buffer
			if err := Write(&again, selectFixture(t, tc.dir, tc.sel, tc.focus...), tc.opts); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), again.Bytes()) {
				t.Error("DOT is not deterministic: two runs differ")
			}
		})
	}
}

// TestDOTNoSensitive: sensitive values (a file's content, a user's
// password) are not in the DOT (package render's TestGraphJSONNoSensitive
// checks the graph JSON).
func TestDOTNoSensitive(t *testing.T) {
	t.Parallel()
	secrets := map[string]string{"graph/cycle": "hunter2", "graph/web": "not-a-real-hash"}
	for dir, secret := range secrets {
		var b bytes.Buffer
		if err := Write(&b, selectFixture(t, dir, graph.Selection{}), Options{Cluster: ClusterFile}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), secret) {
			t.Errorf("DOT of %s shows the sensitive value %q", dir, secret)
		}
	}
}

// TestDOTEdgeStyles checks each edge's style against its kinds, on the
// cycle fixture: red exactly on the cycle edges, dashed exactly on
// refresh edges, grey on automatic edges off the cycle.
func TestDOTEdgeStyles(t *testing.T) {
	t.Parallel()
	s := selectFixture(t, "graph/cycle", graph.Selection{})
	d := dotWriter{s: s}
	for _, e := range s.Edges {
		attrs := strings.Join(d.edgeAttrs(e), ", ")
		name := e.F.Resource.Ref() + " -> " + e.T.Resource.Ref()
		if got, want := strings.Contains(attrs, quote(colourCycle)), s.OnCycle(e); got != want {
			t.Errorf("%s: red = %v, want %v (%s)", name, got, want, attrs)
		}
		if got, want := strings.Contains(attrs, "style=dashed"), e.Refresh(); got != want {
			t.Errorf("%s: dashed = %v, want %v (%s)", name, got, want, attrs)
		}
		if got, want := strings.Contains(attrs, quote(colourAuto)), e.Kinds.Auto() && !s.OnCycle(e); got != want {
			t.Errorf("%s: grey = %v, want %v (%s)", name, got, want, attrs)
		}
	}
}

func TestParseCluster(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Cluster{"": ClusterNone, "none": ClusterNone, "type": ClusterType, "file": ClusterFile} {
		if got, err := ParseCluster(in); err != nil || got != want {
			t.Errorf("ParseCluster(%q) = %v, %v, want %v", in, got, err, want)
		}
	}
	if _, err := ParseCluster("module"); err == nil {
		t.Error("ParseCluster(module) succeeded, want an error")
	}
}

// TestDOTAcceptedByGraphviz feeds the goldens and a catalog of awkward
// titles to the native Graphviz: dot must accept them without a warning
// and name every node by its Name (the exact ref when it has no
// backslash or control character); a title with a newline, a carriage
// return, ESC, NUL, U+2028 or a right-to-left override puts none of
// them in the DOT or the SVG. catc never needs Graphviz; this
// test checks that what catc writes is DOT that Graphviz reads. CI
// installs Graphviz (.ci/run); elsewhere the test is skipped without it.
func TestDOTAcceptedByGraphviz(t *testing.T) {
	t.Parallel()
	dotPath := testutil.Tool(t, "dot", "graphviz")
	goldens, _ := filepath.Glob("testdata/graph_*.dot")
	for _, g := range goldens {
		src, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		runDot(t, dotPath, g, src)
	}
	types, err := os.ReadFile(testutil.Fixture("oracle/types.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	// The last title has an odd backslash run before a quote: it cannot
	// be a DOT name exactly (see quote), so only its acceptance counts.
	awkward := `
resource "node_res" "say \"hi\"" {}
resource "node_res" "C:\\dir\\" { require = [node_res["say \"hi\""]] }
resource "node_res" "<&> é \\N \\l\\\\" { require = [node_res["C:\\dir\\"]] }
resource "node_res" "a\\\"b" { require = [node_res["say \"hi\""]] }
resource "node_res" "nl\n\"]; x -> y; \"\r\u001b[31m\u0000\u2028\u202eevil" { require = [node_res["say \"hi\""]] }
`
	c, diags := compiler.LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{types, []byte(awkward)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	s, _ := graph.Build(c).Select(graph.Selection{})
	var b bytes.Buffer
	if err := Write(&b, s, Options{}); err != nil {
		t.Fatal(err)
	}
	svg := runDot(t, dotPath, "awkward titles", b.Bytes())
	for _, r := range append(c.Resources[:3:3], c.Resources[4]) {
		if !strings.Contains(svg, "<title>"+xmlEscape(Name(r.Ref()))+"</title>") {
			t.Errorf("dot's SVG has no node titled %q:\n%s", Name(r.Ref()), b.String())
		}
	}
	for name, out := range map[string]string{"DOT": b.String(), "SVG": svg} {
		if c := rawControl(strings.ReplaceAll(out, "\n", "")); c != "" || strings.ContainsRune(out, '\u2028') || strings.Contains(out, "x -> y") && !strings.Contains(out, `\"]; x -> y;`) {
			t.Errorf("%s holds a raw %q or the title broke out of its string:\n%s", name, c, out)
		}
	}
}

// rawControl is the first character of s that the text outputs escape
// (words.Unsafe) other than a newline or tab, or "".
func rawControl(s string) string {
	if i := strings.IndexFunc(s, func(r rune) bool { return r != '\n' && r != '\t' && words.Unsafe(r) }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(s[i:])
		return string(r)
	}
	return ""
}

func runDot(t *testing.T, dotPath, name string, src []byte) string {
	t.Helper()
	cmd := exec.Command(dotPath, "-Tsvg")
	cmd.Stdin = bytes.NewReader(src)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil || errOut.Len() > 0 {
		t.Errorf("dot -Tsvg %s: %v %s", name, err, errOut.String())
	}
	return out.String()
}

// xmlEscape is how Graphviz writes text in SVG.
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "-", "&#45;").Replace(s)
}

// TestDOTTypeColourStable: a type's fill comes from its name, so File is
// the same colour in catalogs that define different types in different
// orders (it used to follow the definition order).
func TestDOTTypeColourStable(t *testing.T) {
	t.Parallel()
	fill := func(dir, ref string) string {
		t.Helper()
		s := selectFixture(t, dir, graph.Selection{})
		var b bytes.Buffer
		if err := Write(&b, s, Options{}); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), quote(ref)+" [") {
				i := strings.Index(line, "fillcolor=")
				return line[i : i+len(`fillcolor="#000000"`)]
			}
		}
		t.Fatalf("%s: no node %s", dir, ref)
		return ""
	}
	for _, ty := range []struct{ cycle, web string }{
		{"File[/etc/motd]", "File[/srv/webapp]"},
		{"Package[curl]", "Package[nginx]"},
		{"Service[app]", "Service[webapp-gunicorn]"},
	} {
		if a, b := fill("graph/cycle", ty.cycle), fill("graph/web", ty.web); a != b {
			t.Errorf("%s is %s in graph/cycle, %s is %s in graph/web", ty.cycle, a, ty.web, b)
		}
	}
	seen := map[string]string{}
	for _, name := range []string{"file", "package", "service", "exec", "user", "apt_key", "software"} {
		if other, ok := seen[typeFill(name)]; ok {
			t.Errorf("%s and %s share the fill %s", name, other, typeFill(name))
		}
		seen[typeFill(name)] = name
	}
}

// TestDOTLegendListsWhatIsDrawn: the legend explains only the edge
// styles the picture uses, and there is none without edges.
func TestDOTLegendListsWhatIsDrawn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dir  string
		sel  graph.Selection
		want []string
	}{
		{dir: "seed", want: []string{"order", "auto"}},
		{dir: "graph/cycle", want: []string{"order", "refresh", "cycle"}},
		{dir: "graph/web", want: []string{"order", "refresh", "auto"}},
		{dir: "graph/web", sel: graph.Selection{Types: []string{"user"}}},
	}
	for _, tc := range tests {
		s := selectFixture(t, tc.dir, tc.sel)
		var b bytes.Buffer
		if err := Write(&b, s, Options{}); err != nil {
			t.Fatal(err)
		}
		legend := ""
		for _, line := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(line, "\t\"legend\" [") {
				legend = line
			}
		}
		var got []string
		for _, row := range legendRows {
			if strings.Contains(legend, ">"+row.text+"<") {
				got = append(got, row.name)
			}
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s %v: legend rows %v, want %v", tc.dir, tc.sel.Types, got, tc.want)
		}
		if len(tc.want) == 0 && legend != "" {
			t.Errorf("%s %v: a legend without edges", tc.dir, tc.sel.Types)
		}
	}
}

// TestDOTForLayoutLegend: the DOT for a layout as data differs from the
// picture's only in the legend's dashed sample, which has no style word
// (Graphviz's xdot writer reads past one, see Options.ForLayout) but
// the same width.
func TestDOTForLayoutLegend(t *testing.T) {
	t.Parallel()
	s := selectFixture(t, "graph/web", graph.Selection{})
	var plain, layout bytes.Buffer
	if err := Write(&plain, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&layout, s, Options{ForLayout: true}); err != nil {
		t.Fatal(err)
	}
	pl, ll := strings.Split(plain.String(), "\n"), strings.Split(layout.String(), "\n")
	if len(pl) != len(ll) {
		t.Fatalf("%d lines, want %d", len(ll), len(pl))
	}
	for i := range pl {
		legend := strings.HasPrefix(pl[i], "\t\"legend\" [")
		if pl[i] != ll[i] && !legend {
			t.Errorf("line %d differs outside the legend:\n%s\n%s", i+1, pl[i], ll[i])
		}
		if !legend {
			continue
		}
		if !strings.Contains(pl[i], `style="dashed"`) || strings.Contains(ll[i], `style="dashed"`) {
			t.Errorf("the layout's legend has a dashed style word, or the picture's none:\n%s\n%s", pl[i], ll[i])
		}
		if n := strings.Count(ll[i], `<td width="4" height="6" sides="t" border="1" color="#1f1f1f"></td>`); n != 5 {
			t.Errorf("the layout's dashed sample has %d dashes, want 5:\n%s", n, ll[i])
		}
	}
}
