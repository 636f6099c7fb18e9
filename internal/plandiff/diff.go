package plandiff

import (
	"strconv"

	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/graph"
)

// Action is what applying the new catalog does to one resource. Puppet
// never deletes and recreates a resource, and it leaves a resource it no
// longer manages on the node as it is: only an ensure that means removal
// (absent; false for a file, purged for a package: catalog.EnsureRemoves)
// removes one.
type Action int

// The actions, in the order a summary lists them.
const (
	// Manage: the resource is only in the new catalog (and not absent).
	Manage Action = iota
	// Change: in both, updated in place (or only renamed).
	Change
	// Unmanage: the resource is only in the old catalog. Puppet no longer
	// manages it and leaves it on the node as it is.
	Unmanage
	// Remove: ensure goes to absent (or an added resource is absent):
	// Puppet removes it from the node.
	Remove
	// Fail: an init_only attribute changes on a resource present on both
	// sides while Puppet's strict setting is error: the Resource API
	// fails the resource and Puppet skips everything that depends on it.
	Fail
)

var actionSymbols = [...]string{"+", "~", "=", "-", "x"}
var actionNames = [...]string{"manage", "change", "unmanage", "remove", "fail"}

// Symbol is the action's mark: + ~ = - x.
func (a Action) Symbol() string { return actionSymbols[a] }

// String is the action's name: manage, change, unmanage, remove, fail.
func (a Action) String() string { return enum.Name(actionNames[:], a) }

// Strict is Puppet's strict setting, which decides what the Resource API
// does with an init_only change (its flush): StrictError (Puppet 8's
// default, the zero value) fails the resource, StrictWarning (Puppet 7's)
// logs a warning and updates in place, StrictOff updates in place silently.
type Strict int

// The strict settings.
const (
	StrictError Strict = iota
	StrictWarning
	StrictOff
)

var strictNames = [...]string{"error", "warning", "off"}

// String is the setting as Puppet spells it: error, warning, off.
func (s Strict) String() string { return enum.Name(strictNames[:], s) }

// ParseStrict reads a strict setting by its Puppet name.
func ParseStrict(name string) (Strict, bool) {
	return enum.Parse[Strict](strictNames[:], name)
}

// ParseAction reads an action by its name (String's: manage, change, …).
func ParseAction(name string) (Action, bool) {
	return enum.Parse[Action](actionNames[:], name)
}

// ParseAttrBehaviour reads an attribute behaviour by its name (String's:
// property, init_only, …).
func ParseAttrBehaviour(name string) (AttrBehaviour, bool) {
	return enum.Parse[AttrBehaviour](attrBehaviourNames[:], name)
}

// DiffOptions are the Puppet settings a diff assumes.
type DiffOptions struct {
	Strict Strict
}

// PlanDiff is the difference between two snapshots: the resources newly
// managed, changed, no longer managed, removed from the node or failing,
// the resources skipped because one they depend on fails, the edges added
// and removed, the resources whose place in the order moved, the
// unchanged resources that will be refreshed, and the cycles that
// appeared or went away. It is built by Diff and holds values only;
// package render prints it.
type PlanDiff struct {
	// Strict is the setting the diff assumed.
	Strict Strict
	// Resources are sorted by type, then ref.
	Resources []ResourceChange
	// Skips are the resources of the new catalog that Puppet skips
	// because a resource they depend on fails, sorted by new step
	// (resources in cycles last), then ref.
	Skips []Skip
	// Edges are sorted by from ref, then to ref.
	Edges []EdgeChange
	// Moves are sorted by new step; none when OrderUnknown is set.
	Moves []Move
	// OrderUnknown says why the order was not compared, "" when it was: a
	// side keeps no order of its resources (PuppetDB's formats), so the
	// agent's order, and any move in it, cannot be known.
	OrderUnknown string
	// Generated are the files the agent generates that the new catalog
	// rewrites (concat's), sorted by the generating resource's ref.
	Generated []GeneratedFile
	// Refreshes are sorted by new step (resources in cycles last), then ref.
	Refreshes []Refresh
	// NewCycles are in the new catalog only, ResolvedCycles in the old
	// one only, UnresolvedCycles in both; each is a path of refs from its
	// smallest member back to it, sorted by that member.
	NewCycles, ResolvedCycles, UnresolvedCycles [][]string
	// NewFails and OldFails are the errors for which Puppet refuses the
	// new (old) catalog whole (Snapshot.Fails): the rest of the diff is
	// still exact, but nothing of that catalog would be applied.
	NewFails, OldFails []string
}

