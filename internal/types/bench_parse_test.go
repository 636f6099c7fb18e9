package types

import "testing"

// parseBenchCases are type strings as Resource API types write them.
var parseBenchCases = []struct{ name, src string }{
	{"scalar", "String"},
	{"enum", "Enum[present, absent]"},
	{"optional range", "Optional[Integer[0, 65535]]"},
	{"patterns", `Variant[Pattern[/\A(0x)?[0-9a-fA-F]{8}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{16}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{40}\Z/]]`},
	{"struct", "Struct[{name => String[1], Optional[port] => Integer[1, 65535], tags => Array[String], opts => Hash[String, Data]}]"},
}

func BenchmarkParse(b *testing.B) {
	for _, c := range parseBenchCases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(c.src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFormat(b *testing.B) {
	for _, c := range parseBenchCases {
		t, err := Parse(c.src)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Format(t)
			}
		})
	}
}
