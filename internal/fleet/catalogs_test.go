package fleet

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/gctune"
	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/plandiff"
)

// writePuppetFleet writes a generated fleet of Puppet catalogs under a
// temporary directory: old/NODE.json and new/NODE.json.
func writePuppetFleet(t testing.TB, nodes, classes int) (old, new string) {
	t.Helper()
	dir := t.TempDir()
	f := gen.GeneratePuppetFleet(gen.PuppetFleetOptions{Nodes: nodes, Classes: classes})
	for sub, files := range map[string][]gen.File{"old": f.Old, "new": f.New} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if err := os.WriteFile(filepath.Join(dir, sub, file.Name), file.Src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return filepath.Join(dir, "old"), filepath.Join(dir, "new")
}

func builtinTypes(t testing.TB) *catalog.Catalog {
	t.Helper()
	defs, diags := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return defs
}

// TestDiffCatalogs groups a generated fleet of Puppet catalogs by change
// as --nodes groups: one group per role that changes (the certname in
// each node's content replaced), the unchanged nodes, a node retired
// (only in the old directory) on its own, and a catalog that cannot be
// read failing on its side.
func TestDiffCatalogs(t *testing.T) {
	t.Parallel()
	oldDir, newDir := writePuppetFleet(t, 8, 3)
	if err := os.Remove(filepath.Join(newDir, "mq-0007.example.com.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(newDir, "mq-0003.example.com.json"), []byte(`{"resources": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	nodes, err := CatalogNodes(oldDir, newDir)
	if err != nil {
		t.Fatal(err)
	}
	defs := builtinTypes(t)
	d := DiffCatalogs(CatalogSides{Old: defs, New: defs}, nodes, plandiff.DiffOptions{}, Options{})
	var got []string
	for _, g := range d.Groups {
		got = append(got, strings.Join(g.Nodes, " ")+" "+strings.Join(g.Placeholders, ""))
	}
	want := []string{
		"cache-0002.example.com cache-0006.example.com ",
		"db-0001.example.com db-0005.example.com {certname}",
		"web-0000.example.com web-0004.example.com {certname}",
		"mq-0007.example.com {certname}",
	}
	if !slices.Equal(got, want) {
		t.Errorf("groups:\n%q\nwant\n%q", got, want)
	}
	if d.Nodes != 8 || len(d.Unchanged) != 0 || d.Failing(NewSide) != 1 || d.Failures[0].Nodes[0] != "mq-0003.example.com" {
		t.Errorf("nodes %d, unchanged %v, failures %+v", d.Nodes, d.Unchanged, d.Failures)
	}
	retired := d.Groups[3].Diff
	if n := len(retired.Resources); n != 3*4+2 {
		t.Errorf("the retired node's diff has %d resources, want every one of its catalog (14)", n)
	}
}

// BenchmarkDiffCatalogs: 1,000 nodes × 301 resources of Puppet catalogs
// on each side, read, ordered, compared and grouped (catc diff OLD_DIR
// NEW_DIR; the figure is in docs/puppet.md).
func BenchmarkDiffCatalogs(b *testing.B) {
	defer gctune.Batch()() // as in catc diff
	oldDir, newDir := writePuppetFleet(b, benchNodes, 75)
	defs := builtinTypes(b)
	b.ReportAllocs()
	for b.Loop() {
		nodes, err := CatalogNodes(oldDir, newDir)
		if err != nil {
			b.Fatal(err)
		}
		d := DiffCatalogs(CatalogSides{Old: defs, New: defs}, nodes, plandiff.DiffOptions{}, Options{})
		if len(d.Groups) != 3 || len(d.Unchanged) != benchNodes/4 {
			b.Fatalf("%d groups, %d unchanged", len(d.Groups), len(d.Unchanged))
		}
	}
}

// benchNodes is BenchmarkDiffCatalogs' fleet size.
const benchNodes = 1000

// TestCatalogNodesCase: file names that differ only in case are one node
// (Puppet's certnames are lower case): two on one side are refused with
// both files named, whichever side; one on each side is paired, under
// the new side's name.
func TestCatalogNodesCase(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		old, new []string
		want     string // the nodes as NAME:OLD:NEW, or the error
	}{
		{"one node", []string{"a.json"}, []string{"a.json"}, "a:old/a.json:new/a.json"},
		{"extension in another case", []string{"a.json", "a.JSON"}, []string{"a.json"},
			"old/a.JSON and old/a.json are both node a's catalog (node names are certnames, which Puppet compares in lower case): remove or rename one of them"},
		{"name in another case, new side", []string{"web1.json"}, []string{"Web1.json", "b.json", "web1.json"},
			"new/Web1.json and new/web1.json are both node web1's catalog"},
		{"name in another case across the sides", []string{"Web1.json", "b.json"}, []string{"web1.json"},
			"b:old/b.json: web1:old/Web1.json:new/web1.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for side, files := range map[string][]string{"old": tt.old, "new": tt.new} {
				if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
					t.Fatal(err)
				}
				for _, f := range files {
					if err := os.WriteFile(filepath.Join(dir, side, f), []byte("{}"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			nodes, err := CatalogNodes(filepath.Join(dir, "old"), filepath.Join(dir, "new"))
			got := ""
			if err != nil {
				got = strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
			}
			for _, n := range nodes {
				rel := func(p string) string { return strings.TrimPrefix(p, dir+string(filepath.Separator)) }
				got = strings.TrimSpace(got + " " + n.Name + ":" + rel(n.Old) + ":" + rel(n.New))
			}
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
