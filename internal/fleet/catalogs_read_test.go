package fleet

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestReadCatalogs reads a directory of catalogs compiled by Puppet 7.23
// (fixtures/oracle/catalogs) in each way: a catalog with a dependency
// cycle fails a check and a plan, but is handed to Each to be drawn, its
// cycles counted; two nodes with the same catalog share one plan; the
// outcomes say the catalogs were read; the notes of every catalog come
// back once; two files of one node in different case are refused.
func TestReadCatalogs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for node, src := range map[string]string{"a.example.com": "hand_refresh", "b.example.com": "hand_refresh", "c.example.com": "hand_cycle_classes", "d.example.com": "hand_generated"} {
		data, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", src+".catalog.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, node+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	nodes, err := CatalogDir(dir)
	if err != nil || len(nodes) != 4 || nodes[0].Name != "a.example.com" || nodes[0].New != filepath.Join(dir, "a.example.com.json") {
		t.Fatalf("CatalogDir: %+v, %v", nodes, err)
	}
	defs := builtinTypes(t)
	var mu sync.Mutex
	drawn := map[string]int{}
	for _, tt := range []struct {
		reading Reading
		want    string // the outcomes: nodes, failed, plan, drawn with cycles
	}{
		{CheckCatalogs, "c.example.com fail; a.example.com b.example.com d.example.com ok"},
		{PlanCatalogs, "c.example.com fail; a.example.com b.example.com plan 12; d.example.com plan 4"},
		{DrawCatalogs, "a.example.com b.example.com d.example.com drawn 0; c.example.com drawn 1"},
	} {
		var o Options
		if tt.reading == DrawCatalogs {
			o.Each = func(n *nodefacts.Node, p *graph.Plan) error {
				mu.Lock()
				defer mu.Unlock()
				drawn[n.Name] = len(p.Cycles)
				return nil
			}
		}
		outcomes, notes := ReadCatalogs(defs, nodes, tt.reading, o)
		var got []string
		for _, out := range outcomes {
			s := strings.Join(out.Nodes, " ")
			switch {
			case out.Failed:
				s += " fail"
			case out.Plan:
				s += " plan " + strconv.Itoa(out.Steps)
			case out.Drawn:
				s += " drawn " + strconv.Itoa(out.Cycles)
			default:
				s += " ok"
			}
			if !out.Read {
				t.Errorf("%v: an outcome does not say its catalogs were read", tt.reading)
			}
			got = append(got, s)
		}
		if g := strings.Join(got, "; "); g != tt.want {
			t.Errorf("reading %v: %q, want %q", tt.reading, g, tt.want)
		}
		if got := notes.Lines(); len(got) != 1 || !strings.HasSuffix(got[0], ": File[/usr/share/puppet/modules/mount_core/lib] (recurse), Tidy[/tmp/catc-pcat/tidy] (tidy removes the files it finds).") {
			t.Errorf("reading %v: notes %q, want hand_generated's file and tidy, once", tt.reading, got)
		}
	}
	if drawn["a.example.com"] != 0 || drawn["c.example.com"] != 1 || len(drawn) != 4 {
		t.Errorf("Each drew %v", drawn)
	}
	if err := os.WriteFile(filepath.Join(dir, "A.example.com.JSON"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := CatalogDir(dir); err == nil || !strings.Contains(err.Error(), "are both node a.example.com's catalog") {
		t.Errorf("two files of one node: %v", err)
	}
}
