package plandiff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/types"
)

// ReadSnapshot reads the bytes of a catalog JSON file (the output of `catc compile`, read whole by the caller)
// into a Snapshot. The JSON has no apply order, so ReadSnapshot computes
// it from the resources' indexes and the edges with the rule Order uses
// (Kahn's algorithm, the ready resource declared first), and finds the
// cycles among what it could not order. name labels errors.
func ReadSnapshot(data []byte, name string) (*Snapshot, error) {
	in, err := catalogjson.Read(data, name)
	if err != nil {
		return nil, err
	}
	infos := readTypes(in.Types)
	s := &Snapshot{Resources: make([]SnapResource, len(in.Resources))}
	if err := checkRefsAndIndexes(in.Resources); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	seen := map[string]bool{}
	for _, jr := range in.Resources {
		sr, err := readResource(jr, infos)
		if err != nil {
			return nil, fmt.Errorf("%s: resource %s: %w", name, jr.Ref, err)
		}
		if seen[sr.Key] { // a hand-edited file: keep both, match by ref
			sr.Key = "\x01" + sr.Ref
		}
		seen[sr.Key] = true
		sr.Index = jr.Index
		s.Resources[jr.Index] = sr
	}
	if err := s.readEdges(in.Edges); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	s.plan()
	s.Types = jsonTypeInfo(in.Types, s)
	return s, nil
}

// checkRefsAndIndexes requires what catc compile writes: each ref once,
// and indexes that number the resources 0 to n-1, each once (the index is
// the declaration order, which the apply order's tie-breaks follow).
func checkRefsAndIndexes(rs []catalogjson.Resource) error {
	refs := make(map[string]int, len(rs))
	owner := make([]*catalogjson.Resource, len(rs)) // by index
	for i := range rs {
		r := &rs[i]
		if prev, ok := refs[r.Ref]; ok && r.Ref != "" {
			return fmt.Errorf("resource %s is listed twice (entries %d and %d of resources): a catalog declares each resource once", r.Ref, prev+1, i+1)
		}
		refs[r.Ref] = i
		if r.Index < 0 || r.Index >= len(rs) {
			return fmt.Errorf("resource %s: index %d is out of range: the catalog has %d resources, indexed 0 to %d", r.Ref, r.Index, len(rs), len(rs)-1)
		}
		if other := owner[r.Index]; other != nil {
			return fmt.Errorf("resource %s: index %d is also the index of %s: each resource has its own", r.Ref, r.Index, other.Ref)
		}
		owner[r.Index] = r
	}
	return nil
}

func readTypes(ts []catalogjson.Type) map[string]map[string]AttrInfo {
	if len(ts) == 0 {
		return nil
	}
	out := map[string]map[string]AttrInfo{}
	for _, t := range ts {
		key := strings.ToLower(t.Name)
		m := out[key]
		if m == nil {
			m = map[string]AttrInfo{}
			out[key] = m
		}
		for _, a := range t.Attributes {
			// a hand-edited file may list a type or an attribute twice:
			// sensitive once is sensitive (the safe reading)
			prev := m[a.Name]
			m[a.Name] = AttrInfo{Behaviour: parseBehaviour(a.Behaviour), Sensitive: a.Sensitive || prev.Sensitive}
		}
	}
	return out
}

func parseBehaviour(s string) catalog.Behaviour {
	for b := catalog.Property; b <= catalog.InitOnly; b++ {
		if b.String() == s {
			return b
		}
	}
	return catalog.Property
}

