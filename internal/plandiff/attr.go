package plandiff

import (
	"slices"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/types"
)

// AttrBehaviour is how an attribute change is applied.
type AttrBehaviour int

// The attribute behaviours diff distinguishes.
const (
	// PropertyAttr changes in place and makes the resource emit an event.
	PropertyAttr AttrBehaviour = iota
	// ParameterAttr changes how Puppet manages the resource, with no event.
	ParameterAttr
	// InitOnlyAttr is meant to be set at creation only: the Resource API
	// checks a change, and Puppet's strict setting decides whether it
	// fails, warns or is applied in place (see InitOnlyChange).
	InitOnlyAttr
	// NamevarAttr identifies the resource (a change is a different resource).
	NamevarAttr
	// MetaparameterAttr is `tag` or `noop`, or the move to another
	// container (ContainerAttr), or a Puppet resource's tags (TagsAttr):
	// no event either.
	MetaparameterAttr
)

var attrBehaviourNames = [...]string{"property", "parameter", "init_only", "namevar", "metaparameter"}

// String is the behaviour's name ("property", "init_only", …).
func (b AttrBehaviour) String() string { return enum.Name(attrBehaviourNames[:], b) }

// AttrChange is one changed value, at an attribute or inside it.
type AttrChange struct {
	// Attr is the attribute (or metaparameter) name; Path locates the
	// value inside it: "mode", "config.port", "list[2]".
	Attr, Path string
	// Old and New are the values; HadOld and HasNew say whether each side
	// has one (a value of undef is nil with the flag set).
	Old, New       types.Value
	HadOld, HasNew bool
	// Sensitive is set when either value is sensitive: Old and New are
	// then nil and must not be shown.
	Sensitive bool
	Behaviour AttrBehaviour

	// Undetermined is set when both values are secrets whose digests
	// cannot be compared (written without a digest key, or under two
	// keys): the change is listed because no one can tell it did not
	// change.
	Undetermined bool

	// OldOrigin and NewOrigin are, for a parameter of a class or
	// defined-type instance compiled by catc, where its value came from
	// on each side (nil when unknown or absent): origin.go. A fleet's
	// group keys leave them out when nil (fleetkey), as before they were
	// added.
	OldOrigin, NewOrigin *catalog.ParamOrigin `fleetkey:"omitzero"`
}

// TypeChanged reports whether both sides have a value and the values are
// of different data types (1 and "1"): the renderers say so.
func (a AttrChange) TypeChanged() bool {
	return a.HadOld && a.HasNew && !a.Sensitive && ValueTypeName(a.Old) != ValueTypeName(a.New)
}

// ValueTypeName is the Puppet data type name of a plain value: Undef,
// Boolean, Integer, Float, String, Array, Hash or Sensitive.
func ValueTypeName(v types.Value) string {
	switch v.(type) {
	case nil:
		return "Undef"
	case bool:
		return "Boolean"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case string:
		return "String"
	case []types.Value:
		return "Array"
	case *types.Hash:
		return "Hash"
	case Redacted:
		return "Sensitive"
	}
	return "Any"
}

// behaviourOf is the diff behaviour of attribute name of r, and whether
// it is compared at all (read_only values never are).
func behaviourOf(r *SnapResource, name string) (AttrBehaviour, bool) {
	info, known := r.Attrs[name]
	if !known {
		return PropertyAttr, true
	}
	switch info.Behaviour {
	case catalog.ReadOnly:
		return PropertyAttr, false
	case catalog.Parameter:
		return ParameterAttr, true
	case catalog.InitOnly:
		return InitOnlyAttr, true
	case catalog.Namevar:
		return NamevarAttr, true
	}
	return PropertyAttr, true
}

// ContainerAttr names the change of a resource's container (Snapshot's
// Container) among its attribute changes.
const ContainerAttr = "contained_in"

