package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/words"
)

var diffFixtures = testutil.Fixture("diff")

// loadSnapshot loads an HCL directory the way `catc diff` does: cycles
// are allowed (the diff reports them), load errors are not.
func loadSnapshot(t testing.TB, dir string) *plandiff.Snapshot {
	t.Helper()
	cat, diags := compiler.Load([]string{dir}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("loading %s: %v", dir, diags)
	}
	plan, _ := graph.Order(graph.Build(cat), graph.Ordering{})
	return plandiff.NewSnapshot(plan)
}

// TestDiffFixtures renders every pair under fixtures/diff in the three
// formats and compares with the pair's expected.{txt,md,json}.
func TestDiffFixtures(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(diffFixtures, "*", "old"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no diff fixtures found: %v", err)
	}
	for _, old := range dirs {
		dir := filepath.Dir(old)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			// From the pair's directory, so that locations read
			// old/site.hcl:5 as `catc diff old new` run there prints them.
			t.Chdir(dir)
			d := plandiff.Diff(loadSnapshot(t, "old"), loadSnapshot(t, "new"))
			formats := goldenFormats(t)
			for _, f := range diffFormats {
				if !formats[f.ext] {
					continue
				}
				var b bytes.Buffer
				if err := f.write(&b, d); err != nil {
					t.Fatal(err)
				}
				testutil.Golden(t, "expected."+f.ext, b.Bytes())
				checkPuppetWords(t, f.ext, b.String())
			}
		})
	}
}

// checkPuppetWords fails on words Puppet never means: it never deletes
// and recreates a resource, and never destroys one it stops managing.
func checkPuppetWords(t *testing.T, format, out string) {
	t.Helper()
	lower := strings.ToLower(out)
	for _, w := range []string{"-/+", "replace", "destroy"} {
		if strings.Contains(lower, w) {
			t.Errorf("%s output says %q:\n%s", format, w, out)
		}
	}
}

var diffFormats = []struct {
	ext   string
	write func(*bytes.Buffer, *plandiff.PlanDiff) error
}{
	{"txt", func(b *bytes.Buffer, d *plandiff.PlanDiff) error { return DiffText(b, d, DiffOptions{}) }},
	{"md", func(b *bytes.Buffer, d *plandiff.PlanDiff) error { return DiffMarkdown(b, d, DiffOptions{}) }},
	{"json", func(b *bytes.Buffer, d *plandiff.PlanDiff) error { return plandiff.WriteJSON(b, d) }},
}

// goldenFormats are the formats a pair has expected outputs for: those
// whose expected.* file exists (a large pair may keep only expected.md),
// or all three when there are none yet.
func goldenFormats(t *testing.T) map[string]bool {
	out := map[string]bool{}
	for _, f := range diffFormats {
		if _, err := os.Stat("expected." + f.ext); err == nil {
			out[f.ext] = true
		}
	}
	if len(out) == 0 {
		for _, f := range diffFormats {
			out[f.ext] = true
		}
	}
	return out
}

// TestDiffMarkdownBudget checks that every level of the Markdown degrades
// to fit, says what it dropped, and that the large fixture needs it.
func TestDiffMarkdownBudget(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(diffFixtures, "large")
	d := plandiff.Diff(loadSnapshot(t, filepath.Join(dir, "old")), loadSnapshot(t, filepath.Join(dir, "new")))
	full := markdownAt(d, fullDetail, 0)
	if n := utf8.RuneCountInString(full); n <= DefaultMarkdownBudget {
		t.Fatalf("the large fixture's full Markdown is %d characters, want more than %d", n, DefaultMarkdownBudget)
	}
	fullLen := utf8.RuneCountInString(full)
	if got := markdownWithBudget(t, d, DefaultMarkdownBudget); !strings.Contains(got, droppedText(namesOnly)) {
		t.Errorf("default budget: output does not say %q", droppedText(namesOnly))
	}
	// Each level is chosen exactly when the budget is its own length.
	for level := namesOnly; level <= summaryOnly; level++ {
		want := markdownAt(d, level, fullLen)
		if !strings.Contains(want, droppedText(level)) {
			t.Errorf("level %d does not say %q", level, droppedText(level))
		}
		if got := markdownWithBudget(t, d, utf8.RuneCountInString(want)); got != want {
			t.Errorf("budget %d: got\n%.300s\nwant level %d:\n%.300s", utf8.RuneCountInString(want), got, level, want)
		}
	}
	// Below the summary itself, the output is cut at a line end.
	if got := markdownWithBudget(t, d, 40); utf8.RuneCountInString(got) > 40 {
		t.Errorf("budget 40: wrote %d characters", utf8.RuneCountInString(got))
	}
}

