package puppetcatalog

import (
	"fmt"
	"testing"
)

// TestExportedValues: "exported" may hold any value, as Puppet reads it
// (Puppet::Resource stores it as it is). A catalog the agent gets keeps
// every resource, since the agent applies them all whatever the value
// says (fixtures/oracle/catalogs/ntp_exported: Puppet 7.23 evaluated its
// Package, File and Service marked "old", true and 1); PuppetDB's
// formats leave out a resource whose value Ruby takes as true (all but
// false and null), as PuppetDB stores the catalog before the compiler
// drops the exported resources.
func TestExportedValues(t *testing.T) {
	t.Parallel()
	const agent = `{"name": "n", "catalog_format": 2, "resources": [
{"type": "Notify", "title": "x", "exported": %s, "kind": "compilable_type"}], "edges": []}`
	const puppetdb = `{"certname": "n", "version": "1", "environment": "production", "transaction_uuid": "a",
 "catalog_uuid": "b", "producer_timestamp": "2026-01-01T00:00:00Z", "producer": "p", "code_id": null, "job_id": null,
 "resources": [{"type": "Notify", "title": "x", "exported": %s, "tags": ["notify"], "parameters": {}}], "edges": []}`
	tests := []struct {
		value    string
		exported bool
	}{
		{`true`, true}, {`"old"`, true}, {`1`, true}, {`0`, true}, {`"false"`, true}, {`""`, true},
		{`[]`, true}, {`{}`, true}, {`false`, false}, {`null`, false},
	}
	for _, tt := range tests {
		for _, side := range []struct{ name, src string }{{"agent", agent}, {"puppetdb", puppetdb}} {
			t.Run(side.name+" "+tt.value, func(t *testing.T) {
				pc, diags := Parse("cat.json", []byte(fmt.Sprintf(side.src, tt.value)))
				if diags.HasErrors() {
					t.Fatalf("exported %s refused: %v", tt.value, diags)
				}
				c, diags := Model(pc, loadModelTypes(t))
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				kept := c.Lookup("notify", "x") != nil
				if want := side.name == "agent" || !tt.exported; kept != want {
					t.Errorf("exported %s in the %s's catalog: in the model %v, want %v", tt.value, side.name, kept, want)
				}
			})
		}
	}
}
