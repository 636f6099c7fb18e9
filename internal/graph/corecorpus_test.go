package graph

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

// coreDir holds Puppet's answers for the core types
// (fixtures/oracle/core/README.md); hcl/ there holds their HCL twins.
var coreDir = testutil.Fixture("oracle", "core")

// coreRefused are the manifests Puppet's agent refuses before applying
// anything: a text of Puppet's error, and of the error catc gives.
var coreRefused = map[string]struct{ puppet, catc string }{
	// The built-in user type's value check (internal/coretypes/user.hcl).
	"user_groups_string": {"Group names must be provided as an array", "user.groups expects a value of type"},
	// below()'s check (internal/catalog/autopath.go), with Ruby's message.
	"mount_regexp_invalid": {
		"end pattern with unmatched parenthesis: /^\\/tmp\\/catc-core\\/x(\\/./",
		"end pattern with unmatched parenthesis: /^\\/tmp\\/catc-core\\/x(\\/./",
	},
}

// coreUnapplied are resources Puppet could not evaluate on the host that
// made the answers, for a reason outside the graph: they are missing from
// Puppet's order (and only from it).
var coreUnapplied = map[string]string{
	// No selmodule provider is suitable without semodule on the host, so
	// the agent fails each Selmodule; their edges are still Puppet's.
	"selmodule_file": "Selmodule[",
}

// coreBookkeeping are the resources the answers leave out of Puppet's
// order (fixtures/oracle/core/README.md: Puppet's bookkeeping).
var coreBookkeeping = []string{"Schedule[", "Filebucket["}

// TestCoreCorpus loads the HCL twin of every manifest of
// fixtures/oracle/core with the built-in types and checks catc's graph
// against Puppet 7.23's answer: every edge, the auto edges in the order
// Puppet adds them (with their kind), the skipped auto edges Puppet logs,
// the apply order, and the cycle message and paths. The twins are made
// from the compiled catalogs (NAME.catalog.json) by coreTwin; -update
// rewrites them.
func TestCoreCorpus(t *testing.T) {
	t.Parallel()
	manifests, _ := filepath.Glob(filepath.Join(coreDir, "*.pp"))
	if len(manifests) < 63 {
		t.Fatalf("%d manifests under %s, want 63", len(manifests), coreDir)
	}
	for _, pp := range manifests {
		name := strings.TrimSuffix(filepath.Base(pp), ".pp")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			twin := filepath.Join(coreDir, "hcl", name+".hcl")
			testutil.Golden(t, twin, coreTwin(t, filepath.Join(coreDir, name+".catalog.json")))
			want := readCoreAnswer(t, filepath.Join(coreDir, name+".json"))
			c, diags := compiler.Load([]string{twin}, compiler.LoadOptions{})
			if texts, ok := coreRefused[name]; ok {
				checkRefused(t, diags, texts.puppet, texts.catc, want)
				return
			}
			if diags.HasErrors() {
				t.Fatalf("catc refuses a catalog Puppet accepts:\n%v", diags)
			}
			g := Build(c)
			p, pdiags := Order(g, Ordering{})
			checkCoreGraph(t, g, want)
			checkCoreOrder(t, p, want, coreUnapplied[name])
			checkCoreCycles(t, p, pdiags, want)
		})
	}
}

// coreAnswer is the part of NAME.json the corpus checks.
type coreAnswer struct {
	OK          bool        `json:"ok"`
	Errors      []string    `json:"errors"`
	Order       []string    `json:"order"`
	Edges       [][2]string `json:"edges"`
	AutoEdges   [][3]string `json:"auto_edges"`
	AutoSkipped [][2]string `json:"auto_skipped"`
	Cycles      *string     `json:"cycles"`
	CyclePaths  [][]string  `json:"cycle_paths"`
}

func readCoreAnswer(t *testing.T, path string) coreAnswer {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var a coreAnswer
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a
}

// checkRefused: Puppet refused the catalog (no order, an error with
// puppet), and catc refuses its twin with an error containing text.
func checkRefused(t *testing.T, diags hcl.Diagnostics, puppet, text string, want coreAnswer) {
	t.Helper()
	if want.OK || len(want.Order) != 0 || !strings.Contains(strings.Join(want.Errors, "\n"), puppet) {
		t.Fatalf("Puppet's answer is not a refusal with %q: %+v", puppet, want)
	}
	for _, d := range diags {
		if d.Severity == hcl.DiagError && strings.Contains(d.Detail, text) {
			return
		}
	}
	t.Errorf("catc loads a catalog Puppet refuses; want an error containing %q, got:\n%v", text, diags)
}

