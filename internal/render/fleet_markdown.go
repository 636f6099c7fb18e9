package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"io"

	"github.com/catc-dev/catc/internal/fleet"
	"github.com/catc-dev/catc/internal/words"
)

// inlineNodes is how many node names a heading shows before "and N more".
const inlineNodes = 5

// minGroupBudget is the least room a distinct diff shown in full gets:
// below it the diff is listed on one line with its summary.
const minGroupBudget = 600

// FleetMarkdown writes the fleet diff as one pull-request comment: the
// summary line, a caution for the nodes that fail, then each distinct
// diff once under a heading that names its nodes (long lists collapsed),
// rendered as DiffMarkdown renders one diff. Within the budget, each
// diff shown in full gets an equal share (and drops detail to fit it);
// when there are too many, the smallest groups are listed one line each
// with their summary, and the collapsed node lists get shorter.
func FleetMarkdown(w io.Writer, d *fleet.Diff, o DiffOptions) error {
	budget := o.Budget
	if budget <= 0 {
		budget = DefaultMarkdownBudget
	}
	var out string
	for _, listMax := range []int{200, 40, 0} {
		for full := len(d.Groups); ; full /= 2 {
			if s, ok := fleetMarkdownAt(d, budget, full, listMax); ok {
				out = s
				break
			}
			if full == 0 {
				break
			}
		}
		if out != "" {
			break
		}
	}
	if out == "" { // not even the headings fit: the summary, cut to size
		out = truncateRunes(fleetHead(d, 0), budget)
	}
	_, err := io.WriteString(w, out)
	return err
}

// fleetMarkdownAt renders the first full groups in full and the rest on
// one line each; ok is false when that does not fit the budget.
func fleetMarkdownAt(d *fleet.Diff, budget, full, listMax int) (string, bool) {
	head := fleetHead(d, listMax)
	// Like markdownAt, everything written here is escaped (the diffs
	// DiffMarkdown writes already are), before it is measured.
	var tail strings.Builder
	if full < len(d.Groups) {
		fmt.Fprintf(&tail, "\n%s, listed without detail (`catc diff --nodes` prints each):\n\n",
			words.Noun(len(d.Groups)-full, "more distinct diff", "more distinct diffs"))
		for _, g := range d.Groups[full:] {
			fmt.Fprintf(&tail, "- **%s** (%s): %s\n", words.Noun(len(g.Nodes), "node", "nodes"), inlineNames(g.Nodes, 2), mdEscape(g.Diff.Summary()))
		}
	}
	if len(d.Unchanged) > 0 && listMax > 0 {
		fmt.Fprintf(&tail, "\n<details><summary>%s unchanged</summary>\n\n%s\n\n</details>\n",
			words.Noun(len(d.Unchanged), "node", "nodes"), inlineNames(d.Unchanged, listMax))
	}
	tailText := words.EscapeText(tail.String())
	headings := make([]string, full)
	fixed := utf8.RuneCountInString(head) + utf8.RuneCountInString(tailText)
	for i, g := range d.Groups[:full] {
		headings[i] = groupHeading(g, listMax)
		fixed += utf8.RuneCountInString(headings[i])
	}
	if fixed > budget {
		return "", false
	}
	var b strings.Builder
	b.WriteString(head)
	if full > 0 {
		share := (budget - fixed) / full
		if share < minGroupBudget {
			return "", false
		}
		for i, g := range d.Groups[:full] {
			b.WriteString(headings[i])
			if err := DiffMarkdown(&b, g.Diff, DiffOptions{Budget: share}); err != nil {
				return "", false
			}
		}
	}
	b.WriteString(tailText)
	return b.String(), utf8.RuneCountInString(b.String()) <= budget
}

// fleetHead is the summary line and the failures, escaped.
func fleetHead(d *fleet.Diff, listMax int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n", mdEscape(d.Summary()))
	if len(d.Failures) > 0 {
		b.WriteString("\n> [!CAUTION]\n")
		for _, f := range d.Failures {
			fmt.Fprintf(&b, "> %s %s: %s — %s\n", words.Noun(len(f.Nodes), "node", "nodes"),
				f.Side.Words(len(f.Nodes)), mdEscape(f.Errors), inlineNames(f.Nodes, inlineNodes))
		}
	}
	return words.EscapeText(b.String())
}

// groupHeading names a distinct diff's nodes: a few inline, all of them
// (up to listMax) in a collapsed list; escaped.
func groupHeading(g fleet.Group, listMax int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n### %s\n\n", words.Noun(len(g.Nodes), "node", "nodes"))
	b.WriteString(inlineNames(g.Nodes, inlineNodes) + "\n")
	if len(g.Nodes) > inlineNodes && listMax > 0 {
		fmt.Fprintf(&b, "\n<details><summary>All %s</summary>\n\n%s", words.Noun(len(g.Nodes), "node", "nodes"), inlineNames(g.Nodes, listMax))
		b.WriteString("\n\n</details>\n")
	}
	if len(g.Placeholders) > 0 {
		var ph []string
		for _, p := range g.Placeholders {
			ph = append(ph, mdCode(p))
		}
		fmt.Fprintf(&b, "\nIn this diff %s %s each node's own value.\n", strings.Join(ph, ", "), words.Pick(len(ph), "stands for", "stand for"))
	}
	b.WriteString("\n")
	return words.EscapeText(b.String())
}

// inlineNames is "`a`, `b` and 3 more".
func inlineNames(names []string, max int) string {
	var parts []string
	for i, n := range names {
		if i == max {
			break
		}
		parts = append(parts, mdCode(n))
	}
	return strings.Join(parts, ", ") + words.AndMore(len(names)-max)
}