// Refused reports whether Puppet would refuse the new catalog whole
// (NewFails): its run fails before it applies any resource.
func (d *PlanDiff) Refused() bool { return len(d.NewFails) > 0 }

// AppliesNothing reports whether Puppet would apply nothing from the new
// catalog: it has a dependency cycle (new or left from the old one), and
// Puppet refuses a catalog with one before it applies any resource.
func (d *PlanDiff) AppliesNothing() bool {
	return len(d.NewCycles)+len(d.UnresolvedCycles) > 0
}

// ResourceChange is one resource the diff changes.
type ResourceChange struct {
	Action Action
	// Type is the type name; Ref is the new ref (the old one for
	// Unmanage); OldRef is the old ref when the title changed (a rename),
	// else "".
	Type, Ref, OldRef string
	// Attributes are the changed attribute values by path, in the type's
	// attribute order (for Manage and Unmanage, and Remove of an added
	// resource: every value set).
	Attributes []AttrChange
	// ParameterOnly is set for a Change whose attribute changes are all
	// parameters or metaparameters: Puppet applies them without an event,
	// so nothing is refreshed by it.
	ParameterOnly bool
	// InitOnly are the init_only attributes the Resource API checks: set
	// in the new catalog to another value while ensure is present on both
	// sides. Under StrictError they make the action Fail.
	InitOnly []InitOnlyChange
	// Skipped is set when a resource this one depends on fails: Puppet
	// does not apply this change.
	Skipped bool
	// OldLoc and NewLoc are "file:line" of the declarations ("" on the
	// missing side).
	OldLoc, NewLoc string
	// PurgedBy, for Unmanage only, are the resources of the new catalog
	// that may purge this one from the node (sorted by ref): then it is
	// not sure to be left as it is. For Remove, the one directory that
	// purges it (Purge.Effect says how).
	PurgedBy []Purge
	// Regenerates is the File a concat_file generates that this change
	// (of the concat_file, or of one of its fragments) rewrites
	// (PlanDiff.Generated), "" for none.
	Regenerates string
}

// InitOnlyChange is one init_only attribute whose wanted value differs
// from the node's current one, taken to be the old catalog's.
type InitOnlyChange struct {
	Attr string
	// Message is the sentence the Resource API logs (strict=warning) or
	// fails with (strict=error), e.g. "Attempting to change `uid`
	// init_only attribute value from `1001` to `2001`". It is "" when
	// the old catalog does not set the attribute: the node's current value
	// is then unknown, and Puppet fails only if it differs.
	Message string
}

// Skip is a resource Puppet skips ("Skipping because of failed
// dependencies") because a resource it depends on, directly or through
// others, fails.
type Skip struct {
	Ref string
	// Path runs from a failing resource (Path[0]) along edges to this one
	// (the last element): a shortest such chain, of at most maxChain
	// resources; Skipped are those left out after Path[0].
	Path    []string
	Skipped int
	step    int
}

// Unknown reports whether every change of the resource is a secret whose
// digests cannot be compared (AttrChange.Undetermined): no one can tell
// that anything changed, so it is not counted as a change.
func (c ResourceChange) Unknown() bool {
	if c.Action != Change || c.Renamed() || len(c.Attributes) == 0 {
		return false
	}
	for _, a := range c.Attributes {
		if !a.Undetermined {
			return false
		}
	}
	return true
}

// Renamed reports whether the title changed while the uniqueness key did
// not.
func (c ResourceChange) Renamed() bool { return c.OldRef != "" }

// EdgeChange is an edge (a pair of resources) whose kinds differ: added
// (Old == 0), removed (New == 0) or with other kinds.
type EdgeChange struct {
	From, To string
	Old, New graph.Kind
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
	// this one (the last element): a shortest such chain, of at most
	// maxChain resources; Skipped are those left out after Path[0].
	Path    []string
	Skipped int
	step    int
}

