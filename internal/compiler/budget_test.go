package compiler

import (
	"strings"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// budgetGuard is how long a runaway case may run before the test gives
// up on it: before the budget, every case below ran for minutes or hours
// (or until the memory guard stopped it).
const budgetGuard = 3 * time.Minute

// loadWithin loads one file with the limits and fails the test if the
// load does not end within budgetGuard.
func loadWithin(t *testing.T, src string, limits catalog.Limits) hcl.Diagnostics {
	t.Helper()
	done := make(chan hcl.Diagnostics, 1)
	go func() {
		_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{Limits: limits})
		done <- diags
	}()
	select {
	case diags := <-done:
		return diags
	case <-time.After(budgetGuard):
		t.Fatalf("the load did not end within %v", budgetGuard)
		return nil
	}
}

// An expression that would run away ends with the budget's error, at the
// expression, naming the limit. The first case is the report's file
// (three nested for expressions over range(1000)), loaded as catc loads
// it; the others are other shapes of the same attack, each repeating
// work that no single value's bound (bounded.go) sees, loaded with a
// tenth of the default steps to keep the test short (every one ran for
// minutes or hours before, or until the memory guard stopped it).
func TestBudgetStopsRunaways(t *testing.T) {
	t.Parallel()
	big := "  s = format(\"%1000000s\", \"x\")\n" // 1 MB, within every bound
	short := catalog.Limits{Steps: catalog.DefaultSteps / 10, Text: catalog.DefaultText / 10}
	for _, c := range []struct {
		name, src string
		// at is the source the error must point at; limit a word of its
		// detail that names the limit reached.
		at, limit string
		limits    catalog.Limits
	}{
		{"nested for over range", "locals {\n  x = [for a in range(1000) : [for b in range(1000) : [for c in range(1000) : \"${a}-${b}-${c}\"]]]\n}\n",
			`[for c in range(1000) : "${a}-${b}-${c}"]`, "evaluation steps", catalog.Limits{}},
		{"for over keys of a large object", "locals {\n  o = { for p in setproduct(range(100), range(100)) : \"${p[0]}-${p[1]}\" => 1 }\n  x = [for a in range(1000) : [for k in keys(local.o) : k]]\n}\n",
			`[for k in keys(local.o) : k]`, "evaluation steps", short},
		{"flatten of setproduct in a for", "locals {\n  x = [for i in range(1000) : flatten(setproduct(range(300), range(1000)))]\n}\n",
			`setproduct(range(300), range(1000))`, "evaluation steps", short},
		{"format of large strings in a for", "locals {\n" + big + "  x = [for i in range(1000) : [for j in range(1000) : format(\"%s%s\", local.s, local.s)]]\n}\n",
			`format("%s%s", local.s, local.s)`, "bytes of text", short},
		{"template of large strings in a for", "locals {\n" + big + "  x = [for i in range(1000) : [for j in range(1000) : \"${local.s}${local.s}\"]]\n}\n",
			`"${local.s}${local.s}"`, "bytes of text", short},
		{"template for directive", "locals {\n" + big + "  x = [for i in range(1000) : \"%{for j in range(1000)}${local.s}%{endfor}\"]\n}\n",
			`local.s`, "bytes of text", short},
		{"splat in nested for", "locals {\n  l = [for i in range(1000) : { a = i }]\n  x = [for i in range(1000) : [for j in range(1000) : local.l[*].a]]\n}\n",
			`local.l[*].a`, "evaluation steps", short},
		{"comparison of large strings", "locals {\n" + big + "  t = format(\"%1000000s\", \"x\")\n  x = [for i in range(1000) : [for j in range(1000) : local.s == local.t]]\n}\n",
			`local.s == local.t`, "bytes of text", short},
		{"conditional of large lists", "locals {\n  l = [for i in range(1000) : [i]]\n  x = [for i in range(1000) : [for j in range(1000) : i > j ? local.l : []]]\n}\n",
			`i > j ? local.l : []`, "evaluation steps", short},
		{"for_each of a large block", "resource \"file\" \"${each.key}\" {\n  for_each = toset([for i in range(1000) : \"k${i}\"])\n  path = \"/${each.key}\"\n" +
			"  tag = [" + strings.Repeat("1, ", 5000) + "1]\n}\n",
			`for_each = toset([for i in range(1000) : "k${i}"])`, "evaluation steps", short},
		{"constant for without a context", "variable \"v\" {\n  default = [for a in [" + strings.Repeat("1,", 999) + "1] : [for b in [" + strings.Repeat("1,", 999) + "1] : [for c in [" + strings.Repeat("1,", 999) + "1] : c]]]\n}\n",
			`[for a in [`, "evaluation steps", short},
		{"try swallowing the error", "locals {\n  x = try([for a in range(1000) : [for b in range(1000) : [for c in range(1000) : a + b + c]]], [])\n}\n",
			"", "evaluation steps", short},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			diags := loadWithin(t, c.src, c.limits)
			d := findDiag(diags, catalog.SummaryBudget)
			if d == nil {
				t.Fatalf("no %q error in %v", catalog.SummaryBudget, diags)
			}
			if !strings.Contains(d.Detail, c.limit) || !strings.Contains(d.Detail, "catc's limit for one load") {
				t.Errorf("detail %q does not name the limit (%s)", d.Detail, c.limit)
			}
			if c.at != "" {
				if d.Subject == nil {
					t.Fatalf("no range: %v", d)
				}
				if got := c.src[d.Subject.Start.Byte:d.Subject.End.Byte]; !strings.HasPrefix(got, c.at) {
					t.Errorf("the error is at %q, want %q", got, c.at)
				}
			}
			if n := countSummary(diags, catalog.SummaryBudget); n != 1 {
				t.Errorf("%d budget errors, want 1: %v", n, diags)
			}
		})
	}
}

