package plandiff

import (
	"slices"
	"strings"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/types"
)

// Purge is a resource of the new catalog that may remove, at apply time,
// a resource the new catalog no longer manages: Puppet leaves such a
// resource on the node unless something purges it.
type Purge struct {
	// Ref is the purging resource.
	Ref string
	// Why says how, in the catalog's words: "purge = true" for the
	// resources type (or a container without custom_generate),
	// "custom_generate, purge = true" for a container whose provider
	// generates the removals (firewallchain), or "custom_generate" for
	// such a type without a purge attribute; for a purging directory,
	// its parameters ("purge = true, recurse = true").
	Why string
	// Effect is what the purge does to the resource: it may remove it
	// (the zero value), it removes it (a file in a purging directory),
	// or it spares it (a directory, without force).
	Effect PurgeEffect
}

// PurgeEffect is what a purge does to a resource no longer managed.
type PurgeEffect int

// The purge effects.
const (
	// PurgeMay: the resource may be removed: Puppet removes what it finds
	// on the node, which only the node can tell.
	PurgeMay PurgeEffect = iota
	// PurgeRemoves: a file (or, with force, a directory) a purging
	// directory lists: Puppet removes it (it exists: the old catalog
	// managed it).
	PurgeRemoves
	// PurgeSpares: a directory a purging directory lists without force:
	// Puppet removes the unmanaged files in it, not the directory ("Not
	// removing directory; use 'force' to override").
	PurgeSpares
)

var purgeEffectNames = [...]string{"may remove", "removes", "spares"}

// String is the effect's name: may remove, removes, spares.
func (e PurgeEffect) String() string { return enum.Name(purgeEffectNames[:], e) }

// ParsePurgeEffect reads an effect by its name (String's).
func ParsePurgeEffect(name string) (PurgeEffect, bool) {
	return enum.Parse[PurgeEffect](purgeEffectNames[:], name)
}

// purgers finds what may purge each resource the new catalog no longer
// manages, and sets the changes' PurgedBy. Whether it does depends on the
// node (Puppet purges only instances it finds there, and a provider's
// generate decides for itself), so the diff can only say "may".
//   - resources "T" with purge = true purges the unmanaged instances of
//     type T (Puppet's resources type);
//   - a resource whose type has the custom_generate feature (and, when
//     the type has a purge attribute, sets it to true), or any resource
//     with purge = true, may purge resources of the types related to its
//     type by an auto rule, either way: a firewallchain with purge = true
//     removes the unmanaged firewall rules of its chain, and firewall
//     autorequires firewallchain.
func (m *matching) purgers(changes []ResourceChange) {
	if !slices.ContainsFunc(changes, func(c ResourceChange) bool { return c.Action == Unmanage }) {
		return // nothing left unmanaged: no need to look for purgers
	}
	m.filePurges(changes)
	byType := map[string][]Purge{}         // resources "T": purges type T
	containers := map[string][]container{} // by the container's type
	for i := range m.new.Resources {
		r := &m.new.Resources[i]
		typ := strings.ToLower(r.Type)
		purge, hasPurge := r.Attributes.Get("purge")
		switch {
		case typ == "file":
			// A purging directory purges files only, as filePurges says.
		case typ == "resources" && isTrue(purge):
			target := r.Title
			if name, ok := r.Attributes.Get("name"); ok {
				if s, ok := name.(string); ok {
					target = s
				}
			}
			byType[strings.ToLower(target)] = append(byType[strings.ToLower(target)], Purge{Ref: r.Ref, Why: "purge = true"})
		case m.new.Types[typ].CustomGenerate && !hasPurge:
			containers[typ] = append(containers[typ], container{Purge{Ref: r.Ref, Why: "custom_generate"}, r.Key})
		case m.new.Types[typ].CustomGenerate && isTrue(purge):
			containers[typ] = append(containers[typ], container{Purge{Ref: r.Ref, Why: "custom_generate, purge = true"}, r.Key})
		case isTrue(purge):
			// Without custom_generate the Resource API calls no generate;
			// a provider may still purge on its own (a type ported from
			// Ruby, whose generate did): the diff cannot rule it out.
			containers[typ] = append(containers[typ], container{Purge{Ref: r.Ref, Why: "purge = true"}, r.Key})
		}
	}
	if len(byType) == 0 && len(containers) == 0 {
		return
	}
	neighbours := m.old.neighbourKeys()
	oldIdx := m.oldRefs()
	holders := map[string][]string{} // by type: the container types related to it
	for k := range changes {
		c := &changes[k]
		if c.Action != Unmanage || len(c.PurgedBy) > 0 {
			continue
		}
		typ := strings.ToLower(c.Type)
		cts, ok := holders[typ]
		if !ok {
			for ct := range containers {
				if related(m.old.Types[typ], ct) || related(m.new.Types[ct], typ) {
					cts = append(cts, ct)
				}
			}
			holders[typ] = cts
		}
		c.PurgedBy = append(c.PurgedBy, byType[typ]...)
		for _, ct := range cts {
			c.PurgedBy = append(c.PurgedBy, inContainer(ct, containers[ct], neighbours[oldIdx[c.Ref]])...)
		}
		slices.SortFunc(c.PurgedBy, func(a, b Purge) int { return compareRefs(a.Ref, b.Ref) })
	}
}

