package puppetcatalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil/classcorpus"
)

// TestWriteClassApply: for a few cases of the classes corpus, Puppet 7.23
// applied catc's Puppet-format catalog (testdata/classapply, made by its
// regen.sh): the catalog committed is what catc writes today, Puppet
// applied it without an error, and in the order catc's plan gives (whits
// included), which is also the order of Puppet's own catalog of the site.
func TestWriteClassApply(t *testing.T) {
	t.Parallel()
	goldens, err := filepath.Glob(filepath.Join("testdata", "classapply", "*.catalog.json"))
	if err != nil || len(goldens) < 5 {
		t.Fatalf("want at least 5 applied catalogs, found %d (%v)", len(goldens), err)
	}
	for _, golden := range goldens {
		name := strings.TrimSuffix(filepath.Base(golden), ".catalog.json")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := classcorpus.Load(filepath.Join(classcorpus.Dir(), name), name)
			if err != nil {
				t.Fatal(err)
			}
			node, nodeDiags := nodefacts.ReadOne(filepath.Join(c.Dir, "facts.json"))
			cat, diags := compiler.LoadFiles([]string{"main.hcl"}, [][]byte{c.HCL}, compiler.LoadOptions{Node: node, NodeDiags: nodeDiags})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			g := graph.Build(cat)
			var b bytes.Buffer
			if err := Write(&b, g, Options{}); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Fatalf("catc now writes another catalog than the one Puppet applied: run testdata/classapply/regen.sh %s (it needs Puppet)\n%s", name, b.String())
			}
			answer := &classcorpus.Answer{}
			raw, err := os.ReadFile(strings.TrimSuffix(golden, ".catalog.json") + ".puppet.json")
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, answer); err != nil {
				t.Fatal(err)
			}
			if !answer.OK || answer.ExitCode != 0 || len(answer.Errors) > 0 || answer.HasCycle() {
				t.Fatalf("Puppet did not apply catc's catalog: exit %d, %q", answer.ExitCode, answer.Errors)
			}
			order, cycles := graph.Expand(g).Order()
			if len(cycles) > 0 {
				t.Fatalf("catc finds a cycle: %s", graph.CycleMessage(cycles))
			}
			var got []string
			for _, v := range order {
				got = append(got, v.Ref())
			}
			if !slices.Equal(got, answer.Order) {
				t.Errorf("catc's plan\n%q\nPuppet applied catc's catalog in\n%q", got, answer.Order)
			}
			if !slices.Equal(answer.Order, c.Answer.Order) {
				t.Errorf("Puppet applied catc's catalog in\n%q\nand its own catalog of the site in\n%q", answer.Order, c.Answer.Order)
			}
		})
	}
}