func countSummary(diags hcl.Diagnostics, summary string) int {
	n := 0
	for _, d := range diags {
		if d.Summary == summary {
			n++
		}
	}
	return n
}

// patternType is a type whose attribute v must match pattern.
func patternType(pattern string) string {
	return "type \"t\" {\n  attribute \"n\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n  }\n" +
		"  attribute \"v\" {\n    type = \"Optional[Pattern[/" + pattern + "/]]\"\n  }\n}\n"
}

// A value whose pattern match could take minutes is refused quickly,
// saying the bound is catc's: one match beyond rubyregexp's bound, or
// matches that together spend the load's budget. Before, the first took
// 50 s (and a match of each of many values as long).
func TestPatternMatchBounds(t *testing.T) {
	t.Parallel()
	letters := strings.Repeat("a", 100000) + "1"
	for _, c := range []struct {
		name, src, want string
	}{
		{"one long value", patternType(`\\p{L}{1000}\\d`) + "resource \"t\" \"x\" {\n  v = \"" + letters + "\"\n}\n",
			"the limit is catc's"},
		{"a variable's type", "variable \"v\" {\n  type    = \"Pattern[/(\\\\p{L}|\\\\p{N}|x|y)*(\\\\p{L}|\\\\p{N}){300}q/]\"\n  default = \"" + letters + "\"\n}\n",
			"catc's bound of 20000000"},
		{"many values", patternType(`\\p{L}{1000}\\d`) + "locals {\n  s = format(\"%s1\", join(\"\", [for i in range(1000) : \"aaa\"]))\n}\n" +
			"resource \"t\" \"${each.key}\" {\n  for_each = toset([for i in range(1000) : \"k${i}\"])\n  v = local.s\n}\n",
			"the limit is catc's"},
		{"a pattern too large", patternType(strings.Repeat(`\\p{L}{1000}`, 11)), "catc's bound of 10000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			diags := loadWithin(t, c.src, catalog.Limits{})
			var all strings.Builder
			for _, d := range diags {
				if d.Severity == hcl.DiagError {
					all.WriteString(d.Detail + "\n")
				}
			}
			if !strings.Contains(all.String(), c.want) {
				t.Fatalf("got %.2000s\nwant an error with %q", all.String(), c.want)
			}
			if !strings.Contains(all.String(), "Ruby") {
				t.Errorf("the error does not say Ruby would run it: %.2000s", all.String())
			}
		})
	}
}

// A load through a ParseCache charges its own budget, also for the
// constants of the files it takes from the cache (a type decoded again
// because another type file changed): the budget a runaway spent in an
// earlier load is not this load's.
func TestBudgetPerLoadThroughCache(t *testing.T) {
	t.Parallel()
	cache := NewParseCache()
	typ := "type \"t\" {\n  desc = \"t\"\n  attribute \"n\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"${\"the\"} name\"\n  }\n}\n"
	runaway := "locals {\n  x = [for a in range(1000) : [for b in range(1000) : a]]\n}\n"
	load := func(other, locals string) hcl.Diagnostics {
		_, diags := LoadFiles([]string{"t.hcl", "u.hcl", "l.hcl"}, [][]byte{[]byte(typ), []byte(other), []byte(locals)},
			LoadOptions{Cache: cache, Limits: catalog.Limits{Steps: 100000}})
		return diags
	}
	if diags := load(strings.ReplaceAll(typ, "\"t\"", "\"u\""), runaway); findDiag(diags, catalog.SummaryBudget) == nil {
		t.Fatalf("the runaway was not stopped: %v", diags)
	}
	if diags := load(strings.ReplaceAll(typ, "\"t\"", "\"u\"")+"\n", "locals {\n}\n"); diags.HasErrors() {
		for _, d := range diags {
			t.Errorf("the next load failed: %s", d.Error())
		}
	}
}
