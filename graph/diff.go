package graph

import (
	"sort"
	"strconv"
)

// Action is what a diff does to one resource.
type Action int

// The actions, in the order a summary lists them.
const (
	// Add: the resource is only in the new catalog.
	Add Action = iota
	// Change: in both, updated in place (or only renamed).
	Change
	// Replace: an init_only attribute changed, which cannot change in
	// place: the resource is removed and created again.
	Replace
	// Remove: the resource is only in the old catalog.
	Remove
)

var actionSymbols = [...]string{"+", "~", "-/+", "-"}
var actionNames = [...]string{"add", "change", "replace", "remove"}

// Symbol is the action's mark: + ~ -/+ -.
func (a Action) Symbol() string { return actionSymbols[a] }

// String is the action's name: add, change, replace, remove.
func (a Action) String() string { return actionNames[a] }

// PlanDiff is the difference between two snapshots: the resources added,
// removed, changed and replaced, the edges added and removed, the
// resources whose place in the order moved, the unchanged resources that
// will be refreshed, and the cycles that appeared or went away. It is
// built by Diff and holds values only; package render prints it.
type PlanDiff struct {
	// Resources are sorted by type, then ref.
	Resources []ResourceChange
	// Edges are sorted by from ref, then to ref.
	Edges []EdgeChange
	// Moves are sorted by new step.
	Moves []Move
	// Refreshes are sorted by new step (resources in cycles last), then ref.
	Refreshes []Refresh
	// NewCycles are in the new catalog only, ResolvedCycles in the old
	// one only; each is a path of refs from its smallest member back to
	// it, sorted by that member.
	NewCycles, ResolvedCycles [][]string
}

// ResourceChange is one resource that is added, removed, changed or
// replaced.
type ResourceChange struct {
	Action Action
	// Type is the type name; Ref is the new ref (the old one for Remove);
	// OldRef is the old ref when the title changed (a rename), else "".
	Type, Ref, OldRef string
	// Attributes are the changed attribute values by path, in the type's
	// attribute order (for Add and Remove: every value set).
	Attributes []AttrChange
	// ParameterOnly is set for a Change whose attribute changes are all
	// parameters or metaparameters: Puppet applies them without an event,
	// so nothing is refreshed by it.
	ParameterOnly bool
	// ForcedBy are the init_only attributes that force a Replace.
	ForcedBy []string
	// OldLoc and NewLoc are "file:line" of the declarations ("" on the
	// missing side).
	OldLoc, NewLoc string
}

// Renamed reports whether the title changed while the uniqueness key did
// not.
func (c ResourceChange) Renamed() bool { return c.OldRef != "" }

// EdgeChange is an edge (a pair of resources) whose kinds differ: added
// (Old == 0), removed (New == 0) or with other kinds.
type EdgeChange struct {
	From, To string
	Old, New Kind
}

// Move is a resource present and ordered in both catalogs whose place in
// the order moved: it is not on the longest common subsequence of the two
// orders, so shifts caused by additions and removals are not moves.
type Move struct {
	Ref              string
	OldStep, NewStep int
}

// Refresh is a resource unchanged by the diff (or changed in parameters
// or title only) that will be refreshed because a resource it receives
// events from, directly or through a chain of refresh edges, changes.
type Refresh struct {
	Ref string
	// Path runs from the changed resource (Path[0]) along refresh edges to
	// this one (the last element): a shortest such chain.
	Path []string
	step int
}

// Empty reports whether the diff has nothing to say.
func (d *PlanDiff) Empty() bool {
	return len(d.Resources) == 0 && len(d.Edges) == 0 && len(d.Moves) == 0 &&
		len(d.Refreshes) == 0 && len(d.NewCycles) == 0 && len(d.ResolvedCycles) == 0
}

// Counts are the totals the summary line shows.
type Counts struct {
	Add, Change, Replace, Remove, Renamed  int
	EdgesAdded, EdgesRemoved, EdgesChanged int
	Reordered, Refreshed                   int
	NewCycles, ResolvedCycles              int
}

// Counts totals the diff.
func (d *PlanDiff) Counts() Counts {
	var c Counts
	for _, r := range d.Resources {
		switch r.Action {
		case Add:
			c.Add++
		case Change:
			c.Change++
		case Replace:
			c.Replace++
		case Remove:
			c.Remove++
		}
		if r.Renamed() {
			c.Renamed++
		}
	}
	for _, e := range d.Edges {
		switch {
		case e.Old == 0:
			c.EdgesAdded++
		case e.New == 0:
			c.EdgesRemoved++
		default:
			c.EdgesChanged++
		}
	}
	c.Reordered, c.Refreshed = len(d.Moves), len(d.Refreshes)
	c.NewCycles, c.ResolvedCycles = len(d.NewCycles), len(d.ResolvedCycles)
	return c
}

