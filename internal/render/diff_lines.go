package render

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/escape"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/plural"
	"github.com/catc-dev/catc/internal/types"
)

// diffLine is one line of a diff listing: a mark (+ ~ = - x) and text.
// The text and Markdown renderers share these lines, so both say the same
// thing in the same words.
type diffLine struct {
	mark, text string
	// indent is 0 for a resource or edge, 1 for an attribute under it.
	indent int
}

// String is the line as printed: the mark padded to three columns, then
// the text indented.
func (l diffLine) String() string {
	s := fmt.Sprintf("%-3s %s%s", l.mark, strings.Repeat("    ", l.indent), l.text)
	if l.text == "" { // an empty line of a line diff: no trailing blanks
		s = strings.TrimRight(s, " ")
	}
	return s
}

// outcome is the action's words ("no longer managed", …).
func outcome(a plandiff.Action) string { return a.Fate().String() }

// Why each action does what it does, as the listings say it after the ref.
const (
	unmanageNote = "no longer managed: left on the node as it is"
	removeNote   = "removed from the node: ensure → absent"
	failNote     = "failing: an init_only attribute changes and strict is error"
	skippedNote  = plandiff.SkippedNote
	unknownNote  = "only secrets that cannot be compared: not counted as a change"
)

// purgeMark marks a resource no longer managed that something in the
// new catalog may purge: maybe removed from the node.
const purgeMark = "-?"

// purgersText is "Resources[firewall] (purge = true)", the first max
// purgers and how many more.
func purgersText(ps []plandiff.Purge, max int) string {
	var parts []string
	for i, p := range ps {
		if i == max {
			parts = append(parts, fmt.Sprintf("%d more", len(ps)-max))
			break
		}
		parts = append(parts, p.Ref+" ("+p.Why+")")
	}
	return strings.Join(parts, ", ")
}

// unknownMark marks what no one can tell changed.
const unknownMark = "?"

// appliesNothingNote says why a diff whose new catalog has a cycle fails:
// Puppet checks the graph for cycles before it applies any resource, and
// fails the whole run when it finds one.
const appliesNothingNote = "Nothing would be applied: the new catalog has a dependency cycle, and Puppet fails the whole run " +
	"(\"Failed to apply catalog: One or more resource dependency cycles detected in graph\") before it applies any resource."

// newFailsNote and oldFailsNote head an error Puppet refuses the new (the
// old) catalog for (plandiff.PlanDiff.NewFails): the listed changes are
// exact, but nothing of a refused catalog is applied.
const (
	newFailsNote = "The new catalog fails: Puppet would refuse it and apply none of it:"
	oldFailsNote = "The old catalog failed: Puppet refused it:"
)

// resourceHeader is the first line of a resource change; loc adds the
// declaration's file:line.
func resourceHeader(c plandiff.ResourceChange, withLoc bool) diffLine {
	text := c.Ref
	switch {
	case c.Skipped:
		text += " (" + skippedNote + ")"
	case c.Unknown():
		text += " (" + unknownNote + ")"
	case c.Action == plandiff.Unmanage && len(c.PurgedBy) > 0:
		text += " (" + outcome(plandiff.Unmanage) + ": may be purged by " + purgersText(c.PurgedBy, 3) + ")"
	case c.Action == plandiff.Unmanage:
		text += " (" + unmanageNote + ")"
	case c.Action == plandiff.Remove:
		text += " (" + removeNote + ")"
	case c.Action == plandiff.Fail:
		text += " (" + failNote + ")"
	case c.ParameterOnly:
		text += " (parameter-only change: no refresh event)"
	}
	if c.Renamed() {
		text += " (renamed from " + c.OldRef + ")"
	}
	if withLoc {
		l := c.NewLoc
		if c.Action == plandiff.Unmanage {
			l = c.OldLoc
		}
		if l != "" {
			text += "  # " + l
		}
	}
	mark := c.Action.Symbol()
	switch {
	case c.Skipped:
		mark = plandiff.Fail.Symbol() // nothing of it is applied either
	case c.Unknown():
		mark = unknownMark
	case len(c.PurgedBy) > 0:
		mark = purgeMark
	}
	return diffLine{mark: mark, text: text}
}

