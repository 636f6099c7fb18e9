package plandiff

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/testutil"
)

// puppetSnapshot plans a Puppet catalog JSON with the built-in types.
func puppetSnapshot(t *testing.T, name string, data []byte) *Snapshot {
	t.Helper()
	return NewSnapshot(puppetPlan(t, name, data))
}

// puppetSnapshotWith plans a Puppet catalog JSON with the types of defs.
func puppetSnapshotWith(t *testing.T, name string, data []byte, defs *catalog.Catalog) *Snapshot {
	t.Helper()
	return NewSnapshot(puppetPlanWith(t, name, data, defs))
}

// puppetPlan is the plan of a Puppet catalog JSON with the built-in types.
func puppetPlan(t *testing.T, name string, data []byte) *graph.Plan {
	t.Helper()
	defs, _ := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	return puppetPlanWith(t, name, data, defs)
}

// puppetPlanWith is the plan of a Puppet catalog JSON with the types of
// defs.
func puppetPlanWith(t *testing.T, name string, data []byte, defs *catalog.Catalog) *graph.Plan {
	t.Helper()
	pc, diags := puppetcatalog.Parse(name, data)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := puppetcatalog.Model(pc, defs)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, _ := graph.Order(graph.Build(c), graph.Ordering{})
	return p
}

// TestPuppetRefreshThroughClasses: in a Puppet catalog a change to
// Notify[kick] (which notifies Class[A] and D[two]) refreshes what the
// agent refreshes (fixtures/oracle/catalogs/hand_refresh.refreshed.txt:
// Puppet's --noop run, where Notify[kick] changes), each with the
// container that hands the events on.
func TestPuppetRefreshThroughClasses(t *testing.T) {
	file := testutil.Fixture("oracle", "catalogs", "hand_refresh.catalog.json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Every exec there runs /bin/true: numbered, each matches only itself
	// across the two catalogs.
	parts := strings.Split(string(data), `"command": "/bin/true"`)
	for i := 1; i < len(parts); i++ {
		parts[i] = `"command": "/bin/true ` + strconv.Itoa(i) + `"` + parts[i]
	}
	old := []byte(strings.Join(parts, ""))
	changed := strings.Replace(string(old), `"notify": "Class[A]"`, `"notify": "Class[A]", "message": "go"`, 1)
	if changed == string(old) {
		t.Fatal("Notify[kick] not found in the fixture")
	}
	d := Diff(puppetSnapshot(t, "old.json", old), puppetSnapshot(t, "new.json", []byte(changed)))
	var got []string
	for _, r := range d.Refreshes {
		got = append(got, strings.Join(r.Path, " > "))
	}
	want := []string{
		"Notify[kick] > Class[A] > Exec[a_exec]",
		"Notify[kick] > Class[Inner] > Exec[inner_exec]",
		"Notify[kick] > Class[B] > Service[b_svc]",
		"Notify[kick] > D[two] > Exec[d_exec_two]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("refreshes\n%q\nwant (Puppet refreshed these four)\n%q", got, want)
	}
}