// Empty reports whether the diff has nothing to say. A cycle left in the
// new catalog is something to say: Puppet applies nothing from it; so is
// an error Puppet refuses either catalog for.
func (d *PlanDiff) Empty() bool {
	return len(d.Resources) == 0 && len(d.Edges) == 0 && len(d.Moves) == 0 && len(d.Generated) == 0 &&
		len(d.Refreshes) == 0 && len(d.NewCycles) == 0 && len(d.ResolvedCycles) == 0 &&
		len(d.UnresolvedCycles) == 0 && len(d.NewFails) == 0 && len(d.OldFails) == 0
}

// HasChanges reports whether the diff has a change anyone can tell: it
// is not empty, and not only secrets that cannot be compared (a catalog
// JSON written without a digest key: two identical compiles have only
// those).
func (d *PlanDiff) HasChanges() bool {
	if len(d.Edges) > 0 || len(d.Moves) > 0 || len(d.Refreshes) > 0 || len(d.NewCycles) > 0 ||
		len(d.ResolvedCycles) > 0 || len(d.UnresolvedCycles) > 0 || len(d.NewFails) > 0 || len(d.OldFails) > 0 {
		return true
	}
	for _, r := range d.Resources {
		if !r.Unknown() {
			return true
		}
	}
	return false
}

// Counts are the totals the summary line shows. A change Puppet skips is
// counted in Skipped only; a resource whose only changes are secrets that
// cannot be compared is not counted as changed, and each such secret, on
// any resource, counts in Undetermined.
type Counts struct {
	Manage, Change, Unmanage, Remove, Fail int
	// Skipped counts the resources skipped because of a failure; Warned
	// the changes the Resource API warns about (init_only under
	// strict=warning); Renamed the changes whose title changed; MayPurge
	// the resources no longer managed that may be purged (also counted in
	// Unmanage).
	Skipped, Warned, Renamed, MayPurge     int
	EdgesAdded, EdgesRemoved, EdgesChanged int
	Reordered, Refreshed                   int
	NewCycles, ResolvedCycles              int
	UnresolvedCycles                       int
	Undetermined                           int
}