// initOnlyLines say what the Resource API does with the change's init_only
// attributes under the diff's strict setting, in its own words: under
// error it fails with the first sentence (the check stops there), under
// warning it logs every one, under off it says nothing. An attribute the
// old catalog does not set is compared with the node's value, which the
// diff cannot know: a note says what happens if they differ.
func initOnlyLines(c plandiff.ResourceChange, strict plandiff.Strict) []diffLine {
	if c.Skipped || strict == plandiff.StrictOff {
		return nil
	}
	var out []diffLine
	for _, io := range c.InitOnly {
		switch {
		case io.Message == "":
			out = append(out, diffLine{indent: 1, text: fmt.Sprintf("note: the old catalog does not set init_only `%s`; if the node's value differs, Puppet %s",
				io.Attr, ifDiffers[strict])})
		case c.Action == plandiff.Fail:
			return append(out, diffLine{indent: 1, text: "Error: Could not evaluate: " + escape.Line(io.Message)})
		default:
			out = append(out, diffLine{indent: 1, text: "Warning: " + escape.Line(io.Message)})
		}
	}
	return out
}

// ifDiffers is what Puppet does with an init_only value that differs from
// the node's, by strict setting (off: nothing to say).
var ifDiffers = map[plandiff.Strict]string{
	plandiff.StrictError:   "fails the resource and skips its dependents (strict=error)",
	plandiff.StrictWarning: "warns and updates it in place (strict=warning)",
}

// attrLine is one attribute change, with its values unless terse.
func attrLine(c plandiff.ResourceChange, a plandiff.AttrChange, terse bool, strict plandiff.Strict) diffLine {
	values := ""
	if !terse {
		values = attrValues(a)
	}
	return attrLineWith(c, a, values, strict)
}

// attrLineWith is one attribute change with values (none when "") as the
// words after its path.
func attrLineWith(c plandiff.ResourceChange, a plandiff.AttrChange, values string, strict plandiff.Strict) diffLine {
	mark := "~"
	switch {
	case c.Action == plandiff.Unmanage:
		mark = "" // the values stay on the node: nothing is removed
	case !a.HadOld:
		mark = "+"
	case !a.HasNew:
		mark = "-"
	case a.Undetermined:
		mark = unknownMark
	}
	text := a.Path
	if values != "" {
		text += ": " + values
	}
	switch a.Behaviour {
	case plandiff.InitOnlyAttr:
		text += "  (init_only" + initOnlyOutcome(c, a, strict) + ")"
	case plandiff.ParameterAttr, plandiff.MetaparameterAttr:
		text += "  (" + behaviourNote(a) + ")"
	}
	return diffLine{mark: mark, text: text, indent: 1}
}

// behaviourNote is the note after a parameter or metaparameter change;
// a move to another container is neither, and says so.
func behaviourNote(a plandiff.AttrChange) string {
	switch {
	case a.Attr == plandiff.ContainerAttr:
		return "moved to another class or define: no event"
	case a.Attr == plandiff.TagsAttr && a.HasNew:
		return "tags gained, as puppet agent --tags matches them: no event"
	case a.Attr == plandiff.TagsAttr:
		return "tags lost, as puppet agent --tags matches them: no event"
	}
	return a.Behaviour.String()
}

// initOnlyOutcome says how an init_only change checked by the Resource
// API is applied, when it is: in place (the provider gets the new value).
func initOnlyOutcome(c plandiff.ResourceChange, a plandiff.AttrChange, strict plandiff.Strict) string {
	if c.Action != plandiff.Change || c.Skipped {
		return ""
	}
	for _, io := range c.InitOnly {
		if io.Attr == a.Attr && (io.Message != "" || strict == plandiff.StrictOff) {
			return ": updated in place, strict=" + strict.String()
		}
	}
	return ""
}