func markdownWithBudget(t *testing.T, d *plandiff.PlanDiff, budget int) string {
	t.Helper()
	var b bytes.Buffer
	if err := DiffMarkdown(&b, d, DiffOptions{Budget: budget}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestDiffNeverPrintsSecrets renders the sensitive fixture in every
// format and looks for the secrets and their digests.
func TestDiffNeverPrintsSecrets(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(diffFixtures, "sensitive")
	d := plandiff.Diff(loadSnapshot(t, filepath.Join(dir, "old")), loadSnapshot(t, filepath.Join(dir, "new")))
	for _, f := range diffFormats {
		var b bytes.Buffer
		if err := f.write(&b, d); err != nil {
			t.Fatal(err)
		}
		for _, secret := range []string{"correct horse", "battery staple", "hmac-sha256"} {
			if strings.Contains(b.String(), secret) {
				t.Errorf("%s output contains %q", f.ext, secret)
			}
		}
		if !strings.Contains(b.String(), "sensitive") {
			t.Errorf("%s output does not mention the sensitive change", f.ext)
		}
	}
}

func TestFenceFor(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"plain", "```"},
		{"a ``` b", "````"},
		{"`````", "``````"},
	}
	for _, tt := range tests {
		if got := fenceFor(tt.text); got != tt.want {
			t.Errorf("fenceFor(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestDiffTextColor colours the marks only when asked (a terminal), and
// never a resource that is no longer managed.
func TestDiffTextColor(t *testing.T) {
	t.Chdir(filepath.Join(diffFixtures, "add_remove"))
	d := plandiff.Diff(loadSnapshot(t, "old"), loadSnapshot(t, "new"))
	for _, color := range []bool{false, true} {
		var b bytes.Buffer
		if err := DiffText(&b, d, DiffOptions{Color: color}); err != nil {
			t.Fatal(err)
		}
		hasAdd := strings.Contains(b.String(), "\x1b[32m+   File[/var/www/new]")
		// No longer managed: nothing happens on the node, so no colour.
		plainUnmanaged := strings.Contains(b.String(), "\n=   File[/var/www/old]")
		if hasAdd != color || !plainUnmanaged || !color && strings.Contains(b.String(), "\x1b") {
			t.Errorf("Color %v: output\n%q", color, b.String())
		}
	}
}

// TestDiffStrict renders the init_only_skipped pair under Puppet's
// strict=warning and strict=off (the fixtures' expected outputs are
// strict=error, the default) in the three formats: no failure and no
// skip, the Resource API's warning under warning, silence under off.
func TestDiffStrict(t *testing.T) {
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(diffFixtures, "init_only_skipped"))
	old, new := loadSnapshot(t, "old"), loadSnapshot(t, "new")
	for _, strict := range []plandiff.Strict{plandiff.StrictWarning, plandiff.StrictOff} {
		d := plandiff.DiffWith(old, new, plandiff.DiffOptions{Strict: strict})
		for _, f := range diffFormats {
			var b bytes.Buffer
			if err := f.write(&b, d); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if strings.Contains(out, "skipped because") || strings.Contains(out, "failing") {
				t.Errorf("strict=%s, %s: a failure or a skip is reported:\n%s", strict, f.ext, out)
			}
			if warned := strings.Contains(out, "Attempting to change `uid`"); warned != (strict == plandiff.StrictWarning || f.ext == "json") {
				t.Errorf("strict=%s, %s: Puppet's warning shown: %v", strict, f.ext, warned)
			}
			testutil.Golden(t, filepath.Join(testdata, "diff_strict_"+strict.String()+"."+f.ext), b.Bytes())
			checkPuppetWords(t, f.ext, out)
		}
	}
}

// TestInitOnlyLines pins what the listings say about init_only changes:
// under error only the first sentence (Puppet stops there), under warning
// every one, under off nothing, and for a value the old catalog did not
// set a note, since the node's value is unknown.
func TestInitOnlyLines(t *testing.T) {
	t.Parallel()
	uid := plandiff.InitOnlyChange{Attr: "uid", Message: "Attempting to change `uid` init_only attribute value from `1` to `2`"}
	gid := plandiff.InitOnlyChange{Attr: "gid", Message: "Attempting to change `gid` init_only attribute value from `3` to `4`"}
	unknown := plandiff.InitOnlyChange{Attr: "home"}
	newline := plandiff.InitOnlyChange{Attr: "x", Message: "Attempting to change `x` init_only attribute value from `a\nb` to `c`"}
	tests := []struct {
		name   string
		c      plandiff.ResourceChange
		strict plandiff.Strict
		want   []string
	}{
		{"error: the first sentence fails it", plandiff.ResourceChange{Action: plandiff.Fail, InitOnly: []plandiff.InitOnlyChange{uid, gid}}, plandiff.StrictError,
			[]string{"Error: Could not evaluate: " + uid.Message}},
		{"warning: every sentence", plandiff.ResourceChange{Action: plandiff.Change, InitOnly: []plandiff.InitOnlyChange{uid, gid}}, plandiff.StrictWarning,
			[]string{"Warning: " + uid.Message, "Warning: " + gid.Message}},
		{"off: silent", plandiff.ResourceChange{Action: plandiff.Change, InitOnly: []plandiff.InitOnlyChange{uid}}, plandiff.StrictOff, nil},
		{"skipped: never evaluated", plandiff.ResourceChange{Action: plandiff.Change, Skipped: true, InitOnly: []plandiff.InitOnlyChange{uid}}, plandiff.StrictError, nil},
		{"unknown current value", plandiff.ResourceChange{Action: plandiff.Change, InitOnly: []plandiff.InitOnlyChange{unknown}}, plandiff.StrictError,
			[]string{"note: the old catalog does not set init_only `home`; if the node's value differs, Puppet fails the resource and skips its dependents (strict=error)"}},
		{"a newline stays on the line", plandiff.ResourceChange{Action: plandiff.Change, InitOnly: []plandiff.InitOnlyChange{newline}}, plandiff.StrictWarning,
			[]string{"Warning: Attempting to change `x` init_only attribute value from `a\\nb` to `c`"}},
	}
	for _, tt := range tests {
		var got []string
		for _, l := range initOnlyLines(tt.c, tt.strict) {
			got = append(got, l.text)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestDiffMarkdownCountsOutcomes: when only counts fit, the table still
// tells failing and skipped apart, and the warning still names both.
func TestDiffMarkdownCountsOutcomes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(diffFixtures, "init_only_skipped")
	d := plandiff.Diff(loadSnapshot(t, filepath.Join(dir, "old")), loadSnapshot(t, filepath.Join(dir, "new")))
	got := markdownAt(d, countsOnly, 0)
	for _, want := range []string{
		"| type | newly managed | changed | no longer managed | removed from the node | failing | skipped |",
		"| `file` | 0 | 0 | 0 | 0 | 0 | 1 |",
		"| `account` | 0 | 0 | 0 | 0 | 1 | 0 |",
		"In all, 2 resources skipped because of failed dependencies, changed or not.",
		"> 1 resource failing (init_only, strict=error). 2 resources skipped because of failed dependencies.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("counts-only Markdown lacks %q:\n%s", want, got)
		}
	}
}

// TestCountWords: counts group their digits, and lists name a few then
// count the rest, the same in every renderer.
func TestCountWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ got, want string }{
		{words.Noun(1, "node", "nodes"), "1 node"},
		{words.Noun(0, "node", "nodes"), "0 nodes"},
		{words.Noun(1200, "resource is", "resources are"), "1,200 resources are"},
		{words.GroupDigits(-1234567), "-1,234,567"},
		{words.ListMore([]string{"a", "b"}, 2), "a, b"},
		{words.ListMore([]string{"a", "b", "c"}, 1), "a and 2 more"},
		{inlineNames([]string{"a", "b", "c"}, 2), "`a`, `b` and 1 more"},
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
}

// TestLineDiffBounds: a multi-line change is a line diff only within the
// bounds (beyond them, one summary line), never for a secret, and only
// when a side has a newline.
func TestLineDiffBounds(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("line\n", maxLineDiffLines)
	wide := strings.Repeat("x", maxLineDiffBytes) + "\n"
	tests := []struct {
		name string
		a    plandiff.AttrChange
		want bool
	}{
		{"two texts", plandiff.AttrChange{Old: "a\nb\n", New: "a\nc\n", HadOld: true, HasNew: true}, true},
		{"newline only on one side", plandiff.AttrChange{Old: "a", New: "a\n", HadOld: true, HasNew: true}, true},
		{"one line each", plandiff.AttrChange{Old: "a", New: "b", HadOld: true, HasNew: true}, false},
		{"secret", plandiff.AttrChange{Sensitive: true, HadOld: true, HasNew: true}, false},
		{"added", plandiff.AttrChange{New: "a\nb\n", HasNew: true}, false},
		{"not strings", plandiff.AttrChange{Old: int64(1), New: "a\nb", HadOld: true, HasNew: true}, false},
		{"too many lines", plandiff.AttrChange{Old: big, New: "a\n", HadOld: true, HasNew: true}, false},
		{"too many bytes", plandiff.AttrChange{Old: "a\n", New: wide, HadOld: true, HasNew: true}, false},
	}
	for _, tt := range tests {
		if _, _, ok, tooLarge := multiLine(tt.a); (ok && !tooLarge) != tt.want {
			t.Errorf("%s: line diff %v, want %v", tt.name, ok && !tooLarge, tt.want)
		}
	}
	c := plandiff.ResourceChange{Action: plandiff.Change, Ref: "File[x]", Attributes: []plandiff.AttrChange{
		{Attr: "content", Path: "content", Old: big, New: "a\n", HadOld: true, HasNew: true}}}
	lines := resourceLines(c, fullDetail, false, plandiff.StrictError)
	want := "content: text changed (2,000 lines → 1 line; too large to diff here: --format json has both values)"
	if len(lines) != 2 || lines[1].text != want {
		t.Errorf("a text over the bounds: %q, want the header and %q", lines, want)
	}
}

// TestLineDiffLines checks the hunks against diff -u's for small cases.
func TestLineDiffLines(t *testing.T) {
	t.Parallel()
	tests := []struct{ old, new, want string }{
		{"a\nb\nc\n", "a\nB\nc\n", "@@ -1,3 +1,3 @@|a|-b|+B|c"},
		{"", "x\n", "@@ -0,0 +1 @@|+x"},
		{"x\n", "", "@@ -1 +0,0 @@|-x"},
		{"a\nb", "a\nb\n", `@@ -1,2 +1,2 @@|a|-b|\ No newline at end of file|+b`},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\n5\n6\n7\n8\nnine\n", "@@ -6,4 +6,4 @@|6|7|8|-9|+nine"},
	}
	for _, tt := range tests {
		var got []string
		for _, l := range lineDiffLines(tt.old, tt.new, 0) {
			got = append(got, l.mark+l.text)
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("%q → %q:\n got %s\nwant %s", tt.old, tt.new, g, tt.want)
		}
	}
}
