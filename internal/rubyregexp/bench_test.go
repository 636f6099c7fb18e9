package rubyregexp

import "testing"

// typicalPatterns are the shapes seen in Pattern[] types and title_patterns.
var typicalPatterns = []struct{ name, src string }{
	{"anchored_class", `\A[a-z0-9_]+\z`},
	{"title_pattern", `^(?<package>.*[^-])-(?<manager>.*)$`},
	{"hex_with_Z", `\A(0x)?[0-9a-fA-F]{8}\Z`},
	{"posix_alpha", `\A[[:alpha:]][[:alnum:]_-]*\z`},
	{"word_boundary", `\bfoo\b`},
	{"extended", `(?x) \A (?<user> [a-z_][a-z0-9_-]* ) @ (?<host> [\w.-]+ ) \z  # user@host`},
	{"negated_posix", `[[:^space:]]+`},
}

func BenchmarkTranslateRegexp(b *testing.B) {
	for _, p := range typicalPatterns {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Translate(p.src, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCompileRegexp(b *testing.B) {
	for _, p := range typicalPatterns {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(p.src, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
