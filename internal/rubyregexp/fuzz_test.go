package rubyregexp

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
	"time"
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

// FuzzMatchBound: a pattern Compile accepts compiles to at most
// MaxInsts instructions, which progSize did not underestimate by more
// than half (it is checked before Go builds the program); MatchWithin
// refuses exactly the matches whose Steps pass MaxMatchSteps, answers
// as MatchString otherwise, and ends within seconds. Seeds:
// testdata/fuzz/FuzzMatchBound.
func FuzzMatchBound(f *testing.F) {
	for _, s := range [][2]string{
		{`\p{L}{1000}\d`, "aaaa1"}, {`(ab|cd|ef){300}`, "abcd"}, {`\A(0x)?[0-9a-fA-F]{8}\Z`, "0x6F6B1550"},
		{`(\p{L}|\p{N}|x|y)*(\p{L}|\p{N}){300}q`, "xyq"}, {`a*b*c*`, "aabbcc"}, {`^x|y$`, "y\nx"},
		{`(?<a>.{1,255})/(?<b>.*)`, "a/b"}, {`[[:alpha:]]{500}`, "abc"},
	} {
		f.Add(s[0], s[1], 1)
	}
	f.Fuzz(func(t *testing.T, src, s string, repeat int) {
		re, err := Compile(src, "")
		if err != nil {
			return
		}
		goSrc, _ := translate(src, "")
		parsed, _ := syntax.Parse(goSrc, syntax.Perl)
		prog, _ := syntax.Compile(parsed.Simplify())
		if n := len(prog.Inst); n > MaxInsts || n > 2*progSize(parsed)+8 {
			t.Fatalf("/%s/: %d instructions, estimated %d", src, n, progSize(parsed))
		}
		s = strings.Repeat(s, min(max(repeat, 1), 1<<20/max(len(s), 1)))
		start := time.Now()
		got, err := re.MatchWithin(s)
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("/%s/ on %d bytes: %v", src, len(s), d)
		}
		if over := re.Steps(len(s)) > MaxMatchSteps; over != (err != nil) {
			t.Fatalf("/%s/ on %d bytes: %d steps, error %v", src, len(s), re.Steps(len(s)), err)
		}
		if err == nil && got != re.MatchString(s) {
			t.Fatalf("/%s/ on %q: MatchWithin says %v", src, s, got)
		}
	})
}