// Counts totals the diff.
func (d *PlanDiff) Counts() Counts {
	var c Counts
	for _, r := range d.Resources {
		switch {
		case r.Skipped: // counted with the skips
		case r.Unknown(): // counted with the secrets below
		case r.Action == Manage:
			c.Manage++
		case r.Action == Change:
			c.Change++
		case r.Action == Unmanage:
			c.Unmanage++
		case r.Action == Remove:
			c.Remove++
		case r.Action == Fail:
			c.Fail++
		}
		if r.Renamed() {
			c.Renamed++
		}
		if r.Action == Unmanage && len(r.PurgedBy) > 0 && r.PurgedBy[0].Effect == PurgeMay {
			c.MayPurge++
		}
		for _, a := range r.Attributes {
			if a.Undetermined {
				c.Undetermined++
			}
		}
		if d.Strict == StrictWarning && r.Action == Change && !r.Skipped && r.warns() {
			c.Warned++
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
	c.Skipped = len(d.Skips)
	c.Reordered, c.Refreshed = len(d.Moves), len(d.Refreshes)
	c.NewCycles, c.ResolvedCycles = len(d.NewCycles), len(d.ResolvedCycles)
	c.UnresolvedCycles = len(d.UnresolvedCycles)
	return c
}

// warns reports whether the Resource API has a sentence for one of the
// change's init_only attributes (it knows both values).
func (c ResourceChange) warns() bool {
	for _, io := range c.InitOnly {
		if io.Message != "" {
			return true
		}
	}
	return false
}

// Diff compares two snapshots as Puppet 8 applies them (strict=error).
func Diff(old, new *Snapshot) *PlanDiff { return DiffWith(old, new, DiffOptions{}) }

// DiffWith compares two snapshots. Resources are matched by uniqueness
// key, so a changed title with the same namevars is a rename; the old
// catalog is taken as the node's current state. Cost: linear in
// resources, attribute values and edges, plus O(n log n) for the order.
func DiffWith(old, new *Snapshot, o DiffOptions) *PlanDiff {
	m := match(old, new)
	d := &PlanDiff{Strict: o.Strict}
	d.Resources = m.resourceChanges(o.Strict)
	d.Generated = m.generatedFiles(d.Resources)
	m.purgers(d.Resources)
	d.Skips = m.skips(d.Resources)
	d.Edges = m.edgeChanges()
	if d.OrderUnknown = orderUnknown(old, new); d.OrderUnknown == "" {
		d.Moves = m.moves(m.touched(d.Resources, d.Edges))
	}
	d.Refreshes = m.refreshes(d.Resources, d.Generated)
	d.NewCycles, d.ResolvedCycles, d.UnresolvedCycles = m.cycleChanges()
	d.NewFails, d.OldFails = new.Fails, old.Fails
	d.Sort()
	return d
}

// matching pairs the resources of two snapshots by uniqueness key.
type matching struct {
	old, new *Snapshot
	// toNew[i] is the new index of old resource i, or -1; toOld likewise.
	toNew, toOld []int32
	// oldIdx and newIdx map each ref to its index (byRef), built on first
	// use by oldRefs and newRefs, once per diff.
	oldIdx, newIdx map[string]int32
}

// oldRefs is m.old.byRef(), built once.
func (m *matching) oldRefs() map[string]int32 {
	if m.oldIdx == nil {
		m.oldIdx = m.old.byRef()
	}
	return m.oldIdx
}

// newRefs is m.new.byRef(), built once.
func (m *matching) newRefs() map[string]int32 {
	if m.newIdx == nil {
		m.newIdx = m.new.byRef()
	}
	return m.newIdx
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
func (m *matching) resourceChanges(strict Strict) []ResourceChange {
	var out []ResourceChange
	for j := range m.new.Resources {
		nr := &m.new.Resources[j]
		if i := m.toOld[j]; i >= 0 {
			if c, changed := compareResource(&m.old.Resources[i], nr, strict, m.losses()); changed {
				out = append(out, c)
			}
			continue
		}
		c := ResourceChange{Action: Manage, Type: nr.Type, Ref: nr.Ref,
			Attributes: withOrigins(allAttributes(nr, false), nil, nr), NewLoc: loc(nr)}
		if removes(nr) {
			c.Action = Remove
		}
		out = append(out, c)
	}
	for i := range m.old.Resources {
		if m.toNew[i] < 0 {
			or := &m.old.Resources[i]
			out = append(out, ResourceChange{Action: Unmanage, Type: or.Type, Ref: or.Ref,
				Attributes: withOrigins(allAttributes(or, true), or, nil), OldLoc: loc(or)})
		}
	}
	return out
}

// compareResource diffs a matched pair; changed is false when nothing
// differs (not even the title). A secret a side's source left out is no
// change (left).
func compareResource(or, nr *SnapResource, strict Strict, lost losses) (ResourceChange, bool) {
	c := ResourceChange{Action: Change, Type: nr.Type, Ref: nr.Ref}
	if or.Ref != nr.Ref {
		c.OldRef = or.Ref
	}
	c.Attributes = withOrigins(lost.drop(compareAttributes(or, nr), or, nr), or, nr)
	if len(c.Attributes) == 0 && c.OldRef == "" {
		return c, false
	}
	c.OldLoc, c.NewLoc = loc(or), loc(nr)
	// Only the changes anyone can tell decide whether an event is sent: a
	// secret that cannot be compared most likely did not change.
	known := 0
	c.ParameterOnly = true
	for _, a := range c.Attributes {
		if a.Undetermined {
			continue
		}
		known++
		if a.Behaviour != ParameterAttr && a.Behaviour != MetaparameterAttr {
			c.ParameterOnly = false
		}
	}
	c.ParameterOnly = c.ParameterOnly && known > 0
	c.InitOnly = initOnlyChanges(or, nr, c.Attributes)
	switch {
	case removes(nr) && !removes(or):
		c.Action = Remove
	case strict == StrictError && c.warns():
		c.Action = Fail
	}
	return c, true
}

// event reports whether applying the change makes the resource emit an
// event: a creation, a removal, or a change to a property. A failing or
// skipped resource emits none.
func (c ResourceChange) event() bool {
	if c.Skipped {
		return false
	}
	switch c.Action {
	case Manage, Remove:
		return true
	case Change:
		return len(c.Attributes) > 0 && !c.ParameterOnly && !c.Unknown()
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
