package puppetdb

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/puppetdb/pdbtest"
)

// BenchmarkNodes10000 reads the facts of 10,000 nodes (internal/gen's
// fleet facts, with trusted data) from PuppetDB over TLS, as --nodes
// puppetdb does: the inventory, 1,000 nodes per query. (The README has
// the figure; go test -run '^$' -bench Nodes10000 ./internal/puppetdb.)
func BenchmarkNodes10000(b *testing.B) {
	const n = 10000
	s := pdbtest.Get(b)
	f := gen.GenerateFleet(gen.FleetOptions{Nodes: n, Resources: 10})
	err := pdbtest.Each(n, 8, func(i int) error {
		node := strings.TrimSuffix(f.Facts[i].Name, ".json")
		var facts map[string]any
		if err := json.Unmarshal(f.Facts[i].Src, &facts); err != nil {
			return err
		}
		host, domain, _ := strings.Cut(node, ".")
		facts["trusted"] = map[string]any{"certname": node, "hostname": host, "domain": domain, "authenticated": "remote", "extensions": map[string]any{}}
		return s.ReplaceFacts(node, facts, false)
	})
	if err != nil {
		b.Fatal(err)
	}
	c, err := New(Config{URL: s.URL, CACert: s.CACert, Cert: s.Cert, Key: s.Key})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.WaitFor(func() (bool, error) {
		names, err := c.Certnames(context.Background(), `inventory[certname] { certname ~ "^node-" }`)
		return len(names) == n, err
	}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		nodes, err := c.Nodes(context.Background(), EveryNodeWithFacts)
		if err != nil || len(nodes) != n {
			b.Fatalf("%d nodes: %v", len(nodes), err)
		}
	}
}