// container is a resource that may purge the resources it contains.
type container struct {
	Purge
	key string
}

// inContainer narrows the purging containers of type typ to those the
// resource was connected to in the old catalog (a firewall rule's chain,
// by its autorequire): when it was connected to no container of that
// type at all, any may hold it.
func inContainer(typ string, cs []container, neighbours map[string]bool) []Purge {
	var near, all []Purge
	for _, c := range cs {
		all = append(all, c.Purge)
		if neighbours[c.key] {
			near = append(near, c.Purge)
		}
	}
	for k := range neighbours {
		if strings.HasPrefix(k, typ+"\x00") {
			return near // in a container of that type: only it may purge
		}
	}
	return all
}

// neighbourKeys are, by resource index, the uniqueness keys of the
// resources it shares an edge with.
func (s *Snapshot) neighbourKeys() []map[string]bool {
	out := make([]map[string]bool, len(s.Resources))
	add := func(a, b int32) {
		if out[a] == nil {
			out[a] = map[string]bool{}
		}
		out[a][s.Resources[b].Key] = true
	}
	for _, e := range s.Edges {
		add(e.From, e.To)
		add(e.To, e.From)
	}
	return out
}

// related reports whether t's auto rules name the type other.
func related(t TypeInfo, other string) bool { return slices.Contains(t.Related, other) }

// isTrue reports whether a purge value asks for purging: true, or the
// strings Puppet's boolean parameters accept for it.
func isTrue(v types.Value) bool {
	switch v := v.(type) {
	case bool:
		return v
	case string:
		return v == "true" || v == "yes"
	}
	return false
}

// jsonTypeInfo is Snapshot.Types for a snapshot read from a catalog JSON:
// the features from its "types" (nil when it has none), and the types
// related by the automatic edges the catalog holds (the JSON does not
// carry the auto rules themselves).
// autoKinds are the kinds that come from type rules (graph.Kind.Auto is
// true only when an edge has no other kind).
const autoKinds = graph.AutoRequire | graph.AutoBefore | graph.AutoSubscribe | graph.AutoNotify

func jsonTypeInfo(ts []catalogjson.Type, s *Snapshot) map[string]TypeInfo {
	if len(ts) == 0 {
		return nil
	}
	out := make(map[string]TypeInfo, len(ts))
	for _, t := range ts {
		out[strings.ToLower(t.Name)] = TypeInfo{CustomGenerate: slices.Contains(t.Features, "custom_generate")}
	}
	related := map[[2]string]bool{} // a set of Related, for a file with thousands of types
	for _, e := range s.Edges {
		if e.Kinds&autoKinds == 0 {
			continue
		}
		from, to := strings.ToLower(s.Resources[e.From].Type), strings.ToLower(s.Resources[e.To].Type)
		if from != to && !related[[2]string{from, to}] {
			related[[2]string{from, to}] = true
			ti := out[from]
			ti.Related = append(ti.Related, to)
			out[from] = ti
		}
	}
	return out
}
