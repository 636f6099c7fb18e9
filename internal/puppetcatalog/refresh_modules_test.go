package puppetcatalog

import (
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

// TestRefreshModuleTypes compares the plan's "refreshed by" with what
// Puppet 7.23 refreshed applying testdata/refresh/module_types.catalog.json
// (its .refreshed.txt says how): stdlib's anchor, inifile's ini_setting
// and postgresql's postgresql_psql have a refresh method, so an event
// refreshes them and passes on through them to the execs they notify.
func TestRefreshModuleTypes(t *testing.T) {
	file := "testdata/refresh/module_types.catalog.json"
	want := answerLines(t, strings.TrimSuffix(file, ".catalog.json")+".refreshed.txt")
	g, _, _ := planPuppet(t, file)
	p, diags := graph.Order(g, graph.Ordering{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := refreshedFrom(g, p, func(r *catalog.Resource) bool { return r.Ref() == "Notify[kick]" })
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("refreshed %q, Puppet refreshed %q", got, want)
	}
}

// TestRefreshWithoutContainers: a catalog read from Puppet follows the
// agent's refresh rule even with no class in it (a hand-written one, or
// any tool's): Puppet 7.23 applying Notify[a] ~> File[x] ~> Exec[y] with
// --noop schedules no refresh of the file (it has no refresh method) and
// refreshes the exec from the file's own change only ("Would have
// triggered 'refresh' from 1 event").
func TestRefreshWithoutContainers(t *testing.T) {
	src := `{"catalog_format": 2, "resources": [
 {"type": "Notify", "title": "a", "kind": "compilable_type", "parameters": {"notify": "File[/tmp/x]"}},
 {"type": "File", "title": "/tmp/x", "kind": "compilable_type", "parameters": {"ensure": "file", "notify": "Exec[y]"}},
 {"type": "Exec", "title": "y", "kind": "compilable_type", "parameters": {"command": "/bin/true", "refreshonly": true}}]}`
	c, errs := modelOf(t, src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	p, diags := graph.Order(graph.Build(c), graph.Ordering{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for ref, want := range map[[2]string][]string{
		{"file", "/tmp/x"}: nil,
		{"exec", "y"}:      {"File[/tmp/x]"},
	} {
		var got []string
		for _, rf := range p.RefreshedBy(c.Lookup(ref[0], ref[1])) {
			w := rf.Resource.Ref()
			if rf.Via != nil {
				w += " via " + rf.Via.Ref()
			}
			got = append(got, w)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s refreshed by %q, Puppet: %q", ref, got, want)
		}
	}
}
