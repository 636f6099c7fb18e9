package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/testutil"
)

func fixtureFleet(t *testing.T) *fleet.Diff {
	t.Helper()
	old, diags := compiler.LoadSite([]string{testutil.Fixture("fleet/site")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	new, diags := compiler.LoadSite([]string{testutil.Fixture("fleet/site-new")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	nodes, diags := nodefacts.Read(testutil.Fixture("fleet/facts"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return fleet.DiffFleet(fleet.Sides{Old: old, New: new}, nodes, plandiff.DiffOptions{}, fleet.Options{})
}

// TestFleetGolden pins the fixture fleet's diff in the three formats,
// which say the same: the summary, the failing node, the distinct diffs.
func TestFleetGolden(t *testing.T) {
	t.Parallel()
	d := fixtureFleet(t)
	for _, f := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"fleet-diff.txt", func(b *bytes.Buffer) error { return FleetText(b, d, DiffOptions{}) }},
		{"fleet-diff.md", func(b *bytes.Buffer) error { return FleetMarkdown(b, d, DiffOptions{}) }},
		{"fleet-diff.json", func(b *bytes.Buffer) error { return fleet.WriteJSON(b, d) }},
	} {
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "This change affects 4 of 6 nodes in 3 distinct ways; 1 unchanged; 1 no longer compiles.") {
			t.Errorf("%s lacks the summary:\n%s", f.name, b.String())
		}
		testutil.Golden(t, "testdata/"+f.name, b.Bytes())
	}
}

// TestFleetJSONRoundTrip: what a shard writes reads back into the same
// fleet diff, byte for byte, and prints the same: a secret set on one
// side only of a changed resource, and one whose digests cannot be
// compared, keep what the listing says of them.
func TestFleetJSONRoundTrip(t *testing.T) {
	t.Parallel()
	secrets := &plandiff.PlanDiff{Resources: []plandiff.ResourceChange{{Action: plandiff.Change, Type: "user", Ref: "User[deploy]",
		Attributes: []plandiff.AttrChange{
			{Attr: "password", Path: "password", Sensitive: true, HasNew: true},
			{Attr: "token", Path: "token", Sensitive: true, HadOld: true},
			{Attr: "salt", Path: "salt", Sensitive: true, HadOld: true, HasNew: true, Undetermined: true},
		}}}}
	withSecrets := &fleet.Diff{Nodes: 1, Groups: []fleet.Group{{Key: "k", Nodes: []string{"web-01"}, Diff: secrets}}}
	for name, d := range map[string]*fleet.Diff{"fixture": fixtureFleet(t), "secrets": withSecrets} {
		var first, second bytes.Buffer
		if err := fleet.WriteJSON(&first, d); err != nil {
			t.Fatal(err)
		}
		back, err := fleet.ReadJSON(first.Bytes(), "shard.json")
		if err != nil {
			t.Fatal(err)
		}
		if err := fleet.WriteJSON(&second, back); err != nil {
			t.Fatal(err)
		}
		if first.String() != second.String() {
			t.Errorf("%s: read back differs:\n%s\nwant\n%s", name, second.String(), first.String())
		}
		var text, textBack bytes.Buffer
		if err := FleetText(&text, d, DiffOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := FleetText(&textBack, back, DiffOptions{}); err != nil {
			t.Fatal(err)
		}
		if text.String() != textBack.String() {
			t.Errorf("%s: read back prints differently:\n%s\nwant\n%s", name, textBack.String(), text.String())
		}
	}
	for _, bad := range []string{`{"format": "catc.diff/2"}`, `[]`, `{"format": "catc.fleet-diff/1", "strict": "loose"}`} {
		if _, err := fleet.ReadJSON([]byte(bad), "x.json"); err == nil {
			t.Errorf("fleet.ReadJSON(%s) accepted it", bad)
		}
	}
}

// TestFleetMarkdownBudget: 1,000 nodes in 300 distinct diffs of 50
// resources each still make one comment under the budget, which opens
// with the summary and names every group.
func TestFleetMarkdownBudget(t *testing.T) {
	t.Parallel()
	d := &fleet.Diff{Nodes: 1000}
	node := 0
	for g := 0; g < 300; g++ {
		pd := &plandiff.PlanDiff{}
		for r := 0; r < 50; r++ {
			pd.Resources = append(pd.Resources, plandiff.ResourceChange{Action: plandiff.Change, Type: "file", Ref: fmt.Sprintf("File[/srv/g%d/r%d]", g, r),
				Attributes: []plandiff.AttrChange{{Attr: "content", Path: "content", Old: "a", New: fmt.Sprint(g), HadOld: true, HasNew: true}}})
		}
		grp := fleet.Group{Key: fmt.Sprint(g), Diff: pd}
		for i := 0; i < 1+g%5; i++ {
			grp.Nodes = append(grp.Nodes, fmt.Sprintf("web-%04d.example.com", node))
			node++
		}
		if len(grp.Nodes) > 0 {
			d.Groups = append(d.Groups, grp)
		}
	}
	for ; node < 1000; node++ {
		d.Unchanged = append(d.Unchanged, fmt.Sprintf("web-%04d.example.com", node))
	}
	for _, budget := range []int{DefaultMarkdownBudget, 20000, 3000} {
		var b bytes.Buffer
		if err := FleetMarkdown(&b, d, DiffOptions{Budget: budget}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if n := utf8.RuneCountInString(out); n > budget {
			t.Errorf("budget %d: %d characters", budget, n)
		}
		if want := "**This change affects 900 of 1,000 nodes in 300 distinct ways; 100 unchanged.**\n"; !strings.HasPrefix(out, want) {
			t.Errorf("budget %d: starts %q", budget, out[:min(len(out), 200)])
		}
		if budget == DefaultMarkdownBudget && !strings.Contains(out, "more distinct diffs, listed without detail") {
			t.Errorf("budget %d: the small groups are not listed on one line each", budget)
		}
	}
}

// TestFleetEscapes: node names and errors holding control characters (a
// facts file can name a node anything) reach neither the terminal nor
// the comment raw, in the node lists, the headings or the tail; a ref
// with a backtick stays one code span.
func TestFleetEscapes(t *testing.T) {
	t.Parallel()
	evil := "web\x1b]0;owned\x07.example.com"
	pd := &plandiff.PlanDiff{Resources: []plandiff.ResourceChange{{Action: plandiff.Remove, Type: "file", Ref: "File[/a`b]"}}}
	d := &fleet.Diff{Nodes: 4, Unchanged: []string{evil + "-u"},
		Groups:   []fleet.Group{{Key: "a", Nodes: []string{evil}, Diff: pd}, {Key: "b", Nodes: []string{evil + "-2"}, Diff: pd}},
		Failures: []fleet.Failure{{Side: fleet.NewSide, Errors: "bad\x1b[2J", Nodes: []string{evil + "-f"}}}}
	var text bytes.Buffer
	if err := FleetText(&text, d, DiffOptions{}); err != nil {
		t.Fatal(err)
	}
	if c := rawControl(text.String()); c != "" {
		t.Errorf("text has %q raw:\n%s", c, text.String())
	}
	for _, budget := range []int{0, 1500} { // all in full; one diff on a line in the tail
		var md bytes.Buffer
		if err := FleetMarkdown(&md, d, DiffOptions{Budget: budget}); err != nil {
			t.Fatal(err)
		}
		if c := rawControl(md.String()); c != "" {
			t.Errorf("Markdown (budget %d) has %q raw:\n%s", budget, c, md.String())
		}
		if !strings.Contains(md.String(), "``File[/a`b]``") {
			t.Errorf("Markdown (budget %d) breaks the ref's code span:\n%s", budget, md.String())
		}
	}
}

// TestOutcomesText: one line per outcome, the verb agreeing with the
// number of nodes, warnings counted, long node lists cut; no nodes at all
// is said.
func TestOutcomesText(t *testing.T) {
	t.Parallel()
	many := make([]string, 12)
	for i := range many {
		many[i] = fmt.Sprintf("web-%02d", i+1)
	}
	for _, tc := range []struct {
		outcomes []fleet.Outcome
		want     string
	}{
		{nil, "No nodes: the --nodes path (or this shard) holds none.\n"},
		{[]fleet.Outcome{
			{Failed: true, Errors: "Duplicate resource at site/web.hcl:4", Nodes: []string{"mq-01"}},
			{Failed: true, Errors: "Dependency cycle at site/web.hcl:9", Nodes: []string{"a", "b"}},
			{Nodes: many, Warnings: 2},
			{Nodes: []string{"db-01"}},
		}, "1 node fails: Duplicate resource at site/web.hcl:4 (mq-01).\n" +
			"2 nodes fail: Dependency cycle at site/web.hcl:9 (a, b).\n" +
			"12 nodes compile with 2 warnings (web-01, web-02, web-03, web-04, web-05, web-06, web-07, web-08, web-09, web-10 and 2 more).\n" +
			"1 node compiles (db-01).\n"},
		{[]fleet.Outcome{
			{Plan: true, Steps: 1200, Nodes: []string{"a", "b"}},
			{Plan: true, Steps: 1, Warnings: 1, Nodes: []string{"c"}},
		}, "2 nodes share one plan of 1,200 steps (a, b).\n1 node has a plan of 1 step with 1 warning (c).\n"},
	} {
		var b bytes.Buffer
		if err := OutcomesText(&b, tc.outcomes); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("got\n%s\nwant\n%s", b.String(), tc.want)
		}
	}
}

// TestFleetTextBudget: the text of a fleet of 100,000 nodes names at
// most 200 nodes a list and says how many more (the JSON lists every
// one); a list of 200 or fewer is written whole.
func TestFleetTextBudget(t *testing.T) {
	t.Parallel()
	names := func(prefix string, n int) []string {
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, fmt.Sprintf("%s-%06d.example.com", prefix, i))
		}
		return out
	}
	pd := &plandiff.PlanDiff{Resources: []plandiff.ResourceChange{{Action: plandiff.Change, Type: "file", Ref: "File[/etc/motd]",
		Attributes: []plandiff.AttrChange{{Attr: "content", Path: "content", Old: "a", New: "b", HadOld: true, HasNew: true}}}}}
	d := &fleet.Diff{Nodes: 100000, Unchanged: names("db", 200),
		Groups:   []fleet.Group{{Key: "k", Diff: pd, Nodes: names("web", 97300)}},
		Failures: []fleet.Failure{{Side: fleet.NewSide, Errors: "Unsupported attribute at site/web.hcl:3", Nodes: names("mq", 2500)}}}
	var b bytes.Buffer
	if err := FleetText(&b, d, DiffOptions{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"web-000199.example.com and 97,100 more\n",
		"mq-000199.example.com and 2,300 more\n",
		"db-000198.example.com, db-000199.example.com\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q", want)
		}
	}
	if strings.Contains(out, "web-000200") || len(out) > 40000 {
		t.Errorf("the text names more than 200 nodes a list (%d bytes)", len(out))
	}
	var plans bytes.Buffer
	outcome := fleet.Outcome{Plan: true, Steps: 1, Nodes: names("web", 5000), Shown: &graph.Plan{}, ShownFor: "web-000000.example.com"}
	if err := FleetPlansText(&plans, []fleet.Outcome{outcome}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plans.String(), "web-000199.example.com and 4,800 more (shown for web-000000.example.com;") {
		t.Errorf("plan --nodes heading:\n%s", plans.String()[:min(plans.Len(), 600)])
	}
}
