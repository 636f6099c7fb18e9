package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/pool"
)

// writeHieraFleet writes the fleet of issue 31's speed target: nodes
// nodes over a six-level hierarchy of 5,000 data files (one per node, two
// per rack, one per role, per OS release and per datacenter, and
// common), and a site whose keys resources of each node read with
// lookup() (hiera) or write inline from the same facts (inline).
func writeHieraFleet(tb testing.TB, nodes, keys int) (hieraSite, inlineSite string, fleet []*nodefacts.Node) {
	tb.Helper()
	root := tb.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("hiera/hiera.yaml", `version: 5
defaults: {datadir: data, data_hash: yaml_data}
hierarchy:
  - {name: node, path: "nodes/%{trusted.certname}.yaml"}
  - {name: rack, path: "racks/%{facts.rack}.yaml"}
  - {name: role, path: "roles/%{facts.role}.yaml"}
  - {name: os, path: "os/%{facts.os.family}-%{facts.os.release.major}.yaml"}
  - {name: dc, path: "dc/%{facts.dc}.yaml"}
  - {name: common, path: common.yaml}
`)
	files := 0
	level := func(dir, prefix string, n, key int) {
		for i := 0; i < n; i++ {
			var b strings.Builder
			for k := key; k < keys; k += 6 {
				fmt.Fprintf(&b, "k%d: \"%s-%d-%d\"\n", k, dir, i, k)
			}
			write(fmt.Sprintf("hiera/data/%s/%s%d.yaml", dir, prefix, i), b.String())
			files++
		}
	}
	level("nodes", "", nodes, 0)
	level("racks", "", 2*nodes, 1)
	level("roles", "", nodes, 2)
	level("os", "Debian-", nodes/2, 3) // os/FAMILY-MAJOR.yaml
	level("dc", "", 5000-files-1, 4)
	var common strings.Builder
	for k := 0; k < keys; k++ {
		fmt.Fprintf(&common, "k%d: common-%d\n", k, k)
	}
	write("hiera/data/common.yaml", common.String())
	if files++; files != 5000 {
		tb.Fatalf("the fleet has %d data files, not issue 31's 5,000", files)
	}
	var h, in strings.Builder
	for k := 0; k < keys; k++ {
		fmt.Fprintf(&h, "resource \"notify\" \"r%d\" { message = lookup(\"k%d\") }\n", k, k)
		fmt.Fprintf(&in, "resource \"notify\" \"r%d\" { message = \"v-%d-${facts.role}-${facts.rack}\" }\n", k, k)
	}
	write("hiera/main.hcl", h.String())
	write("inline/main.hcl", in.String())
	for i := 0; i < nodes; i++ {
		facts := cty.ObjectVal(map[string]cty.Value{
			"rack": cty.StringVal(fmt.Sprint(i * 2 % (2 * nodes))),
			"role": cty.StringVal(fmt.Sprint(i % 100)),
			"os":   cty.ObjectVal(map[string]cty.Value{"family": cty.StringVal("Debian"), "release": cty.ObjectVal(map[string]cty.Value{"major": cty.StringVal(fmt.Sprint(i % 20))})}),
			"dc":   cty.StringVal(fmt.Sprint(i % 40)),
		})
		fleet = append(fleet, &nodefacts.Node{Name: fmt.Sprint(i), Facts: facts})
	}
	return filepath.Join(root, "hiera"), filepath.Join(root, "inline"), fleet
}

// BenchmarkHieraFleet compiles 1,000 nodes whose 20 values come from
// Hiera (6 levels, 5,000 files), and the same fleet with the values
// written inline: the target is under 2× (issue 31). The nodes are
// compiled one after the other, then (parallel) on every core as a
// fleet compiles them.
func BenchmarkHieraFleet(b *testing.B) {
	hieraDir, inlineDir, fleet := writeHieraFleet(b, 1000, 20)
	for _, c := range []struct {
		name    string
		dir     string
		data    bool
		workers int
	}{{"inline", inlineDir, false, 1}, {"hiera", hieraDir, true, 1}, {"inline-parallel", inlineDir, false, 0}, {"hiera-parallel", hieraDir, true, 0}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				var data *hiera.Data
				if c.data {
					data = hieraOpen(b, c.dir)
				}
				site, diags := LoadSite([]string{c.dir}, LoadOptions{Hiera: data})
				if diags.HasErrors() {
					b.Fatal(diags)
				}
				failed := make([]hcl.Diagnostics, len(fleet))
				pool.For(len(fleet), c.workers, 1, func(j int) {
					cat, diags := site.Compile(fleet[j])
					if diags.HasErrors() || len(cat.Resources) != 20 {
						failed[j] = append(diags, &hcl.Diagnostic{Summary: fmt.Sprintf("%d resources", len(cat.Resources))})
					}
				})
				for _, d := range failed {
					if d != nil {
						b.Fatal(d)
					}
				}
			}
		})
	}
}

func hieraOpen(tb testing.TB, dir string) *hiera.Data {
	tb.Helper()
	d, diags := hiera.Open(dir)
	if diags.HasErrors() {
		tb.Fatal(diags)
	}
	return d
}

// TestHieraFleetUsesEveryLevel: the benchmark's fleet finds each level's
// keys in that level, so that BenchmarkHieraFleet reads a file of every
// level for each node (its os level once matched no file at all).
func TestHieraFleetUsesEveryLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 5,000 data files")
	}
	t.Parallel()
	hieraDir, _, fleet := writeHieraFleet(t, 1000, 20)
	site, diags := LoadSite([]string{hieraDir}, LoadOptions{Hiera: hieraOpen(t, hieraDir)})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cat, diags := site.Compile(fleet[0])
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := []string{"nodes-0-0", "racks-0-1", "roles-0-2", "os-0-3", "dc-0-4", "common-5"}
	for k, w := range want {
		r := cat.Lookup("notify", fmt.Sprintf("r%d", k))
		if r == nil {
			t.Fatalf("no Notify[r%d]", k)
		}
		if got, _ := r.Attr("message"); got != w {
			t.Errorf("Notify[r%d] message = %#v; want %q, from its level", k, got, w)
		}
	}
}