func readResource(jr catalogjson.Resource, infos map[string]map[string]AttrInfo) (SnapResource, error) {
	if jr.Ref == "" || jr.Type == "" {
		return SnapResource{}, fmt.Errorf("missing ref or type")
	}
	attrs, err := asHash(jr.Attributes.V)
	if err != nil {
		return SnapResource{}, fmt.Errorf("attributes: %w", err)
	}
	namevars, err := asHash(jr.Namevars.V)
	if err != nil {
		return SnapResource{}, fmt.Errorf("namevars: %w", err)
	}
	info := infos[strings.ToLower(jr.Type)]
	for i, k := range attrs.Keys {
		attrs.Values[i] = sealSensitive(unmarkSensitive(attrs.Values[i]), info[k].Sensitive)
	}
	if info == nil { // without types, the namevars are still known
		info = make(map[string]AttrInfo, namevars.Len())
		for _, k := range namevars.Keys {
			info[k] = AttrInfo{Behaviour: catalog.Namevar}
		}
	}
	return SnapResource{
		Ref: jr.Ref, Type: jr.Type, Title: jr.Title,
		Key:        resourceKey(jr.Type, jr.Title, sortedValues(namevars)),
		Attributes: attrs, Tags: jr.Tags, Noop: jr.Noop, Meta: jsonMeta(jr), Attrs: info,
		File: jr.File, Line: jr.Line, Origins: readOrigins(jr.ParamOrigins),
	}, nil
}

// readOrigins are the param_origins of a resource of a plan JSON.
func readOrigins(js []catalogjson.ParamOrigin) []catalog.ParamOrigin {
	if len(js) == 0 {
		return nil
	}
	out := make([]catalog.ParamOrigin, len(js))
	for i, j := range js {
		out[i] = j.Origin()
	}
	return out
}

// jsonMeta are the schedule, loglevel and audit of a resource of the
// catalog JSON (nil when it has none).
func jsonMeta(jr catalogjson.Resource) *catalog.Metaparams {
	if jr.Schedule == "" && jr.Loglevel == "" && len(jr.Audit) == 0 {
		return nil
	}
	return &catalog.Metaparams{Schedule: jr.Schedule, Loglevel: jr.Loglevel, Audit: jr.Audit}
}

// asHash is a decoded JSON object (absent or null: empty).
func asHash(v types.Value) (*types.Hash, error) {
	if v == nil {
		return &types.Hash{}, nil
	}
	h, ok := v.(*types.Hash)
	if !ok {
		return nil, fmt.Errorf("not a JSON object")
	}
	return h, nil
}

// sortedValues are the values of h in key order: a uniqueness key's
// namevars sorted by name.
func sortedValues(h *types.Hash) []types.Value {
	idx := make([]int, h.Len())
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return h.Keys[idx[a]] < h.Keys[idx[b]] })
	out := make([]types.Value, len(idx))
	for i, k := range idx {
		out[i] = h.Values[k]
	}
	return out
}

// unmarkSensitive turns the catalog JSON's sensitive markers, at any
// depth, back into Redacted values: {"sensitive": "hmac-sha256:…"} keeps
// its digest, {"sensitive": "redacted"} (written without a digest key)
// has none.
func unmarkSensitive(v types.Value) types.Value {
	switch x := v.(type) {
	case []types.Value:
		for i, e := range x {
			x[i] = unmarkSensitive(e)
		}
	case *types.Hash:
		if x.Len() == 1 && x.Keys[0] == "sensitive" {
			if d, ok := x.Values[0].(string); ok && strings.HasPrefix(d, secretdigest.Prefix) {
				return Redacted{Digest: d}
			} else if ok && d == secretdigest.None {
				return Redacted{}
			}
		}
		for i, e := range x.Values {
			x.Values[i] = unmarkSensitive(e)
		}
	}
	return v
}

// sealSensitive is v, or a Redacted without a digest when the file's own
// types say the attribute is sensitive and v is not already a marker: a
// hand-edited or crafted file may hold a clear value there, which must
// not be printed (and whose change no digest can tell).
func sealSensitive(v types.Value, sensitive bool) types.Value {
	if !sensitive || v == nil {
		return v
	}
	if _, ok := v.(Redacted); ok {
		return v
	}
	return Redacted{}
}

// readEdges resolves the edges' refs; an edge naming no resource is an
// error (the file is not what catc wrote).
func (s *Snapshot) readEdges(edges []catalogjson.Edge) error {
	idx := s.byRef()
	for _, e := range edges {
		from, okF := idx[e.From]
		to, okT := idx[e.To]
		if !okF || !okT {
			return fmt.Errorf("edge %s => %s names a resource the catalog does not have", e.From, e.To)
		}
		s.Edges = append(s.Edges, SnapEdge{From: from, To: to, Kinds: graph.ParseKinds(e.Kinds)})
	}
	return nil
}
