package compiler

import "testing"

// BenchmarkBuiltinsLoad: a small load's cost of declaring the built-in
// types it uses (their decoding is shared by every load of a process).
func BenchmarkBuiltinsLoad(b *testing.B) {
	src := [][]byte{[]byte("resource \"file\" \"/etc/motd\" {\n  mode = \"0644\"\n}\nresource \"package\" \"nginx\" {}\nresource \"service\" \"nginx\" {}\n")}
	b.Run("per_load", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, diags := LoadFiles([]string{"one.hcl"}, src, LoadOptions{}); diags.HasErrors() {
				b.Fatal(diags)
			}
		}
	})
}
