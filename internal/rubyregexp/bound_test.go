package rubyregexp

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// ipv6 is the largest pattern of the public modules catc's corpora come
// from (stdlib's Stdlib::IP::Address::V6::Full and its kin, joined).
const ipv6 = `\A((([0-9A-Fa-f]{1,4}:){7}([0-9A-Fa-f]{1,4}|:))|(([0-9A-Fa-f]{1,4}:){6}(:[0-9A-Fa-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9A-Fa-f]{1,4}:){5}(((:[0-9A-Fa-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9A-Fa-f]{1,4}:){4}(((:[0-9A-Fa-f]{1,4}){1,3})|((:[0-9A-Fa-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9A-Fa-f]{1,4}:){3}(((:[0-9A-Fa-f]{1,4}){1,4})|((:[0-9A-Fa-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9A-Fa-f]{1,4}:){2}(((:[0-9A-Fa-f]{1,4}){1,5})|((:[0-9A-Fa-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9A-Fa-f]{1,4}:){1}(((:[0-9A-Fa-f]{1,4}){1,6})|((:[0-9A-Fa-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9A-Fa-f]{1,4}){1,7})|((:[0-9A-Fa-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))(%.+)?\z`

// A pattern that compiles to more than MaxInsts instructions is refused
// before Go builds it, saying the bound is catc's (Ruby runs all of
// them). The first is the report's shape; before, \p{L}{1000} eleven
// times compiled (1.2 s for a thousand times) and searching 100 KB took
// 50 s.
func TestCompileBound(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, src string
		refused   bool
	}{
		{"repeated letter classes", strings.Repeat(`\p{L}{1000}`, 11) + `\d`, true},
		{"a thousand times", strings.Repeat(`\p{L}{1000}`, 1000), true},
		{"alternation-heavy", `(ab|cd|ef|gh|ij|kl|mn|op|qr|st){500}`, true},
		{"a long literal repeated", `(abcdefghij){999}`, true},
		{"a class repeated", strings.Repeat(`[\p{L}\p{N}\p{P}]{1000}`, 30), true},
		{"the largest real pattern", ipv6, false},
		{"nine thousand", strings.Repeat(`\p{L}{1000}`, 9), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			re, err := Compile(c.src, "")
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
			if !c.refused {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if _, err := Translate(c.src, ""); err != nil {
					t.Errorf("Translate refused: %v", err)
				}
				return
			}
			if re != nil || err == nil {
				t.Fatal("compiled")
			}
			var e *Error
			if !errors.As(err, &e) || e.Syntax() || !strings.Contains(e.Msg, "catc's bound of 10000") || !strings.Contains(e.Msg, "Ruby accepts it") {
				t.Errorf("error %v does not say it is catc's bound", err)
			}
			if _, err := Translate(c.src, ""); err == nil {
				t.Error("Translate accepted it")
			}
		})
	}
}

// A match that may cost more than MaxMatchSteps is refused without
// running, saying the bound is catc's; one within it runs. Before, the
// first took 50 s.
func TestMatchBound(t *testing.T) {
	t.Parallel()
	letters := strings.Repeat("a", 100000) + "1"
	for _, c := range []struct {
		name, src, s string
		refused      bool
		want         bool
	}{
		{"the report's pattern", `\p{L}{1000}\d`, letters, true, false},
		{"alternation-heavy", `(\p{L}|\p{N}|x|y)*(\p{L}|\p{N}){300}q`, strings.Repeat("b", 200000), true, false},
		{"short enough", `\p{L}{1000}\d`, letters[len(letters)-2000:], false, true},
		{"anchored: a few threads whatever its size", ipv6, strings.Repeat("f", 1<<20), false, false},
		{"anchored and matching", `\A(0x)?[0-9a-fA-F]{40}\Z`, "0x" + strings.Repeat("a", 40), false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			re, err := Compile(c.src, "")
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			got, err := re.MatchWithin(c.s)
			// A refusal comes before any matching, and an anchored pattern
			// runs a few threads: both take no time, whatever the load.
			// (A match within the bound does the work it is allowed.)
			if d := time.Since(start); d > 5*time.Second && c.name != "short enough" {
				t.Errorf("took %v", d)
			}
			if !c.refused {
				if err != nil || got != c.want {
					t.Errorf("got %v, %v; want %v", got, err, c.want)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(e.Msg, "catc's bound of 20000000") || !strings.Contains(e.Msg, "Ruby would run the match") {
				t.Errorf("error %v does not say it is catc's bound", err)
			}
			if loc, err := re.FindStringSubmatchIndexWithin(c.s); loc != nil || err == nil {
				t.Errorf("FindStringSubmatchIndexWithin gave %v, %v", loc, err)
			}
		})
	}
}

// PerByte bounds the threads Go's engine runs for each byte of a long
// string: none once an anchored pattern's match is over, as many as an
// unanchored one can be running at once (up to one per rune instruction).
func TestPerByte(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src  string
		want int64
	}{
		{`\A(0x)?[0-9a-fA-F]{8}\Z`, 0},
		{`\Aabc\z`, 0},
		{`\A.*x`, 2},
		{`\p{L}{100}\d`, 101},
		{`a*b`, 2},
		{`^x`, 1}, // Ruby's ^ is a line start: unanchored
		{ipv6, 1}, // its zone, (%.+)?, runs on
	} {
		re, err := Compile(c.src, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := re.PerByte(); got != c.want {
			t.Errorf("/%.30s/: %d threads per byte, want %d", c.src, got, c.want)
		}
	}
}
