package render

import (
	"fmt"
	"html"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/words"
)

// DefaultMarkdownBudget keeps a Markdown diff under GitHub's comment
// limit (65,536 characters) with room for a header a workflow adds.
const DefaultMarkdownBudget = 60000

// openLines is the size (in listing lines) up to which a section starts
// expanded: a small diff is readable without a click.
const openLines = 15

// DiffMarkdown writes the diff as a pull-request comment: the summary
// line first, then warnings for what is removed from the node, what fails
// (and what that skips) and new cycles,
// then one collapsible section per resource type with a ```diff listing,
// and sections for edges, order moves, refreshes. When the result would
// be longer than the budget it drops detail level by level — attribute
// values, then attribute names, then the listings (keeping counts per
// type), then everything but the summary — and says what it dropped.
func DiffMarkdown(w io.Writer, d *plandiff.PlanDiff, o DiffOptions) error {
	budget := o.Budget
	if budget <= 0 {
		budget = DefaultMarkdownBudget
	}
	full := markdownAt(d, fullDetail, 0)
	out := full
	fullLen := utf8.RuneCountInString(full)
	for level := namesOnly; utf8.RuneCountInString(out) > budget && level <= summaryOnly; level++ {
		out = markdownAt(d, level, fullLen)
	}
	if utf8.RuneCountInString(out) > budget { // a budget smaller than the summary
		out = truncateRunes(out, budget)
	}
	_, err := io.WriteString(w, out)
	return err
}

// markdownAt renders at one level of detail; fullLen (the length of the
// full rendering) is quoted in the note that says what was dropped.
func markdownAt(d *plandiff.PlanDiff, level detail, fullLen int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n", mdEscape(d.Summary()))
	writeWarnings(&b, d, level)
	if level < countsOnly {
		writeDataCauses(&b, d)
	}
	if level > fullDetail {
		fmt.Fprintf(&b, "\n> [!NOTE]\n> This comment is shortened to fit a pull-request comment: %s (the full diff is %s characters). Run `catc diff` locally for every detail.\n",
			droppedText(level), words.GroupDigits(fullLen))
	}
	switch {
	case level >= summaryOnly:
	case level == countsOnly:
		writeTypeCounts(&b, d)
	default:
		writeTypeSections(&b, d, level)
		writeGraphSections(&b, d)
	}
	return words.EscapeText(b.String())
}

func droppedText(level detail) string {
	switch level {
	case namesOnly:
		return "attribute values are left out, changed attributes are named"
	case refsOnly:
		return "attribute changes are left out, changed resources are listed"
	case countsOnly:
		return "the listings are left out, resources are counted by type"
	}
	return "only the summary is left"
}

// writeWarnings puts what deserves a reviewer's attention first: the
// resources Puppet will remove from the node (ensure → absent), those
// that will fail and the resources their failure skips, and new cycles.
// A resource no longer managed is not among them (Puppet leaves it as it
// is) unless something in the new catalog may purge it.
func writeWarnings(b *strings.Builder, d *plandiff.PlanDiff, level detail) {
	var removed, failing, purged, purgedNow []string
	for _, c := range d.Resources {
		switch c.Fate() {
		case plandiff.FateRemoved:
			if len(c.PurgedBy) > 0 {
				purgedNow = append(purgedNow, mdCode(c.Ref)+" (by "+mdCode(c.PurgedBy[0].Ref)+")")
				continue
			}
			removed = append(removed, mdCode(c.Ref))
		case plandiff.FateFailing:
			failing = append(failing, mdCode(c.Ref))
		case plandiff.FateUnmanaged:
			if len(c.PurgedBy) > 0 && c.PurgedBy[0].Effect == plandiff.PurgeMay {
				purged = append(purged, mdCode(c.Ref)+" (by "+mdCode(c.PurgedBy[0].Ref)+words.Pick(len(c.PurgedBy), "", " and others")+")")
			}
		}
	}
	var paras []string
	list := func(items []string) string {
		if level >= countsOnly {
			return "."
		}
		return ": " + words.ListMore(items, 10) + "."
	}
	if len(removed) > 0 {
		paras = append(paras, fmt.Sprintf("%s %s (ensure → absent)%s", words.Noun(len(removed), "resource", "resources"), outcome(plandiff.Remove), list(removed)))
	}
	if len(purgedNow) > 0 {
		paras = append(paras, fmt.Sprintf("%s %s (purged by a directory with purge = true)%s",
			words.Noun(len(purgedNow), "resource", "resources"), outcome(plandiff.Remove), list(purgedNow)))
	}
	if len(purged) > 0 {
		paras = append(paras, fmt.Sprintf("%s %s may be purged (Puppet may remove them from the node)%s",
			words.Noun(len(purged), "resource", "resources"), outcome(plandiff.Unmanage), list(purged)))
	}
	if len(failing) > 0 {
		p := fmt.Sprintf("%s %s (init_only, strict=error)%s", words.Noun(len(failing), "resource", "resources"), outcome(plandiff.Fail), list(failing))
		if len(d.Skips) > 0 {
			skipped := make([]string, len(d.Skips))
			for i, s := range d.Skips {
				skipped[i] = mdCode(s.Ref)
			}
			p += fmt.Sprintf(" %s %s%s", words.Noun(len(skipped), "resource", "resources"), skippedNote, list(skipped))
		}
		paras = append(paras, p)
	}
	if len(paras) > 0 {
		fmt.Fprintf(b, "\n> [!WARNING]\n> %s\n", strings.Join(paras, "\n>\n> "))
	}
	if d.AppliesNothing() {
		writeCycleCaution(b, d)
	}
	writeFailsCaution(b, d)
}

