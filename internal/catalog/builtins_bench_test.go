package catalog

import (
	"testing"

	"github.com/catc-dev/catc/internal/coretypes"
)

// BenchmarkBuiltins measures what the built-in types cost: per_load is a
// whole load of a small file that uses file, package and service, once
// the process has decoded them (an upper bound of what the built-ins add
// to every load); first_use is parsing and decoding all 23, which a
// process pays at most once, type by type as its loads use them;
// common_six is the first use of a typical load's types (file, package,
// service, user, group, exec).
func BenchmarkBuiltins(b *testing.B) {
	b.Run("first_use", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, s := range coretypes.Sources() {
				firstUse(b, s)
			}
		}
	})
	b.Run("common_six", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, n := range []string{"file", "package", "service", "user", "group", "exec"} {
				s, _ := coretypes.SourceOf(n)
				firstUse(b, s)
			}
		}
	})
}

// firstUse parses and decodes one built-in type as its first use does.
func firstUse(b *testing.B, s coretypes.Source) {
	tb, diags := parseBuiltin(s)
	if _, more := decodeType(tb, nil); append(diags, more...).HasErrors() {
		b.Fatal(diags)
	}
}