// compareAttributes lists the changes between two matched resources:
// attributes in the new resource's order, then those only the old one
// has, then the tag metaparameter, Puppet's tags, the container and noop.
func compareAttributes(or, nr *SnapResource) []AttrChange {
	var out []AttrChange
	ol, nl := hashLookup{h: or.Attributes}, hashLookup{h: nr.Attributes}
	for i, k := range nr.Attributes.Keys {
		b, ok := behaviourOf(nr, k)
		if !ok {
			continue
		}
		ov, had := ol.get(k, i)
		out = diffValue(out, AttrChange{Attr: k, Path: k, Behaviour: b}, ov, had, nr.Attributes.Values[i], true)
	}
	for i, k := range or.Attributes.Keys {
		if _, has := nl.get(k, i); has {
			continue
		}
		if b, ok := behaviourOf(or, k); ok {
			out = diffValue(out, AttrChange{Attr: k, Path: k, Behaviour: b}, or.Attributes.Values[i], true, nil, false)
		}
	}
	if !slices.Equal(or.Tags, nr.Tags) && !slices.Equal(tagSet(or.Tags), tagSet(nr.Tags)) { // tags are a set to Puppet (PuppetDB sorts them)
		meta := AttrChange{Attr: "tag", Path: "tag", Behaviour: MetaparameterAttr}
		out = diffValue(out, meta, stringsValue(or.Tags), len(or.Tags) > 0, stringsValue(nr.Tags), len(nr.Tags) > 0)
	}
	out = compareTags(out, or, nr)
	if or.Container != nr.Container && or.Container != "" && nr.Container != "" {
		// No metaparameter, but what a reader of a Puppet catalog diff
		// asks first: the resource moved to another class or define (no
		// event either; its edges through the container change).
		moved := AttrChange{Attr: ContainerAttr, Path: ContainerAttr, Behaviour: MetaparameterAttr}
		out = diffValue(out, moved, or.Container, true, nr.Container, true)
	}
	meta := AttrChange{Attr: "noop", Path: "noop", Behaviour: MetaparameterAttr}
	out = diffValue(out, meta, boolValue(or.Noop), or.Noop != nil, boolValue(nr.Noop), nr.Noop != nil)
	return compareMeta(out, or.Meta, nr.Meta)
}

// compareMeta adds the changes of schedule, loglevel and audit: no event,
// as for every metaparameter.
func compareMeta(out []AttrChange, om, nm *catalog.Metaparams) []AttrChange {
	var o, n catalog.Metaparams
	if om != nil {
		o = *om
	}
	if nm != nil {
		n = *nm
	}
	for _, m := range []struct {
		name   string
		ov, nv types.Value
		oh, nh bool
	}{
		{"schedule", o.Schedule, n.Schedule, o.Schedule != "", n.Schedule != ""},
		{"loglevel", o.Loglevel, n.Loglevel, o.Loglevel != "", n.Loglevel != ""},
		{"audit", stringsValue(o.Audit), stringsValue(n.Audit), len(o.Audit) > 0, len(n.Audit) > 0},
	} {
		c := AttrChange{Attr: m.name, Path: m.name, Behaviour: MetaparameterAttr}
		out = diffValue(out, c, m.ov, m.oh, m.nv, m.nh)
	}
	return out
}

// allAttributes lists every value of an added (or removed) resource as
// a change from (or to) nothing.
func allAttributes(r *SnapResource, removed bool) []AttrChange {
	var out []AttrChange
	for i, k := range r.Attributes.Keys {
		b, ok := behaviourOf(r, k)
		if !ok {
			continue
		}
		c := AttrChange{Attr: k, Path: k, Behaviour: b}
		v := r.Attributes.Values[i]
		if removed {
			c.Old, c.HadOld = v, true
		} else {
			c.New, c.HasNew = v, true
		}
		out = append(out, redactChange(c))
	}
	return out
}

// diffValue appends the changes between ov and nv at c.Path: hashes key
// by key and arrays of equal length element by element, so that a change
// deep inside shows where it is; anything else as one old → new change.
// Values of different types always differ (1 is not "1"). Below
// maxValueDepth levels a value is compared whole: a change there is one
// change of the value at that depth.
func diffValue(out []AttrChange, c AttrChange, ov types.Value, had bool, nv types.Value, has bool) []AttrChange {
	w := valueWalk{root: c.Path}
	return w.diff(out, c, ov, had, nv, has)
}

// diff is diffValue at the walk's path inside the attribute, which is
// spelled out only for a change found.
func (w *valueWalk) diff(out []AttrChange, c AttrChange, ov types.Value, had bool, nv types.Value, has bool) []AttrChange {
	if had && has && len(w.steps) < maxValueDepth {
		if oh, ok := ov.(*types.Hash); ok {
			if nh, ok := nv.(*types.Hash); ok {
				return w.diffHash(out, c, oh, nh)
			}
		}
		if oa, ok := ov.([]types.Value); ok {
			if na, ok := nv.([]types.Value); ok && len(oa) == len(na) {
				for i := range oa {
					w.steps = append(w.steps, valueStep{i: i, isIdx: true})
					out = w.diff(out, c, oa[i], true, na[i], true)
					w.steps = w.steps[:len(w.steps)-1]
				}
				return out
			}
		}
	}
	if had && has && undetermined(ov, nv) {
		c.Path = w.String()
		c.HadOld, c.HasNew, c.Sensitive, c.Undetermined = true, true, true, true
		return append(out, c)
	}
	if had == has && (!had || equalValue(ov, nv)) {
		return out
	}
	c.Path = w.String()
	c.Old, c.HadOld, c.New, c.HasNew = ov, had, nv, has
	return append(out, redactChange(c))
}

