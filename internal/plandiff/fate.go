package plandiff

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/enum"
)

// Fate is what happens to a change's resource on the node: what its
// action does, or skipped when a resource it depends on fails, or unknown.
// It is a set of its own, so that Action stays the closed set of what a
// catalog asks for. Its words are part of the diff JSON ("outcome",
// "summary"); every human format says them the same way.
type Fate int

// The fates, in the order of the actions, then skipped, then unknown.
const (
	FateManaged Fate = iota
	FateChanged
	FateUnmanaged
	FateRemoved
	FateFailing
	FateSkipped
	FateUnknown
	// FateCount is the number of fates.
	FateCount = int(FateUnknown) + 1
)

// fates name each fate in every format: the summary, the listings, the
// Markdown warning and the JSON "outcome".
var fates = [...]string{
	FateManaged:   "newly managed",
	FateChanged:   "changed",
	FateUnmanaged: "no longer managed",
	FateRemoved:   "removed from the node",
	FateFailing:   "failing",
	FateSkipped:   "skipped",
	FateUnknown:   "cannot tell",
}

func (f Fate) String() string { return enum.Name(fates[:], f) }

// actionFates is what each action does.
var actionFates = [...]Fate{
	Manage:   FateManaged,
	Change:   FateChanged,
	Unmanage: FateUnmanaged,
	Remove:   FateRemoved,
	Fail:     FateFailing,
}

// Fate is what the action does ("no longer managed", …).
func (a Action) Fate() Fate { return actionFates[a] }

// Fate is what happens to a change's resource: its action's fate,
// skipped, or unknown (only secrets that cannot be compared).
func (c ResourceChange) Fate() Fate {
	if c.Skipped {
		return FateSkipped
	}
	if c.Unknown() {
		return FateUnknown
	}
	return actionFates[c.Action]
}

// SkippedNote says why a resource is skipped, after its ref or a count.
const SkippedNote = "skipped because of failed dependencies"

// Summary is the one-line summary of a diff, e.g. "Plan: 3 newly
// managed, 1 changed, 1 no longer managed, 0 removed from the node · 2
// edges added · 2 refreshed": the four resource counts always, failures,
// skips and the rest when not zero, then whether Puppet refuses the old
// or the new catalog. An empty diff gives "No changes."
// The diff JSON carries it as "summary".
func (d *PlanDiff) Summary() string {
	if d.Empty() {
		return "No changes."
	}
	c := d.Counts()
	head := fmt.Sprintf("Plan: %d %s, %d %s, %d %s, %d %s", c.Manage, Manage.Fate(), c.Change, Change.Fate(),
		c.Unmanage, Unmanage.Fate(), c.Remove, Remove.Fate())
	if c.Fail > 0 {
		head += fmt.Sprintf(", %d %s (init_only, strict=error)", c.Fail, Fail.Fate())
	}
	parts := []string{head}
	extra := []struct {
		n           int
		one, plural string
	}{
		{c.MayPurge, "1 no longer managed may be purged", "%d no longer managed may be purged"},
		{c.Skipped, "1 " + SkippedNote, "%d " + SkippedNote},
		{c.Warned, "1 init_only warning", "%d init_only warnings"},
		{c.Renamed, "1 renamed", "%d renamed"},
		{c.EdgesAdded, "1 edge added", "%d edges added"},
		{c.EdgesRemoved, "1 edge removed", "%d edges removed"},
		{c.EdgesChanged, "1 edge changed kind", "%d edges changed kind"},
		{c.Reordered, "1 reordered", "%d reordered"},
		{c.Refreshed, "1 refreshed", "%d refreshed"},
		{c.NewCycles, "1 new cycle", "%d new cycles"},
		{c.ResolvedCycles, "1 cycle resolved", "%d cycles resolved"},
		{c.UnresolvedCycles, "1 cycle unresolved", "%d cycles unresolved"},
		{c.Undetermined, "cannot tell: 1 secret compiled without a common digest key",
			"cannot tell: %d secrets compiled without a common digest key"},
	}
	for _, e := range extra {
		switch {
		case e.n == 1:
			parts = append(parts, e.one)
		case e.n > 1:
			parts = append(parts, fmt.Sprintf(e.plural, e.n))
		}
	}
	if len(d.OldFails) > 0 {
		parts = append(parts, "the old catalog fails")
	}
	if len(d.NewFails) > 0 {
		parts = append(parts, "the new catalog fails")
	}
	return strings.Join(parts, " · ")
}
