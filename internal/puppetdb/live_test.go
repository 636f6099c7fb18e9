package puppetdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/puppetdb/pdbtest"
	"github.com/catc-dev/catc/internal/testutil"
)

func TestMain(m *testing.M) { pdbtest.Main(m) }

// live is the package's PuppetDB and a client of it over TLS.
func live(t *testing.T, change func(*Config)) (*pdbtest.Server, *Client) {
	t.Helper()
	s := pdbtest.Get(t)
	cfg := Config{URL: s.URL, CACert: s.CACert, Cert: s.Cert, Key: s.Key}
	if change != nil {
		change(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, c
}

// submitFacts stores n nodes' facts (PREFIX-i.example.com, role web on
// even i, db on odd i) with trusted data, and waits for them.
func submitFacts(t *testing.T, s *pdbtest.Server, prefix string, n int) []string {
	t.Helper()
	names := make([]string, n)
	err := pdbtest.Each(n, 4, func(i int) error {
		names[i] = fmt.Sprintf("%s-%02d.example.com", prefix, i)
		role := []string{"web", "db"}[i%2]
		return s.ReplaceFacts(names[i], map[string]any{
			"role": role, "index": i, "os": map[string]any{"family": "Debian"},
			"trusted": map[string]any{"certname": names[i], "hostname": fmt.Sprintf("%s-%02d", prefix, i), "domain": "example.com",
				"authenticated": "remote", "extensions": map[string]any{"pp_role": role}},
		}, true)
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// withPrefix keeps the names starting with prefix.
func withPrefix(names []string, prefix string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}

// TestNodes reads the facts of every active node from the inventory,
// over TLS, two nodes per query (at least 4 pages for 7 nodes), with
// each node's trusted data as PuppetDB holds it, and no "trusted" among
// the facts; and the nodes a PQL query selects, read through every page
// (more than two pages of them) or by name (at most two).
func TestNodes(t *testing.T) {
	s, c := live(t, func(c *Config) { c.PageSize = 2 })
	want := submitFacts(t, s, "facts", 7)
	all, err := c.Certnames(context.Background(), EveryNodeWithFacts)
	if err != nil {
		t.Fatal(err)
	}
	if got := withPrefix(all, "facts-"); !slices.Equal(got, want) {
		t.Fatalf("certnames %v, want %v", got, want)
	}
	every, err := c.Nodes(context.Background(), EveryNodeWithFacts)
	if err != nil {
		t.Fatal(err)
	}
	checkNodes(t, "every node", every, all, want)
	selection := `inventory[certname] { certname ~ "^facts-" }`
	selected, err := c.Nodes(context.Background(), selection)
	if err != nil {
		t.Fatal(err)
	}
	checkNodes(t, "7 nodes, 2 per page", selected, want, want)
	_, byName := live(t, func(c *Config) { c.PageSize = 4 })
	if selected, err = byName.Nodes(context.Background(), selection); err != nil {
		t.Fatal(err)
	}
	checkNodes(t, "7 nodes, 4 per page", selected, want, want)
}

// checkNodes checks the nodes read: named all, those named want with
// the facts submitFacts gave them.
func checkNodes(t *testing.T, what string, got []*nodefacts.Node, all, want []string) {
	t.Helper()
	var names []string
	var nodes []*nodefacts.Node
	for _, n := range got {
		names = append(names, n.Name)
		if slices.Contains(want, n.Name) {
			nodes = append(nodes, n)
		}
	}
	if !slices.Equal(names, all) || len(nodes) != len(want) {
		t.Fatalf("%s: nodes %v, want %v", what, names, all)
	}
	for i, n := range nodes {
		if n.Name != want[i] {
			t.Errorf("node %d is %s, want %s", i, n.Name, want[i])
		}
		role := []string{"web", "db"}[i%2]
		if got := n.Facts.GetAttr("role"); !got.RawEquals(cty.StringVal(role)) {
			t.Errorf("%s: facts.role = %#v", n.Name, got)
		}
		if n.Facts.Type().HasAttribute("trusted") {
			t.Errorf("%s: trusted is among the facts", n.Name)
		}
		ext := n.Trusted().GetAttr("extensions").GetAttr("pp_role")
		if !ext.RawEquals(cty.StringVal(role)) {
			t.Errorf("%s: trusted.extensions.pp_role = %#v", n.Name, ext)
		}
	}
}

// TestCertnamesPQL selects nodes by a PQL query; a query whose rows are
// not nodes, and a PQL syntax error (PuppetDB's message passed through),
// are errors.
func TestCertnamesPQL(t *testing.T) {
	s, c := live(t, nil)
	names := submitFacts(t, s, "pql", 6)
	got, err := c.Certnames(context.Background(), `inventory[certname] { facts.role = "web" and certname ~ "^pql-" }`)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{names[0], names[2], names[4]}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	_, err = c.Certnames(context.Background(), `facts[name] { certname ~ "^pql-" }`)
	if err == nil || !strings.Contains(err.Error(), "have no certname") {
		t.Errorf("rows without certname: %v", err)
	}
	_, err = c.Certnames(context.Background(), `inventory[certname] { facts.role = }`)
	if err == nil || !strings.Contains(err.Error(), "rejected the query (400") || !strings.Contains(err.Error(), "PQL parse error at line 1, column 36") {
		t.Errorf("syntax error: %v", err)
	}
}

// TestCatalog stores a catalog (the wire format of Puppet's server) and
// reads it back with the catalog reader: the same resources, PuppetDB's
// query output (no order); an unknown node is "not found".
func TestCatalog(t *testing.T) {
	s, c := live(t, nil)
	wire, err := os.ReadFile(filepath.Join(testutil.Fixture("oracle/catalogs/puppetdb"), "mysql.wire.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceCatalog(wire, true); err != nil {
		t.Fatal(err)
	}
	pc, diags, err := c.Catalog(context.Background(), "mysql.example.com")
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	sent, diags := puppetcatalog.Parse("wire", wire)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if pc.Source != puppetcatalog.SourcePuppetDBQuery || pc.OrderKnown || pc.Node != "mysql.example.com" {
		t.Errorf("source %v, order known %v, node %q", pc.Source, pc.OrderKnown, pc.Node)
	}
	if got, want := refs(pc), refs(sent); !slices.Equal(got, want) {
		t.Errorf("resources differ:\n%v\n%v", got, want)
	}
	_, err = c.CatalogJSON(context.Background(), "nowhere.example.com")
	if !IsNotFound(err) || !strings.Contains(err.Error(), "has no catalog of this node: No information is known about catalog nowhere.example.com") {
		t.Errorf("unknown node: %v", err)
	}
}

func refs(pc *puppetcatalog.Catalog) []string {
	var out []string
	for _, r := range pc.Resources {
		out = append(out, r.Type+"["+r.Title+"]")
	}
	slices.Sort(out)
	return out
}

// TestPrefetch reads a fleet's catalogs a page at a time (5 pages of
// 2): each is the node's catalog as CatalogJSON reads it.
func TestPrefetch(t *testing.T) {
	s, c := live(t, func(c *Config) { c.PageSize = 2 })
	f := gen.GeneratePuppetFleet(gen.PuppetFleetOptions{Nodes: 10, Classes: 2})
	var names []string
	if err := s.ReplaceCatalogs(f.Old); err != nil {
		t.Fatal(err)
	}
	for _, file := range f.Old {
		names = append(names, strings.TrimSuffix(file.Name, ".json"))
	}
	slices.Sort(names)
	p := c.Prefetch(context.Background(), names)
	defer p.Close()
	for _, n := range names {
		got, err := p.Get(n)
		if err != nil {
			t.Fatal(err)
		}
		one, err := c.CatalogJSON(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		a, da := puppetcatalog.Parse(n, got)
		b, db := puppetcatalog.Parse(n, one)
		if da.HasErrors() || db.HasErrors() || !slices.Equal(refs(a), refs(b)) || a.Node != n {
			t.Errorf("%s: prefetched %v %v, alone %v %v", n, da, refs(a), db, refs(b))
		}
	}
	if p.Err() != nil {
		t.Error(p.Err())
	}
}
