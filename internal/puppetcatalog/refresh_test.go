package puppetcatalog

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestRefreshThroughContainers compares the plan's "refreshed by" with
// what Puppet 7.23 refreshed applying hand_refresh.catalog.json with
// --noop (fixtures/oracle/catalogs/hand_refresh.refreshed.txt): with only
// the Notify resources changing there, the resources refreshed are those
// whose refreshers include a Notify. Events pass into a notified class
// and the class it contains, out of a class through ~> into the next,
// never through -> or through a file.
func TestRefreshThroughContainers(t *testing.T) {
	file := testutil.Fixture("oracle", "catalogs", "hand_refresh.catalog.json")
	want := answerLines(t, strings.TrimSuffix(file, ".catalog.json")+".refreshed.txt")
	g, _, _ := planPuppet(t, file)
	p, diags := graph.Order(g, graph.Ordering{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := refreshedFrom(g, p, func(r *catalog.Resource) bool { return r.Type.Name == "notify" })
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("refreshed %q, Puppet refreshed %q", got, want)
	}
	for _, ref := range [][2]string{{"file", "/tmp"}, {"file", "usr"}, {"class", "A"}} {
		r := g.Catalog.Lookup(ref[0], ref[1])
		if r == nil {
			t.Fatalf("no %s in the catalog", ref)
		}
		if rs := p.RefreshedBy(r); len(rs) > 0 {
			t.Errorf("%s refreshed by %v: Puppet refreshes no file, and a class only passes events on", ref, rs)
		}
	}
	svc := g.Catalog.Lookup("service", "b_svc")
	var words []string
	for _, rf := range p.RefreshedBy(svc) {
		w := rf.Resource.Ref()
		if rf.Via != nil {
			w += " via " + rf.Via.Ref()
		}
		words = append(words, w)
	}
	if w := []string{"File[/tmp] via Class[B]", "Exec[a_exec] via Class[B]", "Exec[inner_exec] via Class[B]", "Notify[kick] via Class[B]"}; !slices.Equal(words, w) {
		t.Errorf("Service[b_svc] refreshed by %q, want %q", words, w)
	}
}

// answerLines is one of Puppet's answers committed as text: an item a
// line, without the comment lines that say how it was obtained.
func answerLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// refreshedFrom lists, sorted, the resources of g that p refreshes from
// a resource that from picks.
func refreshedFrom(g *graph.Graph, p *graph.Plan, from func(*catalog.Resource) bool) []string {
	var out []string
	for _, r := range g.Catalog.Resources {
		for _, rf := range p.RefreshedBy(r) {
			if from(rf.Resource) {
				out = append(out, r.Ref())
				break
			}
		}
	}
	slices.Sort(out)
	return out
}
