package hiera

import (
	"testing"

	"github.com/catc-dev/catc/internal/nodefacts"
)

// BenchmarkLookup is one node's lookups of a few keys through a
// three-level hierarchy, the files parsed already (a fleet's case).
func BenchmarkLookup(b *testing.B) {
	d, diags := Open(oracleDir + "/sites/h02_merge")
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	n, _ := nodefacts.ReadOne(oracleDir + "/facts/web01.example.com.json")
	sc := NodeScope(n)
	keys := []string{"packages", "users", "settings", "opt_deep", "absent"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s := d.NewSession(sc)
		for _, k := range keys {
			s.Lookup(k, Options{HasDefault: true})
		}
	}
}
