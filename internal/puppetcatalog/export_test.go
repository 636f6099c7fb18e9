package puppetcatalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestExportAppliedInPlanOrder: each HCL catalog of
// fixtures/oracle/export (core400: 400 core-type resources; sshkey: keys
// referred to, which the agent names name@type), exported as `catc
// compile --format puppet` does, gives the committed catalog byte for
// byte, and Puppet 7.23 applied that catalog (`puppet apply --noop
// --catalog`, answer in NAME.json) in exactly the order catc plans the HCL.
func TestExportAppliedInPlanOrder(t *testing.T) {
	for _, name := range []string{"core400", "sshkey"} {
		t.Run(name, func(t *testing.T) { checkExport(t, name) })
	}
}

func checkExport(t *testing.T, name string) {
	dir := testutil.Fixture("oracle", "export")
	paths, _ := filepath.Glob(filepath.Join(dir, name, "*.hcl"))
	var names []string
	var srcs [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		names, srcs = append(names, filepath.ToSlash(rel)), append(srcs, b)
	}
	c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g := graph.Build(c)

	var exported bytes.Buffer
	if err := Write(&exported, g, Options{}); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join(dir, name+".catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(exported.Bytes(), committed) {
		t.Errorf("the export differs from %s.catalog.json (run fixtures/oracle/export/regen.sh)", name)
	}

	var want coreAnswer
	data, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if err != nil || json.Unmarshal(data, &want) != nil {
		t.Fatalf("no answer %s.json", name)
	}
	if want.Cycles != nil || len(want.Order) != len(c.Resources) {
		t.Fatalf("Puppet evaluated %d of %d resources (cycles %v)", len(want.Order), len(c.Resources), want.Cycles)
	}
	order, cycles := graph.Expand(g).Order()
	if len(cycles) > 0 {
		t.Fatalf("catc found cycles: %v", graph.CycleMessage(cycles))
	}
	var got []string
	for _, v := range order {
		if v.Whit == graph.NoWhit && !graph.IsContainer(v.Resource) {
			got = append(got, v.String())
		}
	}
	if !slices.Equal(got, want.Order) {
		for i := range min(len(got), len(want.Order)) {
			if got[i] != want.Order[i] {
				t.Fatalf("order differs at step %d: catc %s, Puppet %s", i+1, got[i], want.Order[i])
			}
		}
		t.Fatalf("order: catc %d steps, Puppet %d", len(got), len(want.Order))
	}
}
