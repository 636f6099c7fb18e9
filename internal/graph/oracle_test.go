package graph

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// oracleDir holds Puppet's answers (fixtures/oracle/README.md).
var oracleDir = testutil.Fixture("oracle")

// puppetAnswer is the part of the oracle's puppet.json the graph checks.
type puppetAnswer struct {
	OK           bool        `json:"ok"`
	Order        []string    `json:"order"`
	Edges        [][2]string `json:"edges"`
	RefreshEdges [][2]string `json:"refresh_edges"`
	AutoEdges    [][3]string `json:"auto_edges"`
	AutoSkipped  [][2]string `json:"auto_skipped"`
	Cycles       *string     `json:"cycles"`
	CyclePaths   [][]string  `json:"cycle_paths"`
}

// TestOracle checks catc against real Puppet 7.23 on every twin under
// fixtures/oracle: the same apply order, the same resource-to-resource
// edges (and refresh edges), the same auto edges, the same logged skipped
// auto edges, and cycles over the same resources. Twins that Puppet
// rejects for a non-graph error must fail to load in catc too. Where a
// case has a catc.txt, catc must also give each diagnostic it lists; an
// ERROR line there on a catalog Puppet accepts marks a case catc rejects
// on purpose (README, catalog decisions).
func TestOracle(t *testing.T) {
	t.Parallel()
	dirs, _ := filepath.Glob(filepath.Join(oracleDir, "*", "*", "main.hcl"))
	if len(dirs) == 0 {
		t.Fatalf("no oracle fixtures under %s", oracleDir)
	}
	for _, main := range dirs {
		dir := filepath.Dir(main)
		if filepath.Base(filepath.Dir(dir)) == "classes" {
			continue // sites of classes and defines: their own corpus test (classcorpus) judges them
		}
		name := filepath.Base(filepath.Dir(dir)) + "/" + filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			want := readAnswer(t, filepath.Join(dir, "puppet.json"))
			c, diags := compiler.Load([]string{filepath.Join(oracleDir, "types.hcl"), dir}, compiler.LoadOptions{})
			stricter := checkCatcDiagnostics(t, filepath.Join(dir, "catc.txt"), diags)
			if stricter && !diags.HasErrors() {
				t.Fatalf("catc.txt lists errors, but catc loaded the catalog")
			}
			if diags.HasErrors() {
				if (want.OK && !stricter) || want.Cycles != nil {
					t.Fatalf("catc failed to load a catalog Puppet accepts: %v", diags)
				}
				// A load error where Puppet has one too (error cases). The
				// partial catalog must still not make the graph stage panic.
				Order(Build(c), Ordering{})
				return
			}
			g := Build(c)
			p, pdiags := Order(g, Ordering{})
			checkAgainstPuppet(t, g, p, want)
			if got, want := pdiags.HasErrors(), want.Cycles != nil; got != want {
				t.Errorf("cycle diagnostics: got errors %v, want %v: %v", got, want, pdiags)
			}
		})
	}
}

// checkCatcDiagnostics checks that diags has each "SEVERITY: text" line
// of the file at path (text a substring of "summary: detail"), when the
// file exists. It reports whether the file lists an error.
func checkCatcDiagnostics(t *testing.T, path string, diags hcl.Diagnostics) (errors bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sev, text, ok := strings.Cut(line, ": ")
		want := map[string]hcl.DiagnosticSeverity{"ERROR": hcl.DiagError, "WARNING": hcl.DiagWarning}[sev]
		if !ok || want == hcl.DiagInvalid {
			t.Fatalf("%s: %q is not ERROR: or WARNING: text", path, line)
		}
		errors = errors || want == hcl.DiagError
		found := false
		for _, d := range diags {
			found = found || d.Severity == want && strings.Contains(d.Summary+": "+d.Detail, text)
		}
		if !found {
			t.Errorf("no %s containing %q in:\n%v", sev, text, diags)
		}
	}
	return errors
}

func readAnswer(t *testing.T, path string) puppetAnswer {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var a puppetAnswer
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a
}

func checkAgainstPuppet(t *testing.T, g *Graph, p *Plan, want puppetAnswer) {
	t.Helper()
	if want.Cycles == nil {
		if diff := cmp.Diff(want.Order, refs(p.Order())); diff != "" {
			t.Errorf("order (-puppet +catc):\n%s", diff)
		}
	}
	var edges, refresh [][2]string
	var auto [][3]string
	for _, e := range g.Edges() {
		pair := [2]string{e.F.Resource.Ref(), e.T.Resource.Ref()}
		edges = append(edges, pair)
		if e.Refresh() {
			refresh = append(refresh, pair)
		}
		if e.Kinds.Auto() {
			auto = append(auto, [3]string{pair[0], pair[1], e.Kinds.String()})
		}
	}
	for name, d := range map[string]string{
		"edges":         cmp.Diff(sortedPairs(want.Edges), sortedPairs(edges)),
		"refresh_edges": cmp.Diff(sortedPairs(want.RefreshEdges), sortedPairs(refresh)),
		"auto_edges":    cmp.Diff(sortedTriples(want.AutoEdges), sortedTriples(auto)),
		"auto_skipped":  cmp.Diff(want.AutoSkipped, loggedSkips(g)),
	} {
		if d != "" {
			t.Errorf("%s (-puppet +catc):\n%s", name, d)
		}
	}
	checkCycles(t, p.Cycles, want.CyclePaths)
}

// checkCycles compares catc's cycles with Puppet's paths: one per
// component, starting at the same smallest resource, every resource of
// Puppet's path in catc's component, and, where Puppet's path is a simple
// cycle (not a lasso), exactly the same path.
func checkCycles(t *testing.T, got Cycles, want [][]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d cycles, Puppet has %d: %v", len(got), len(want), got)
	}
	for i, path := range want {
		c := got[i]
		members := map[string]bool{}
		for _, r := range c.Members {
			members[r.Ref()] = true
		}
		for _, ref := range path {
			if !members[ref] {
				t.Errorf("cycle %d: Puppet's %s is not in catc's component %v", i, ref, refs(c.Members))
			}
		}
		if path[0] == path[len(path)-1] {
			if diff := cmp.Diff(path, refs(c.Path)); diff != "" {
				t.Errorf("cycle %d path (-puppet +catc):\n%s", i, diff)
			}
		} else if refs(c.Path)[0] != path[0] {
			t.Errorf("cycle %d starts at %s, Puppet's at %s", i, refs(c.Path)[0], path[0])
		}
		if len(c.Edges) != len(c.Path)-1 {
			t.Errorf("cycle %d: %d edges for a path of %d", i, len(c.Edges), len(c.Path))
		}
	}
}

// loggedSkips are the skips Puppet logs, as [resource, other].
func loggedSkips(g *Graph) [][2]string {
	out := [][2]string{}
	for _, s := range g.Skipped {
		if s.Logged() {
			out = append(out, [2]string{s.Origin.Resource.Ref(), s.Other().Ref()})
		}
	}
	return out
}

func refs(rs []*catalog.Resource) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.Ref())
	}
	return out
}

func sortedPairs(ps [][2]string) [][2]string {
	out := append([][2]string{}, ps...)
	sort.Slice(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}

func sortedTriples(ts [][3]string) [][3]string {
	out := append([][3]string{}, ts...)
	sort.Slice(out, func(i, j int) bool {
		for k := range 3 {
			if out[i][k] != out[j][k] {
				return out[i][k] < out[j][k]
			}
		}
		return false
	})
	return out
}
