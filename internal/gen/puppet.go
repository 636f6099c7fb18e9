package gen

import (
	"encoding/json"
	"fmt"
)

// PuppetCatalog is a synthetic Puppet catalog (JSON, format 2) of n
// resources of the oracle's node_res type (fixtures/oracle/types.hcl), in
// the shape of the oracle's `gen.py synth --format catalog`: Stage[main]
// and Class[main] contain every resource; each one names one or two of
// the 300 resources before it in `deps` (its auto rule) and a third of
// them require one or two more. Resources are read and planned with that
// types file loaded beside. The output depends only on n.
func PuppetCatalog(n int) []byte {
	c := &puppetCatalog{Tags: []string{"settings"}, Name: "synth", Version: 1, CatalogUUID: "00000000-0000-0000-0000-000000000000",
		CatalogFormat: 2, Environment: "production", Classes: []string{"settings"}}
	c.Resources = make([]puppetResource, 0, n+3)
	c.Edges = make([]puppetEdge, 0, n+2)
	c.Resources = append(c.Resources,
		puppetResource{Type: "Stage", Title: "main", Tags: []string{"stage"}, Kind: "compilable_type", Parameters: map[string]any{"name": "main"}},
		puppetResource{Type: "Class", Title: "Settings", Tags: []string{"class", "settings"}, Kind: "unknown"},
		puppetResource{Type: "Class", Title: "main", Tags: []string{"class"}, Kind: "unknown", Parameters: map[string]any{"name": "main"}})
	c.Edges = append(c.Edges, puppetEdge{"Stage[main]", "Class[Settings]"}, puppetEdge{"Stage[main]", "Class[main]"})
	rnd := uint64(1)
	next := func(k int) int { // xorshift: a fixed sequence, no global state
		rnd ^= rnd << 13
		rnd ^= rnd >> 7
		rnd ^= rnd << 17
		return int(rnd % uint64(k))
	}
	earlier := func(i int) string { return fmt.Sprintf("n%06d", max(0, i-1-next(min(i, 300)))) }
	for i := range n {
		r := puppetResource{Type: "Node_res", Title: fmt.Sprintf("n%06d", i), Tags: []string{"node_res", "class"}, Kind: "compilable_type"}
		if i > 0 {
			deps := []string{earlier(i)}
			if next(2) == 0 {
				deps = append(deps, earlier(i))
			}
			r.Parameters = map[string]any{"deps": deps}
			if next(3) == 0 {
				req := []string{"Node_res[" + earlier(i) + "]"}
				if next(2) == 0 {
					req = append(req, "Node_res["+earlier(i)+"]")
				}
				r.Parameters["require"] = req
			}
		}
		c.Resources = append(c.Resources, r)
		c.Edges = append(c.Edges, puppetEdge{"Class[main]", "Node_res[" + r.Title + "]"})
	}
	out, err := json.Marshal(c)
	if err != nil {
		panic(err) // plain maps and strings always marshal
	}
	return append(out, '\n')
}