// writeFailsCaution lists the errors Puppet refuses the new catalog for
// (a caution: nothing of it would be applied), then the old one's.
func writeFailsCaution(b *strings.Builder, d *plandiff.PlanDiff) {
	for _, side := range []struct {
		fails       []string
		kind, title string
	}{{d.NewFails, "CAUTION", newFailsNote}, {d.OldFails, "NOTE", oldFailsNote}} {
		if len(side.fails) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n> [!%s]\n> %s\n", side.kind, mdEscape(side.title))
		for i, f := range side.fails {
			if i == 10 {
				fmt.Fprintf(b, "> and %d more\n", len(side.fails)-10)
				break
			}
			fmt.Fprintf(b, "> - %s\n", mdEscape(f))
		}
	}
}

// writeCycleCaution says that nothing of the new catalog would be applied,
// and lists its cycles: the new ones, then those the change left.
func writeCycleCaution(b *strings.Builder, d *plandiff.PlanDiff) {
	var counts []string
	if n := len(d.NewCycles); n > 0 {
		counts = append(counts, words.Noun(n, "new dependency cycle", "new dependency cycles"))
	}
	if n := len(d.UnresolvedCycles); n > 0 {
		counts = append(counts, words.Noun(n, "unresolved dependency cycle", "unresolved dependency cycles"))
	}
	fmt.Fprintf(b, "\n> [!CAUTION]\n> %s. %s\n", strings.Join(counts, " and "), mdEscape(appliesNothingNote))
	cycles := append(slices.Clone(d.NewCycles), d.UnresolvedCycles...)
	for i, c := range cycles {
		if i == 10 {
			fmt.Fprintf(b, "> and %d more\n", len(cycles)-10)
			break
		}
		fmt.Fprintf(b, "> - `%s`\n", cycleText(c))
	}
}

// typeGroup is the changes of one type, in order.
type typeGroup struct {
	name    string
	changes []plandiff.ResourceChange
}

func groupByType(d *plandiff.PlanDiff) []typeGroup {
	var out []typeGroup
	for _, c := range d.Resources {
		if len(out) == 0 || out[len(out)-1].name != c.Type {
			out = append(out, typeGroup{name: c.Type})
		}
		g := &out[len(out)-1]
		g.changes = append(g.changes, c)
	}
	return out
}

// groupCounts is "1 newly managed, 2 changed" (only the non-zero actions).
func groupCounts(changes []plandiff.ResourceChange) string {
	n := actionCounts(changes)
	var parts []string
	for a, k := range n {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, plandiff.Fate(a)))
		}
	}
	return strings.Join(parts, ", ")
}

// actionCounts counts the changes by action.
func actionCounts(changes []plandiff.ResourceChange) [plandiff.FateCount]int {
	var n [plandiff.FateCount]int
	for _, c := range changes {
		n[c.Fate()]++
	}
	return n
}

func writeTypeSections(b *strings.Builder, d *plandiff.PlanDiff, level detail) {
	for _, g := range groupByType(d) {
		var lines []diffLine
		for _, c := range g.changes {
			lines = append(lines, resourceLines(c, level, true, d.Strict)...)
		}
		writeSection(b, fmt.Sprintf("<code>%s</code>: %s", html.EscapeString(g.name), groupCounts(g.changes)), "diff", lines)
	}
}

