package render

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/testutil/catalogtest"
)

// planCatalog loads the oracle module's types plus src as main.hcl and
// plans it.
func planCatalog(t *testing.T, src string) *graph.Plan {
	t.Helper()
	p, _ := graph.Order(graph.Build(catalogtest.Oracle(t, src)), graph.Ordering{})
	return p
}

const refreshCatalog = `
resource "node_res" "a" { notify = node_res.b }
resource "node_res" "b" {}
resource "node_res" "c" { subscribe = "Node_res[b]" }
resource "node_res" "d" { before = [node_res.e] }
resource "node_res" "e" {
  notify = ["Node_res[c]"]
  deps   = ["b"]
}
`

// cyclicCatalog has two cycles: a 3-cycle with a fourth resource caught
// in its component (one edge is an autorequire), and a self-reference.
const cyclicCatalog = `
resource "node_res" "free" {}
resource "node_res" "a" { before = node_res.b }
resource "node_res" "b" { before = [node_res.c] }
resource "node_res" "c" { deps = ["a"] }
resource "node_res" "d" { require = node_res.c }
resource "node_res" "a2" {
  require = node_res.d
  before  = "Node_res[a]"
}
resource "node_res" "s" { require = node_res.s }
`

// renamedPlanCatalog has a resource Puppet applies under its name.
const renamedPlanCatalog = `
resource "node_res" "x" { name = "y" }
resource "node_res" "z" { require = node_res.y }
`

func TestPlanText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, src string }{
		{"plan_refresh.txt", refreshCatalog},
		{"plan_cycles.txt", cyclicCatalog},
		{"plan_renamed.txt", renamedPlanCatalog},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := PlanText(&b, planCatalog(t, tc.src)); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", tc.name), b.Bytes())
		})
	}
}

func TestWritePlan(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, src string }{
		{"plan_refresh.json", refreshCatalog},
		{"plan_cycles.json", cyclicCatalog},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := catalogjson.WritePlan(&b, planCatalog(t, tc.src)); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", tc.name), b.Bytes())
		})
	}
}
