package plandiff

import (
	"path/filepath"
	"slices"

	"github.com/catc-dev/catc/internal/catalog"
)

// A changed parameter of a class or defined-type instance carries where
// its value came from on each side (catalog.ParamOrigin), so that a diff
// says why it changed: the data file whose key changed, a value now
// taken from another level or from the default, a declaration that now
// overrides the data. A diff of data files alone shows, node by node,
// the keys whose change moved its values (PlanDiff.DataCauses).

// withOrigins sets, on each change of a parameter of or (old) or nr
// (new), the origin of its value on that side. A resource without
// origins (any but a class or instance compiled by catc) costs nothing.
func withOrigins(out []AttrChange, or, nr *SnapResource) []AttrChange {
	if (or == nil || len(or.Origins) == 0) && (nr == nil || len(nr.Origins) == 0) {
		return out
	}
	for i := range out {
		a := &out[i]
		if or != nil && a.HadOld {
			a.OldOrigin = originOf(or, a.Attr)
		}
		if nr != nil && a.HasNew {
			a.NewOrigin = originOf(nr, a.Attr)
		}
	}
	return out
}

// originOf is the origin of r's parameter name, nil when unknown: a
// copy whose range is its start alone, as the diff JSON keeps it, so a
// diff read back from JSON (a fleet's shards merged) is the same diff.
func originOf(r *SnapResource, name string) *catalog.ParamOrigin {
	for i := range r.Origins {
		if r.Origins[i].Param == name {
			return originOfJSON(newJSONOrigin(&r.Origins[i]))
		}
	}
	return nil
}

// SameOrigin reports whether two origins are the same place on two
// versions of a site (the same data files and levels, relative to the
// site; the same declaration, defaults block or default, by file name,
// line and column): then the value changed there. Else it now comes from
// somewhere else.
func SameOrigin(o, n *catalog.ParamOrigin) bool {
	if o == nil || n == nil || o.Kind != n.Kind {
		return false
	}
	if o.Kind == catalog.OriginData {
		return slices.EqualFunc(o.Data, n.Data, func(a, b catalog.DataSource) bool {
			return a.Path == b.Path && a.Level == b.Level
		})
	}
	return o.Via == n.Via && o.In == n.In &&
		filepath.Base(o.Range.Filename) == filepath.Base(n.Range.Filename) && o.Range.Start == n.Range.Start
}

// DataCause is one data key whose value, in one data file, gave a
// changed parameter its new value (or, when the new value comes from
// elsewhere, its old one).
type DataCause struct {
	// Key is the key looked up (CLASS::PARAM); File and Line the data
	// file (as the side's site names it) and the key's line; Level the
	// hierarchy level.
	Key, File string
	Line      int
	Level     string
	// Old is set when the file is the old side's: the value no longer
	// comes from there.
	Old bool
}

// DataCauses are the data keys behind the diff's changed class
// parameters (of classes and instances on both sides), in the order of
// the changes: for each parameter whose new
// value comes from the data, its data files on the new side; for one
// whose old value came from the data and whose new one does not, its
// files on the old side. Each once.
func (d *PlanDiff) DataCauses() []DataCause {
	var out []DataCause
	add := func(o *catalog.ParamOrigin, old bool) {
		for _, s := range o.Data {
			c := DataCause{Key: o.Key, File: s.File, Line: s.Line, Level: s.Level, Old: old}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	for _, r := range d.Resources {
		if r.Action != Change {
			continue // a class added or gone: its values are not what changed
		}
		for i := range r.Attributes {
			a := &r.Attributes[i]
			switch {
			case a.NewOrigin != nil && a.NewOrigin.Kind == catalog.OriginData:
				add(a.NewOrigin, false)
			case a.OldOrigin != nil && a.OldOrigin.Kind == catalog.OriginData:
				add(a.OldOrigin, true)
			}
		}
	}
	return out
}

// RenameFiles renames the files the snapshot names (each resource's
// declaration and its parameters' origins) with name: a side loaded
// from a temporary checkout is shown under the names the user gave
// ("HEAD~1:site/web.hcl"). The origins are copied, not changed in place:
// the catalog the snapshot was made from keeps its own.
func (s *Snapshot) RenameFiles(name func(string) string) {
	for i := range s.Resources {
		r := &s.Resources[i]
		r.File = name(r.File)
		if len(r.Origins) == 0 {
			continue
		}
		os := slices.Clone(r.Origins)
		for j := range os {
			os[j].Range.Filename = name(os[j].Range.Filename)
			os[j].Data = slices.Clone(os[j].Data)
			for k := range os[j].Data {
				os[j].Data[k].File = name(os[j].Data[k].File)
			}
		}
		r.Origins = os
	}
}
