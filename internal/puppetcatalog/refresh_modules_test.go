package puppetcatalog

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/graph"
)

// TestRefreshModuleTypes compares the plan's "refreshed by" with what
// Puppet 7.23 refreshed applying testdata/refresh/module_types.catalog.json
// (its .refreshed.txt says how): stdlib's anchor, inifile's ini_setting
// and postgresql's postgresql_psql have a refresh method, so an event
// refreshes them and passes on through them to the execs they notify.
func TestRefreshModuleTypes(t *testing.T) {
	file := "testdata/refresh/module_types.catalog.json"
	data, err := os.ReadFile(strings.TrimSuffix(file, ".catalog.json") + ".refreshed.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	g, _, _ := planPuppet(t, file)
	p, diags := graph.Order(g, graph.Ordering{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var got []string
	for _, r := range g.Catalog.Resources {
		for _, rf := range p.RefreshedBy(r) {
			if rf.Resource.Ref() == "Notify[kick]" {
				got = append(got, r.Ref())
				break
			}
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("refreshed %q, Puppet refreshed %q", got, want)
	}
}
