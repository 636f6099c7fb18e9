package render

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/source"
	"github.com/catc-dev/catc/internal/testutil"
)

// planOrigins compiles testdata/origins/site.txtar's site for its node,
// from a copy in the current directory (t.Chdir: the files are named as
// a user names them), and plans it.
func planOrigins(t *testing.T) *graph.Plan {
	t.Helper()
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, testutil.MustTxtar(filepath.Join("testdata", "origins", "site.txtar")))
	t.Chdir(dir)
	node, diags := source.Facts(filepath.Join("facts", "web-02.example.com.json"))
	data, more := source.Hiera([]string{"site"})
	cat, load := source.HCL([]string{"site"}, source.Options{Node: node, NodeDiags: diags, Hiera: data})
	if all := append(append(diags, more...), load...); all.HasErrors() {
		t.Fatal(all)
	}
	_, p, cycles := pipeline.Plan(cat, graph.Ordering{})
	if cycles.HasErrors() {
		t.Fatal(cycles)
	}
	return p
}

// TestPlanParamOrigins: the plan writes, under each class's and
// instance's heading, its parameters with where each value came from
// (data file and line with its level, every file of a merge, the
// declaration, a defaults block, the default), and the plan JSON carries
// the same as param_origins; a value fed to a password is never shown,
// its origin is.
func TestPlanParamOrigins(t *testing.T) {
	golden, err := filepath.Abs(filepath.Join("testdata", "origins"))
	if err != nil {
		t.Fatal(err)
	}
	p := planOrigins(t)
	var text, js bytes.Buffer
	if err := PlanText(&text, p); err != nil {
		t.Fatal(err)
	}
	if err := catalogjson.WritePlan(&js, p); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{text.String(), js.String()} {
		if strings.Contains(out, "not shown") {
			t.Errorf("the password's value is printed:\n%s", out)
		}
	}
	testutil.Golden(t, filepath.Join(golden, "plan.txt"), text.Bytes())
	testutil.Golden(t, filepath.Join(golden, "plan.json"), js.Bytes())
}

// TestWhyParamOrigins: why of a class says where its parameters came
// from, and why of a resource inside a class or instance says where
// that container's parameters came from; a secret's value is never
// shown.
func TestWhyParamOrigins(t *testing.T) {
	golden, err := filepath.Abs(filepath.Join("testdata", "origins"))
	if err != nil {
		t.Fatal(err)
	}
	p := planOrigins(t)
	var b bytes.Buffer
	for _, ref := range [][2]string{{"class", "Profile::Web"}, {"file", "/etc/nginx/conf.d/shop.example.com.conf"}, {"user", "deploy"}} {
		r := p.Graph.Catalog.Lookup(ref[0], ref[1])
		if r == nil {
			t.Fatalf("no %v", ref)
		}
		if err := NeighboursText(&b, p.Neighbours(r)); err != nil {
			t.Fatal(err)
		}
		b.WriteString("----\n")
	}
	if strings.Contains(b.String(), "not shown") {
		t.Errorf("the password's value is printed:\n%s", b.String())
	}
	testutil.Golden(t, filepath.Join(golden, "why.txt"), b.Bytes())
}