func (w *valueWalk) diffHash(out []AttrChange, c AttrChange, oh, nh *types.Hash) []AttrChange {
	ol, nl := hashLookup{h: oh}, hashLookup{h: nh}
	for i, k := range nh.Keys {
		ov, had := ol.get(k, i)
		w.steps = append(w.steps, valueStep{key: k})
		out = w.diff(out, c, ov, had, nh.Values[i], true)
		w.steps = w.steps[:len(w.steps)-1]
	}
	for i, k := range oh.Keys {
		if _, has := nl.get(k, i); !has {
			w.steps = append(w.steps, valueStep{key: k})
			out = w.diff(out, c, oh.Values[i], true, nil, false)
			w.steps = w.steps[:len(w.steps)-1]
		}
	}
	return out
}

// undetermined reports whether a and b are secrets whose digests cannot
// be compared: one has none, or they come from different keys.
func undetermined(a, b types.Value) bool {
	ra, okA := a.(Redacted)
	rb, okB := b.(Redacted)
	if !okA || !okB {
		return false
	}
	if ra.Digest == "" || rb.Digest == "" {
		return true
	}
	return secretdigest.KeyID(ra.Digest) != secretdigest.KeyID(rb.Digest)
}

// redactChange drops the values of a change that involves a sensitive
// value anywhere inside it.
func redactChange(c AttrChange) AttrChange {
	if containsRedacted(c.Old) || containsRedacted(c.New) {
		c.Sensitive, c.Old, c.New = true, nil, nil
	}
	return c
}

func containsRedacted(v types.Value) bool {
	switch v := v.(type) {
	case Redacted:
		return true
	case []types.Value:
		for _, x := range v {
			if containsRedacted(x) {
				return true
			}
		}
	case *types.Hash:
		for _, x := range v.Values {
			if containsRedacted(x) {
				return true
			}
		}
	}
	return false
}

// equalValue is deep equality that keeps data types apart: 1, 1.0 and
// "1" are three different values. Hash key order does not matter.
func equalValue(a, b types.Value) bool {
	switch a := a.(type) {
	case []types.Value:
		bb, ok := b.([]types.Value)
		if !ok || len(a) != len(bb) {
			return false
		}
		for i := range a {
			if !equalValue(a[i], bb[i]) {
				return false
			}
		}
		return true
	case *types.Hash:
		bh, ok := b.(*types.Hash)
		if !ok || a.Len() != bh.Len() {
			return false
		}
		bl := hashLookup{h: bh}
		for i, k := range a.Keys {
			if v, ok := bl.get(k, i); !ok || !equalValue(a.Values[i], v) {
				return false
			}
		}
		return true
	case float64:
		bf, ok := b.(float64)
		return ok && (a == bf || a != a && bf != bf)
	}
	return a == b
}

func stringsValue(s []string) types.Value {
	out := make([]types.Value, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

func boolValue(b *bool) types.Value {
	if b == nil {
		return nil
	}
	return *b
}

// hashLookup finds the keys of a hash for a walk over the keys of
// another: at the same position first (two resources of a type list
// their attributes in the same order), then by Hash.Get's scan when the
// hash is short, or through an index built on first need when it is
// long, so that comparing two hashes stays linear (a catalog file may
// hold a hash of 100,000 keys: a scan for each took minutes).
type hashLookup struct {
	h   *types.Hash
	idx map[string]int
}

// scanKeys is the most keys a hash is scanned for, not indexed.
const scanKeys = 16

// get is h.Get(k); at is where k is in the other hash.
func (l *hashLookup) get(k string, at int) (types.Value, bool) {
	if at < len(l.h.Keys) && l.h.Keys[at] == k { // keys are unique
		return l.h.Values[at], true
	}
	if l.h.Len() <= scanKeys {
		return l.h.Get(k)
	}
	if l.idx == nil {
		l.idx = make(map[string]int, l.h.Len())
		for i, k := range l.h.Keys {
			l.idx[k] = i
		}
	}
	i, ok := l.idx[k]
	if !ok {
		return nil, false
	}
	return l.h.Values[i], true
}
