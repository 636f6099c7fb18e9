package gen

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// factsOf decodes the generated facts files.
func factsOf(t *testing.T, f Fleet) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, file := range f.Facts {
		var m map[string]any
		if err := json.Unmarshal(file.Src, &m); err != nil {
			t.Fatalf("%s: %v", file.Name, err)
		}
		out = append(out, m)
	}
	return out
}

// input is what the -dependent site reads of a node, its identity apart.
func input(m map[string]any) string {
	os := m["os"].(map[string]any)
	cpus := m["processors"].(map[string]any)["count"]
	return fmt.Sprint(m["role"], os["family"], m["datacenter"], cpus)
}

// TestFleetOptions: -dependent makes that share of the resources read
// the node; -distinct draws about that many distinct inputs; -unique
// makes every node's its own; without them the fleet is as before.
func TestFleetOptions(t *testing.T) {
	t.Parallel()
	plain := GenerateFleet(FleetOptions{Nodes: 8, Resources: 100})
	if n := strings.Count(string(plain.New[2].Src), "only_if"); n != 11 { // a tenth, and the new mq setting
		t.Errorf("a tenth of 100 resources: %d depend on the node", n)
	}
	f := GenerateFleet(FleetOptions{Nodes: 4000, Resources: 300, Dependent: 33, Distinct: 1000})
	roles := string(f.New[2].Src)
	if n := strings.Count(roles, "only_if"); n != 100 {
		t.Errorf("a third of 300 resources: %d depend on the node", n)
	}
	for _, read := range []string{"trusted.certname", "facts.datacenter", "facts.processors.count", "facts.networking.ip"} {
		if !strings.Contains(roles, read) {
			t.Errorf("no resource reads %s", read)
		}
	}
	distinct := map[string]bool{}
	for _, m := range factsOf(t, f) {
		distinct[input(m)] = true
	}
	if n := len(distinct); n < 850 || n > 1100 {
		t.Errorf("-distinct 1000: %d distinct inputs among 4,000 nodes", n)
	}
	u := GenerateFleet(FleetOptions{Nodes: 300, Resources: 100, Dependent: 33, Unique: true})
	seen := map[string]bool{}
	for _, m := range factsOf(t, u) {
		seen[input(m)] = true
	}
	if len(seen) < 292 { // but the 8 nodes without a data centre
		t.Errorf("-unique: %d distinct inputs among 300 nodes", len(seen))
	}
}