// attrValues is "old → new", one side alone, or the sensitive notice:
// a sensitive value is never shown, not even its digest.
func attrValues(a plandiff.AttrChange) string {
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
		s += fmt.Sprintf("  (type changed: %s → %s)", plandiff.ValueTypeName(a.Old), plandiff.ValueTypeName(a.New))
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

// resourceLines are a change's header, what the Resource API says about
// it, and, at the detail asked for, its attribute lines.
func resourceLines(c plandiff.ResourceChange, level detail, withLoc bool, strict plandiff.Strict) []diffLine {
	out := []diffLine{resourceHeader(c, withLoc)}
	if level >= refsOnly {
		return out
	}
	out = append(out, initOnlyLines(c, strict)...)
	if level == namesOnly && oneSided(c) {
		return out // at namesOnly, naming every attribute of an added resource says nothing
	}
	for _, a := range c.Attributes {
		if old, new, ok, tooLarge := multiLine(a); ok && level == fullDetail {
			out = append(out, attrLineWith(c, a, textChangeSummary(old, new, tooLarge), strict))
			if !tooLarge {
				out = append(out, lineDiffLines(old, new, 2)...)
			}
			continue
		}
		out = append(out, attrLine(c, a, level >= namesOnly, strict))
	}
	return out
}

// textChangeSummary heads the line diff of a multi-line string: "text
// changed (3 lines → 4 lines), unified diff:", or stands for it when the
// text is too large to diff.
func textChangeSummary(old, new string, tooLarge bool) string {
	count := func(s string) string {
		return plural.Noun(lineCount(s), "line", "lines")
	}
	if tooLarge {
		return fmt.Sprintf("text changed (%s → %s; too large to diff here: --format json has both values)", count(old), count(new))
	}
	return fmt.Sprintf("text changed (%s → %s), unified diff:", count(old), count(new))
}

// oneSided reports whether the change lists every value of a resource
// found on one side only (newly managed, no longer managed, or added
// with ensure absent).
func oneSided(c plandiff.ResourceChange) bool {
	switch c.Action {
	case plandiff.Manage, plandiff.Unmanage:
		return true
	case plandiff.Remove:
		for _, a := range c.Attributes {
			if a.HadOld {
				return false
			}
		}
		return true
	}
	return false
}

// edgeLine is an added, removed or re-kinded edge.
func edgeLine(e plandiff.EdgeChange) diffLine {
	text := e.From + " => " + e.To + "  "
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
func moveText(m plandiff.Move) string {
	return fmt.Sprintf("%s: step %d → %d", m.Ref, m.OldStep, m.NewStep)
}

// refreshText is "Service[app]: File[x] => Exec[y] => Service[app]": the
// resource, then the chain of refresh edges from the changed resource
// whose event reaches it, in the notation of cycles and why (A => B: A is
// applied before B).
func refreshText(r plandiff.Refresh) string {
	if len(r.Path) == 0 {
		return r.Ref
	}
	return r.Ref + ": " + strings.Join(withSkipped(r.Path, r.Skipped), " => ")
}

// withSkipped is a chain with "… (N more)" after its first resource for
// the N a diff leaves out (plandiff keeps the first and the last ones).
func withSkipped(path []string, skipped int) []string {
	if skipped <= 0 || len(path) == 0 {
		return path
	}
	return append([]string{path[0], "… (" + plural.GroupDigits(skipped) + " more)"}, path[1:]...)
}

// skipText is "Node_res[c]: depends on Init_res[u] (failing) via
// Node_res[b]": the skipped resource, the failing one, and the resources
// between them.
func skipText(s plandiff.Skip) string {
	if len(s.Path) < 2 {
		return s.Ref
	}
	t := s.Ref + ": depends on " + s.Path[0] + " (" + outcome(plandiff.Fail) + ")"
	if via := withSkipped(s.Path, s.Skipped); len(via) > 2 {
		t += " via " + strings.Join(via[1:len(via)-1], " → ")
	}
	return t
}

// cycleText is Puppet's form: "(A => B => A)".
func cycleText(path []string) string { return "(" + strings.Join(path, " => ") + ")" }

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