func writeTypeCounts(b *strings.Builder, d *plandiff.PlanDiff) {
	groups := groupByType(d)
	if len(groups) == 0 {
		return
	}
	b.WriteString("\n| type |")
	for f := range plandiff.FateCount {
		b.WriteString(" " + plandiff.Fate(f).String() + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("--:|", plandiff.FateCount) + "\n")
	for _, g := range groups {
		fmt.Fprintf(b, "| `%s` |", g.name)
		for _, k := range actionCounts(g.changes) {
			fmt.Fprintf(b, " %d |", k)
		}
		b.WriteString("\n")
	}
	if len(d.Skips) > 0 {
		// The column counts the listed changes; unchanged dependents are skipped too.
		fmt.Fprintf(b, "\nIn all, %s %s, changed or not.\n", words.Noun(len(d.Skips), "resource", "resources"), skippedNote)
	}
}

func writeGraphSections(b *strings.Builder, d *plandiff.PlanDiff) {
	if len(d.Skips) > 0 {
		lines := make([]diffLine, len(d.Skips))
		for i, s := range d.Skips {
			lines[i] = diffLine{mark: "x", text: skipText(s)}
		}
		writeSection(b, "Skipped: "+words.Noun(len(d.Skips), "resource", "resources")+" "+skippedNote, "text", lines)
	}
	if len(d.Edges) > 0 {
		lines := make([]diffLine, len(d.Edges))
		for i, e := range d.Edges {
			lines[i] = edgeLine(e)
		}
		writeSection(b, "Edges: "+edgeCounts(d.Counts()), "diff", lines)
	}
	if len(d.Moves) > 0 {
		lines := make([]diffLine, len(d.Moves))
		for i, m := range d.Moves {
			lines[i] = diffLine{mark: "~", text: moveText(m)}
		}
		writeSection(b, "Order: "+words.Noun(len(d.Moves), "resource moved", "resources moved"), "diff", lines)
	}
	if d.OrderUnknown != "" {
		fmt.Fprintf(b, "\n**Order** not compared: %s.\n", words.Escape(d.OrderUnknown))
	}
	if len(d.Generated) > 0 {
		lines := make([]diffLine, len(d.Generated))
		for i, g := range d.Generated {
			lines[i] = diffLine{mark: "~", text: generatedText(g)}
		}
		writeSection(b, generatedTitle(len(d.Generated)), "text", lines)
	}
	if len(d.Refreshes) > 0 {
		lines := make([]diffLine, len(d.Refreshes))
		for i, r := range d.Refreshes {
			lines[i] = diffLine{mark: "~>", text: refreshText(r)}
		}
		writeSection(b, "Refresh: "+words.Noun(len(d.Refreshes), "unchanged resource", "unchanged resources")+" will be refreshed", "text", lines)
	}
	if len(d.ResolvedCycles) > 0 {
		lines := make([]diffLine, len(d.ResolvedCycles))
		for i, c := range d.ResolvedCycles {
			lines[i] = diffLine{mark: "-", text: "resolved cycle " + cycleText(c)}
		}
		writeSection(b, "Cycles: "+words.Noun(len(d.ResolvedCycles), "cycle resolved", "cycles resolved"), "diff", lines)
	}
}

func edgeCounts(c plandiff.Counts) string {
	var parts []string
	for _, p := range []struct {
		n    int
		verb string
	}{{c.EdgesAdded, "added"}, {c.EdgesRemoved, "removed"}, {c.EdgesChanged, "changed kind"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.verb))
		}
	}
	return strings.Join(parts, ", ")
}

// writeSection writes a collapsible section holding a fenced listing;
// small ones start open. In a ```diff listing the change mark ~ is
// written !: GitHub's diff highlighting colours lines that start with +,
// - and !, and leaves ~ (and = and x) plain.
func writeSection(b *strings.Builder, summary, lang string, lines []diffLine) {
	open := ""
	if len(lines) <= openLines {
		open = " open"
	}
	body := make([]string, len(lines))
	for i, l := range lines {
		if lang == "diff" && l.mark == "~" {
			l.mark = "!"
		}
		body[i] = words.Escape(l.String())
	}
	text := strings.Join(body, "\n")
	fence := fenceFor(text)
	fmt.Fprintf(b, "\n<details%s><summary>%s</summary>\n\n%s%s\n%s\n%s\n\n</details>\n", open, summary, fence, lang, text, fence)
}

// fenceFor is a backtick fence longer than any backtick run in text, so
// that a value holding ``` cannot end the listing early.
func fenceFor(text string) string {
	longest, run := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

// mdEscape escapes the characters that would turn a summary into markup.
func mdEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "<", "&lt;", ">", "&gt;", "&", "&amp;")
	return r.Replace(s)
}

// truncateRunes cuts s to at most n runes, at a line end when there is one.
func truncateRunes(s string, n int) string {
	i, count := 0, 0
	for i < len(s) && count < n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	if nl := strings.LastIndexByte(s[:i], '\n'); nl > 0 {
		return s[:nl+1]
	}
	return s[:i]
}
