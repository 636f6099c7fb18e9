package catalog

import "testing"

// BenchmarkBuiltins is what the built-in types add to a load: a load of
// one tiny file, which declares them all (the rest is a few microseconds).
func BenchmarkBuiltins(b *testing.B) {
	src := [][]byte{[]byte(`resource "notify" "hello" {}` + "\n")}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, diags := LoadFiles([]string{"one.hcl"}, src, LoadOptions{}); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}
