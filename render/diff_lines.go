package render

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/graph"
	"github.com/catc-dev/catc/types"
)

// diffLine is one line of a diff listing: a mark (+ - ~ -/+) and text.
// The text and Markdown renderers share these lines, so both say the same
// thing in the same words.
type diffLine struct {
	mark, text string
	// indent is 0 for a resource or edge, 1 for an attribute under it.
	indent int
}

// String is the line as printed: the mark padded to the width of -/+,
// then the text.
func (l diffLine) String() string {
	return fmt.Sprintf("%-3s %s%s", l.mark, strings.Repeat("    ", l.indent), l.text)
}

// DiffSummary is the one-line summary of a diff, e.g. "Plan: 3 to add,
// 1 to change, 1 to replace, 0 to remove · 2 edges added · 4 reordered ·
// 2 refreshed"; the four resource counts always, the rest when not zero.
// An empty diff gives "No changes."
func DiffSummary(d *graph.PlanDiff) string {
	if d.Empty() {
		return "No changes."
	}
	c := d.Counts()
	parts := []string{fmt.Sprintf("Plan: %d to add, %d to change, %d to replace, %d to remove", c.Add, c.Change, c.Replace, c.Remove)}
	extra := []struct {
		n           int
		one, plural string
	}{
		{c.Renamed, "1 renamed", "%d renamed"},
		{c.EdgesAdded, "1 edge added", "%d edges added"},
		{c.EdgesRemoved, "1 edge removed", "%d edges removed"},
		{c.EdgesChanged, "1 edge changed kind", "%d edges changed kind"},
		{c.Reordered, "1 reordered", "%d reordered"},
		{c.Refreshed, "1 refreshed", "%d refreshed"},
		{c.NewCycles, "1 new cycle", "%d new cycles"},
		{c.ResolvedCycles, "1 cycle resolved", "%d cycles resolved"},
	}
	for _, e := range extra {
		switch {
		case e.n == 1:
			parts = append(parts, e.one)
		case e.n > 1:
			parts = append(parts, fmt.Sprintf(e.plural, e.n))
		}
	}
	return strings.Join(parts, " · ")
}

// resourceHeader is the first line of a resource change; loc adds the
// declaration's file:line.
func resourceHeader(c graph.ResourceChange, withLoc bool) diffLine {
	text := c.Ref
	switch {
	case c.Action == graph.Replace:
		text += fmt.Sprintf(" (init_only %s %s replacement)", strings.Join(c.ForcedBy, ", "), pluralVerb(len(c.ForcedBy), "forces", "force"))
	case c.ParameterOnly:
		text += " (parameter-only change: no refresh event)"
	}
	if c.Renamed() {
		text += " (renamed from " + c.OldRef + ")"
	}
	if withLoc {
		l := c.NewLoc
		if c.Action == graph.Remove {
			l = c.OldLoc
		}
		if l != "" {
			text += "  # " + l
		}
	}
	return diffLine{mark: c.Action.Symbol(), text: text}
}

// attrLine is one attribute change, with its values unless terse.
func attrLine(c graph.ResourceChange, a graph.AttrChange, terse bool) diffLine {
	mark := "~"
	switch {
	case !a.HadOld:
		mark = "+"
	case !a.HasNew:
		mark = "-"
	}
	text := a.Path
	if !terse {
		text += ": " + attrValues(a)
	}
	switch {
	case a.Behaviour == graph.InitOnlyAttr && c.Action == graph.Replace:
		text += "  # forces replacement"
	case a.Behaviour == graph.ParameterAttr || a.Behaviour == graph.MetaparameterAttr:
		text += "  (" + a.Behaviour.String() + ")"
	}
	return diffLine{mark: mark, text: text, indent: 1}
}

// attrValues is "old → new", one side alone, or the sensitive notice:
// a sensitive value is never shown, not even its digest.
func attrValues(a graph.AttrChange) string {
	if a.Sensitive {
		switch {
		case a.Undetermined:
			return "(sensitive value: cannot tell whether it changed; compile both sides with the same CATC_DIGEST_KEY)"
		case a.HadOld && a.HasNew:
			return "(sensitive value changed)"
		case a.HasNew:
			return "(sensitive value)"
		default:
			return "(sensitive value removed)"
		}
	}
	switch {
	case !a.HadOld:
		return displayValue(a.New)
	case !a.HasNew:
		return displayValue(a.Old)
	}
	s := displayValue(a.Old) + " → " + displayValue(a.New)
	if a.TypeChanged() {
		s += fmt.Sprintf("  (type changed: %s → %s)", graph.ValueTypeName(a.Old), graph.ValueTypeName(a.New))
	}
	return s
}

// displayValue is a value as compact JSON (strings quoted, so 1 and "1"
// look different); undef is "undef".
func displayValue(v types.Value) string {
	if v == nil {
		return "undef"
	}
	return string(types.EncodeJSON(v))
}

// resourceLines are a change's header and, at the detail asked for, its
// attribute lines.
func resourceLines(c graph.ResourceChange, level detail, withLoc bool) []diffLine {
	out := []diffLine{resourceHeader(c, withLoc)}
	if level >= refsOnly || level == namesOnly && (c.Action == graph.Add || c.Action == graph.Remove) {
		return out // at namesOnly, naming every attribute of an added resource says nothing
	}
	for _, a := range c.Attributes {
		out = append(out, attrLine(c, a, level >= namesOnly))
	}
	return out
}

// edgeLine is an added, removed or re-kinded edge.
func edgeLine(e graph.EdgeChange) diffLine {
	text := e.From + " → " + e.To + "  "
	switch {
	case e.Old == 0:
		return diffLine{mark: "+", text: text + kindText(e.New)}
	case e.New == 0:
		return diffLine{mark: "-", text: text + kindText(e.Old)}
	}
	return diffLine{mark: "~", text: text + kindText(e.Old) + " → " + kindText(e.New)}
}

// kindText is "require, subscribe (refresh)".
func kindText(k graph.Kind) string {
	s := strings.Join(k.Names(), ", ")
	if k.Refresh() {
		s += " (refresh)"
	}
	return s
}

// moveText is "Package[b]: step 2 → 5".
func moveText(m graph.Move) string {
	return fmt.Sprintf("%s: step %d → %d", m.Ref, m.OldStep, m.NewStep)
}

// refreshText is "Service[app] ← File[x] via Exec[y]": the resource, the
// changed resource whose event reaches it, and the refreshed resources
// the event passes through (a chain of Puppet's ~> edges).
func refreshText(r graph.Refresh) string {
	if len(r.Path) == 0 {
		return r.Ref
	}
	s := r.Ref + " ← " + r.Path[0]
	if len(r.Path) > 2 {
		s += " via " + strings.Join(r.Path[1:len(r.Path)-1], " ~> ")
	}
	return s
}

// cycleText is Puppet's form: "(A => B => A)".
func cycleText(path []string) string { return "(" + strings.Join(path, " => ") + ")" }

func pluralVerb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// countNoun is "1 thing" or "N things" (many is the plural form).
func countNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// detail is how much a diff listing shows; the Markdown renderer lowers
// it step by step to fit its budget.
type detail int

const (
	fullDetail  detail = iota // attribute values
	namesOnly                 // changed attribute paths, no values
	refsOnly                  // resource refs, edges, moves and refreshes
	countsOnly                // counts per type and section
	summaryOnly               // the summary line
)