// Diff compares two snapshots. Resources are matched by uniqueness key,
// so a changed title with the same namevars is a rename. Cost: linear in
// resources, attribute values and edges, plus O(n log n) for the order.
func Diff(old, new *Snapshot) *PlanDiff {
	m := match(old, new)
	d := &PlanDiff{}
	d.Resources = m.resourceChanges()
	d.Edges = m.edgeChanges()
	d.Moves = m.moves()
	d.Refreshes = m.refreshes(d.Resources)
	d.NewCycles, d.ResolvedCycles = m.cycleChanges()
	return d
}

// matching pairs the resources of two snapshots by uniqueness key.
type matching struct {
	old, new *Snapshot
	// toNew[i] is the new index of old resource i, or -1; toOld likewise.
	toNew, toOld []int32
}

func match(old, new *Snapshot) *matching {
	m := &matching{old: old, new: new, toNew: make([]int32, len(old.Resources)), toOld: make([]int32, len(new.Resources))}
	byKey := make(map[string]int32, len(old.Resources))
	for i, r := range old.Resources {
		m.toNew[i] = -1
		if _, dup := byKey[r.Key]; !dup {
			byKey[r.Key] = int32(i)
		}
	}
	for j, r := range new.Resources {
		m.toOld[j] = -1
		if i, ok := byKey[r.Key]; ok && m.toNew[i] < 0 {
			m.toNew[i], m.toOld[j] = int32(j), i
		}
	}
	return m
}

// resourceChanges compares every matched pair and lists the unmatched.
func (m *matching) resourceChanges() []ResourceChange {
	var out []ResourceChange
	for j := range m.new.Resources {
		nr := &m.new.Resources[j]
		if i := m.toOld[j]; i >= 0 {
			if c, changed := compareResource(&m.old.Resources[i], nr); changed {
				out = append(out, c)
			}
			continue
		}
		out = append(out, ResourceChange{Action: Add, Type: nr.Type, Ref: nr.Ref,
			Attributes: allAttributes(nr, false), NewLoc: loc(nr)})
	}
	for i := range m.old.Resources {
		if m.toNew[i] < 0 {
			or := &m.old.Resources[i]
			out = append(out, ResourceChange{Action: Remove, Type: or.Type, Ref: or.Ref,
				Attributes: allAttributes(or, true), OldLoc: loc(or)})
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Type != out[b].Type {
			return out[a].Type < out[b].Type
		}
		return out[a].Ref < out[b].Ref
	})
	return out
}

// compareResource diffs a matched pair; changed is false when nothing
// differs (not even the title).
func compareResource(or, nr *SnapResource) (ResourceChange, bool) {
	c := ResourceChange{Action: Change, Type: nr.Type, Ref: nr.Ref}
	if or.Ref != nr.Ref {
		c.OldRef = or.Ref
	}
	c.Attributes = compareAttributes(or, nr)
	if len(c.Attributes) == 0 && c.OldRef == "" {
		return c, false
	}
	c.OldLoc, c.NewLoc = loc(or), loc(nr)
	c.ParameterOnly = len(c.Attributes) > 0
	seen := map[string]bool{}
	for _, a := range c.Attributes {
		if a.Behaviour == InitOnlyAttr && !seen[a.Attr] {
			seen[a.Attr] = true
			c.ForcedBy = append(c.ForcedBy, a.Attr)
		}
		if a.Behaviour != ParameterAttr && a.Behaviour != MetaparameterAttr {
			c.ParameterOnly = false
		}
	}
	if len(c.ForcedBy) > 0 {
		c.Action = Replace
	}
	return c, true
}

// event reports whether applying the change makes the resource emit an
// event: a creation, a replacement, or a change to a property.
func (c ResourceChange) event() bool {
	switch c.Action {
	case Add, Replace:
		return true
	case Change:
		return len(c.Attributes) > 0 && !c.ParameterOnly
	}
	return false
}

// loc is "file:line" of a declaration, or "" when unknown.
func loc(r *SnapResource) string {
	if r.File == "" {
		return ""
	}
	if r.Line == 0 {
		return r.File
	}
	return r.File + ":" + strconv.Itoa(r.Line)
}
