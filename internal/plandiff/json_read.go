package plandiff

import (
	"fmt"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/types"
)

// Diff turns a decoded catc.diff/2 document back into the diff it
// was written from, for `catc diff --merge`: WriteJSON of the result gives
// the same bytes. A sensitive value's sides are its "old_set" and
// "new_set"; a document written without them (by catc before they were
// added) has its sides guessed from the action (newly managed: the new
// side; no longer managed and removed: the old; changed: both).
func (j *JSONDocument) Diff() (*PlanDiff, error) {
	if j.Format != JSONFormat {
		return nil, fmt.Errorf("a group's diff has format %q, not %q", j.Format, JSONFormat)
	}
	d := &PlanDiff{NewCycles: j.NewCycles, ResolvedCycles: j.ResolvedCycles, UnresolvedCycles: j.UnresolvedCycles, OrderUnknown: j.OrderUnknown,
		NewFails: j.NewFails, OldFails: j.OldFails}
	var ok bool
	if d.Strict, ok = ParseStrict(j.Strict); !ok {
		return nil, fmt.Errorf("unknown strict setting %q", j.Strict)
	}
	for _, r := range j.Resources {
		c, err := readResourceChange(r)
		if err != nil {
			return nil, err
		}
		d.Resources = append(d.Resources, c)
	}
	for _, s := range j.Skips {
		d.Skips = append(d.Skips, Skip{Ref: s.Ref, Path: s.Path, Skipped: s.Skipped})
	}
	for _, e := range j.Edges {
		d.Edges = append(d.Edges, EdgeChange{From: e.From, To: e.To, Old: graph.ParseKinds(e.OldKinds), New: graph.ParseKinds(e.NewKinds)})
	}
	for _, m := range j.Moves {
		d.Moves = append(d.Moves, Move(m))
	}
	for _, r := range j.Refreshes {
		d.Refreshes = append(d.Refreshes, Refresh{Ref: r.Ref, Path: r.Path, Skipped: r.Skipped})
	}
	for _, g := range j.Generated {
		d.Generated = append(d.Generated, GeneratedFile(g))
	}
	if len(d.NewCycles) == 0 {
		d.NewCycles = nil
	}
	if len(d.ResolvedCycles) == 0 {
		d.ResolvedCycles = nil
	}
	if len(d.UnresolvedCycles) == 0 {
		d.UnresolvedCycles = nil
	}
	return d, nil
}

func readResourceChange(r jsonDiffRes) (ResourceChange, error) {
	c := ResourceChange{Type: r.Type, Ref: r.Ref, OldRef: r.OldRef, ParameterOnly: r.ParameterOnly,
		Skipped: r.Skipped, OldLoc: r.OldLocation, NewLoc: r.NewLocation}
	var ok bool
	if c.Action, ok = ParseAction(r.Action); !ok {
		return c, fmt.Errorf("%s: unknown action %q", r.Ref, r.Action)
	}
	for _, io := range r.InitOnly {
		c.InitOnly = append(c.InitOnly, InitOnlyChange{Attr: io.Attribute, Message: io.Message})
	}
	for _, p := range r.PurgedBy {
		e := PurgeMay
		if p.Effect != "" {
			if e, ok = ParsePurgeEffect(p.Effect); !ok {
				return c, fmt.Errorf("%s: unknown purge effect %q", r.Ref, p.Effect)
			}
		}
		c.PurgedBy = append(c.PurgedBy, Purge{Ref: p.Ref, Why: p.Why, Effect: e})
	}
	c.Regenerates = r.Regenerates
	for _, a := range r.Attributes {
		ac, err := readAttrChange(c.Action, a)
		if err != nil {
			return c, fmt.Errorf("%s: %w", r.Ref, err)
		}
		c.Attributes = append(c.Attributes, ac)
	}
	return c, nil
}

func readAttrChange(action Action, a jsonDiffAttr) (AttrChange, error) {
	c := AttrChange{Attr: a.Attribute, Path: a.Path, Sensitive: a.Sensitive, Undetermined: a.Undetermined,
		OldOrigin: originOfJSON(a.OldOrigin), NewOrigin: originOfJSON(a.NewOrigin)}
	var ok bool
	if c.Behaviour, ok = ParseAttrBehaviour(a.Behaviour); !ok {
		return c, fmt.Errorf("unknown behaviour %q", a.Behaviour)
	}
	if a.Sensitive {
		c.HadOld, c.HasNew = action != Manage, action != Unmanage && action != Remove
		if a.OldSet != nil {
			c.HadOld = *a.OldSet
		}
		if a.NewSet != nil {
			c.HasNew = *a.NewSet
		}
		return c, nil
	}
	var err error
	if c.HadOld = a.Old != nil; c.HadOld {
		if c.Old, err = types.DecodeJSON(a.Old); err != nil {
			return c, err
		}
	}
	if c.HasNew = a.New != nil; c.HasNew {
		if c.New, err = types.DecodeJSON(a.New); err != nil {
			return c, err
		}
	}
	return c, nil
}
