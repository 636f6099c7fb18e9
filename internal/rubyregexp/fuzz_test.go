package rubyregexp

import (
	"errors"
	"regexp"
	"testing"
)

// FuzzTranslateRegexp: no input panics; every error is a *Error with
// an offset inside the source (or flags); every translation is
// deterministic and compiles. Seeds: testdata/fuzz/FuzzTranslateRegexp.
func FuzzTranslateRegexp(f *testing.F) {
	for _, s := range []string{
		`\A[a-z]+\z`, `^(?<package>.*[^-])-(?<manager>.*)$`, `(?x) a # c`, `[[:^alpha:]\p{^L}]`,
		`\bfoo\b`, `a{2}{3}`, `\u{41 42}+`, `(?i)a|b(?-i)c`, `[]a]`, `\Z`, `(?<=a)`, `[a-z&&[^b]]`,
	} {
		f.Add(s, "")
	}
	f.Add(`a b # c`, "mix")
	f.Fuzz(func(t *testing.T, src, flags string) {
		out, err := Translate(src, flags)
		if err != nil {
			var re *Error
			if !errors.As(err, &re) {
				t.Fatalf("Translate(%q, %q): error %T %v is not a *Error", src, flags, err, err)
			}
			if re.Offset < 0 || re.Offset > len(src)+len(flags) {
				t.Fatalf("Translate(%q, %q): offset %d out of range", src, flags, re.Offset)
			}
			return
		}
		if again, _ := Translate(src, flags); again != out {
			t.Fatalf("Translate(%q, %q) is not deterministic: %q then %q", src, flags, out, again)
		}
		if _, err := regexp.Compile(out); err != nil {
			t.Fatalf("Translate(%q, %q) = %q, which does not compile: %v", src, flags, out, err)
		}
	})
}
