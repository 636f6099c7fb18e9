package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
)

// chainSource is n node_res each subscribing to the one before.
func chainSource(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "resource \"node_res\" \"n%d\" {", i)
		if i > 0 {
			fmt.Fprintf(&b, " subscribe = [node_res.n%d]", i-1)
		}
		b.WriteString(" }\n")
	}
	return b.String()
}

// TestRefresherListsCapped: along a chain of refresh edges, the plan's
// text names each resource's graph.RefreshersShown nearest refreshers
// and then how many more (on main it named every resource before it:
// the output grew with the square of the chain), and its JSON has them
// in "refreshed_by" and the count in "refreshed_by_more"; a list that
// fits is as before.
func TestRefresherListsCapped(t *testing.T) {
	t.Parallel()
	n := graph.RefreshersShown + 10
	p := planCatalog(t, chainSource(n))
	var text, js bytes.Buffer
	if err := PlanText(&text, p); err != nil {
		t.Fatal(err)
	}
	if err := catalogjson.WritePlan(&js, p); err != nil {
		t.Fatal(err)
	}
	last := fmt.Sprintf("Node_res[n%d]", n-2)
	var want []string
	for i := n - 1 - graph.RefreshersShown; i < n-2; i++ {
		want = append(want, fmt.Sprintf("Node_res[n%d] via %s", i, last))
	}
	want = append(want, last)
	wantLine := "   refreshed by " + strings.Join(want, ", ") + " and 9 more\n"
	if !strings.Contains(text.String(), wantLine) {
		t.Errorf("plan text lacks %q", wantLine)
	}
	if !strings.Contains(text.String(), "   refreshed by Node_res[n0] via Node_res[n1], Node_res[n1]\n") {
		t.Errorf("a short list is not written whole")
	}
	if got := strings.Count(js.String(), `"refreshed_by_more": 9`); got != 1 {
		t.Errorf(`"refreshed_by_more": 9 appears %d times, want once`, got)
	}
	if got := strings.Count(js.String(), `"refreshed_by_more"`); got != n-1-graph.RefreshersShown {
		t.Errorf(`"refreshed_by_more" appears %d times, want %d`, got, n-1-graph.RefreshersShown)
	}
}

// A diff's capped chains say how many resources they leave out, in text
// and Markdown, for refreshes and skips.
func TestDiffChainsSayWhatTheyLeaveOut(t *testing.T) {
	t.Parallel()
	d := &plandiff.PlanDiff{
		Refreshes: []plandiff.Refresh{{Ref: "Exec[e9]", Path: []string{"Exec[e0]", "Exec[e7]", "Exec[e8]", "Exec[e9]"}, Skipped: 1234}},
		Skips:     []plandiff.Skip{{Ref: "N[s9]", Path: []string{"I[u]", "N[s7]", "N[s8]", "N[s9]"}, Skipped: 5}},
	}
	for _, format := range []string{"text", "markdown"} {
		var b bytes.Buffer
		var err error
		if format == "text" {
			err = DiffText(&b, d, DiffOptions{})
		} else {
			err = DiffMarkdown(&b, d, DiffOptions{})
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"Exec[e9]: Exec[e0] => … (1,234 more) => Exec[e7] => Exec[e8] => Exec[e9]",
			"N[s9]: depends on I[u] (failing) via … (5 more) → N[s7] → N[s8]",
		} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s lacks %q:\n%s", format, want, b.String())
			}
		}
	}
}