func checkCoreGraph(t *testing.T, g *Graph, want coreAnswer) {
	t.Helper()
	var edges [][2]string
	for _, e := range g.Edges() {
		edges = append(edges, [2]string{e.F.Resource.Ref(), e.T.Resource.Ref()})
	}
	if d := cmp.Diff(sortedPairs(want.Edges), sortedPairs(edges)); d != "" {
		t.Errorf("edges (-puppet +catc):\n%s", d)
	}
	if d := cmp.Diff(want.AutoEdges, autoEdgesInOrder(g)); d != "" {
		t.Errorf("auto edges in Puppet's order (-puppet +catc):\n%s", d)
	}
	if d := cmp.Diff(want.AutoSkipped, loggedSkips(g)); d != "" {
		t.Errorf("auto_skipped (-puppet +catc):\n%s", d)
	}
}

// autoEdgesInOrder is the auto edges in the order catc adds them: per
// resource in declaration order, the edges its rules draw towards it
// (autorequire, then autosubscribe), then away from it (autobefore, then
// autonotify), each list in insertion order.
func autoEdgesInOrder(g *Graph) [][3]string {
	out := [][3]string{}
	for _, r := range g.Catalog.Resources {
		for _, pass := range autoPasses {
			edges := g.From(r)
			if pass.inbound {
				edges = g.To(r)
			}
			for _, e := range edges {
				for _, o := range e.Origins {
					if o.Kind == pass.kind && o.Resource == r {
						out = append(out, [3]string{e.F.Resource.Ref(), e.T.Resource.Ref(), pass.kind.String()})
					}
				}
			}
		}
	}
	return out
}

// checkCoreOrder compares the apply order; unapplied is the ref prefix
// of resources Puppet failed to evaluate (coreUnapplied), left out of
// catc's order for the comparison.
func checkCoreOrder(t *testing.T, p *Plan, want coreAnswer, unapplied string) {
	t.Helper()
	if want.Cycles != nil {
		return // Puppet applies nothing
	}
	got := []string{}
	for _, ref := range refs(p.Order()) {
		if !(unapplied != "" && strings.HasPrefix(ref, unapplied)) && !bookkeeping(ref) {
			got = append(got, ref)
		}
	}
	if d := cmp.Diff(want.Order, got); d != "" {
		t.Errorf("order (-puppet +catc):\n%s", d)
	}
}

func bookkeeping(ref string) bool {
	for _, p := range coreBookkeeping {
		if strings.HasPrefix(ref, p) {
			return true
		}
	}
	return false
}

// checkCoreCycles compares the cycles with Puppet's message, written
// from catc's cycles in Puppet's words, and its paths.
func checkCoreCycles(t *testing.T, p *Plan, diags hcl.Diagnostics, want coreAnswer) {
	t.Helper()
	if got := diags.HasErrors(); got != (want.Cycles != nil) {
		t.Errorf("cycle errors %v, Puppet found cycles: %v (%v)", got, want.Cycles != nil, diags)
	}
	if want.Cycles == nil {
		if len(p.Cycles) > 0 {
			t.Errorf("catc finds cycles Puppet does not: %v", p.Cycles)
		}
		return
	}
	paths := [][]string{}
	var lines []string
	for _, c := range p.Cycles {
		path := refs(c.Path)
		paths = append(paths, path)
		lines = append(lines, "("+strings.Join(path, " => ")+")")
	}
	noun := "cycles"
	if len(paths) == 1 {
		noun = "cycle"
	}
	msg := fmt.Sprintf("Found %d dependency %s:\n%s\\nCycle graph written to $TMP/graphs/cycles.dot.", len(paths), noun, strings.Join(lines, "\\n"))
	if msg != *want.Cycles {
		t.Errorf("cycle message:\n%s\nPuppet's:\n%s", msg, *want.Cycles)
	}
	if d := cmp.Diff(want.CyclePaths, paths); d != "" {
		t.Errorf("cycle paths (-puppet +catc):\n%s", d)
	}
}
