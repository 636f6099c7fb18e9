package plandiff

import (
	"sort"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/types"
)

// Snapshot is one side of a diff: a compiled catalog and its plan reduced
// to what Diff compares, so that both a loaded catalog (NewSnapshot) and a
// catalog JSON file (ReadSnapshot) give the same comparable model.
type Snapshot struct {
	// Resources are in declaration order; Resources[i].Index == i.
	Resources []SnapResource
	// Edges are the graph edges by resource index, From applied before To.
	Edges []SnapEdge
	// Order is the apply order (indexes into Resources); resources in or
	// behind a cycle are not in it.
	Order []int32
	// Cycles are the dependency cycles, one per strongly connected
	// component, as resource indexes from the smallest member by ref back
	// to it.
	Cycles [][]int32
	// Types is what diff knows of each type's definition beyond its
	// attributes, by lower-case name. A catalog JSON does not carry it:
	// read from one, it is nil.
	Types map[string]TypeInfo
	// OrderUnknown names the source of a catalog that keeps no order of
	// its resources (PuppetDB's formats): Puppet's apply order cannot be
	// known from it, and Order is catc's guess. "" when it is known.
	OrderUnknown string
	// SecretsLeftOut is set for a catalog whose source leaves sensitive
	// parameters out (PuppetDB): one missing here is no change.
	SecretsLeftOut bool
	// RichDataAsStrings is set for a catalog whose source keeps rich data
	// as strings (PuppetDB): a string here against a value the other side
	// holds as rich data (SnapResource.Opaque) is no change anyone can
	// tell.
	RichDataAsStrings bool
	// Refresh is, for a catalog read from Puppet, how events travel
	// (through containers, and on only from refreshable resources:
	// graph.RefreshNet); nil otherwise.
	Refresh *graph.RefreshNet
	// Fails are the errors for which Puppet refuses this catalog though
	// it was built whole (catalog.RefusedWhole: a reference to nothing, a
	// command not qualified), as FailTexts words them; nil for none.
	Fails []string
}

// TypeInfo is what diff needs to know about a type to tell what may
// purge a resource the new catalog no longer manages.
type TypeInfo struct {
	// CustomGenerate is set when the type declares the custom_generate
	// feature: Puppet calls its provider's generate at apply time, which
	// may add resources to the run, such as ensure = absent for the
	// unmanaged ones a container purges (firewallchain's purge).
	CustomGenerate bool
	// Related are the types its auto rules name, in lower case: the
	// types it contains or is contained by (a firewall rule autorequires
	// its firewallchain).
	Related []string
}

// SnapResource is one resource of a Snapshot.
type SnapResource struct {
	Ref, Type, Title string
	// Key is the uniqueness key (type and namevar values sorted by namevar
	// name) in a comparable form: it matches resources across a rename.
	Key string
	// Attributes are the attribute values (after defaults) with sensitive
	// values replaced by Redacted, in the type's attribute order.
	Attributes *types.Hash
	// Tags and Noop are the metaparameters kept in the catalog.
	Tags []string
	// PuppetTags are, for a resource read from a Puppet catalog, its
	// "tags" (automatic and the user's, what `puppet agent --tags`
	// matches) as written, a set in Puppet's order; nil otherwise.
	PuppetTags []string
	// Container is the ref of the class or defined-type instance that
	// declared the resource in a catalog read from Puppet ("" otherwise):
	// a resource moved to another class keeps its key but not this.
	Container string
	Noop      *bool
	// Meta are the schedule, loglevel and audit metaparameters (nil when
	// none is set).
	Meta *catalog.Metaparams
	// Attrs describes each attribute's behaviour. From a catalog JSON
	// without its optional types section only the namevars are known, and
	// every other attribute is compared as a property.
	Attrs map[string]AttrInfo
	// File and Line locate the declaration (in a catalog read from
	// Puppet, in the manifest; unknown for most containers); Index is
	// its position.
	File  string
	Line  int
	Index int
	// Opaque are the parameters of a resource read from Puppet that catc
	// keeps no meaning of (rich data, Deferred), left out of Attributes.
	Opaque []string
	// Origins say where the parameters of a class or defined-type
	// instance compiled by catc came from (catalog.ParamOrigin); nil
	// otherwise.
	Origins []catalog.ParamOrigin
}

// AttrInfo is what diff needs to know about an attribute's definition.
type AttrInfo struct {
	Behaviour catalog.Behaviour
	Sensitive bool
}

// SnapEdge is one edge of a Snapshot with every kind that produced it.
type SnapEdge struct {
	From, To int32
	Kinds    graph.Kind
}

// Redacted stands for a sensitive value. Only the keyed digest of the
// value is kept, so that Diff can tell a change and renderers have nothing
// to print. Digest is empty for a value read from a catalog file written
// without a digest key: then no one can tell whether it changed.
type Redacted struct{ Digest string }

// NewSnapshot reduces a plan (and its graph and catalog) to a Snapshot.
func NewSnapshot(p *graph.Plan) *Snapshot {
	g := p.Graph
	s := &Snapshot{Resources: make([]SnapResource, len(g.Catalog.Resources))}
	infos := map[*catalog.TypeDef]map[string]AttrInfo{}
	s.Types = map[string]TypeInfo{}
	for i, r := range g.Catalog.Resources {
		info := infos[r.Type]
		if info == nil {
			info = typeAttrInfo(r.Type)
			infos[r.Type] = info
			s.Types[strings.ToLower(r.Type.Name)] = typeInfo(r.Type)
		}
		s.Resources[i] = SnapResource{
			Ref: r.Ref(), Type: r.Type.Name, Title: r.Title,
			Key:        resourceKey(r.Type.Name, r.Title, r.UniquenessKey),
			Attributes: redactHash(g.Catalog, r.Attributes),
			Tags:       r.Tags, Noop: r.Noop, Meta: r.Meta, Attrs: info,
			File: r.DeclRange.Filename, Line: r.DeclRange.Start.Line, Index: i,
			Container: containerOf(r),
		}
		if r.External != nil {
			// Where the manifest declared it, as Puppet's compiler
			// wrote: the same for every node of a fleet, unlike the
			// position in each node's catalog file.
			s.Resources[i].File, s.Resources[i].Line = r.External.File, r.External.Line
			s.Resources[i].PuppetTags = r.External.Tags
			s.Resources[i].Opaque = r.External.Opaque
			s.Resources[i].Origins = r.External.Origins
		}
	}
	for _, e := range g.Edges() {
		s.Edges = append(s.Edges, SnapEdge{From: int32(e.F.Resource.Index), To: int32(e.T.Resource.Index), Kinds: e.Kinds})
	}
	for _, st := range p.Steps {
		s.Order = append(s.Order, int32(st.Resource.Index))
	}
	if p.Evaluation != nil {
		s.Refresh = p.Net()
	}
	if src := g.Catalog.Source; src != nil {
		if src.OrderUnknown {
			s.OrderUnknown = src.Source
		}
		s.SecretsLeftOut = src.SecretsLeftOut
		s.RichDataAsStrings = src.RichDataAsStrings
	}
	for _, c := range p.Cycles {
		path := make([]int32, len(c.Path))
		for i, r := range c.Path {
			path[i] = int32(r.Index)
		}
		s.Cycles = append(s.Cycles, path)
	}
	return s
}

// containerOf is the ref of the container that declared r: the class or
// define around it; for a class, the classes that contain() it rather
// than the stage it is in (several joined by ", ", sorted). It does not
// depend on the order of the catalog's edges, which PuppetDB does not
// keep.
func containerOf(r *catalog.Resource) string {
	if r.External == nil || len(r.External.Containers) == 0 {
		return ""
	}
	var refs []string
	for _, c := range r.External.Containers {
		if !strings.EqualFold(c.Type.Name, "stage") {
			refs = append(refs, c.Ref())
		}
	}
	if len(refs) == 0 {
		return r.External.Containers[0].Ref()
	}
	sort.Strings(refs)
	return strings.Join(refs, ", ")
}

func typeInfo(t *catalog.TypeDef) TypeInfo {
	ti := TypeInfo{CustomGenerate: t.HasFeature("custom_generate")}
	for _, r := range t.AutoRules {
		ti.Related = append(ti.Related, strings.ToLower(r.Target))
	}
	return ti
}

func typeAttrInfo(t *catalog.TypeDef) map[string]AttrInfo {
	m := make(map[string]AttrInfo, len(t.Attributes))
	for _, a := range t.Attributes {
		m[a.Name] = AttrInfo{Behaviour: a.Behaviour, Sensitive: a.IsSecret()}
	}
	return m
}

// resourceKey is what matches a resource across two plans: its
// uniqueness key, or for a type Puppet knows by title only (exec, tidy:
// not isomorphic) its title, so that an exec whose command changed is
// one changed resource, not one removed and one added.
func resourceKey(typ, title string, key []types.Value) string {
	if !isomorphicByName(typ) {
		return uniquenessKey(typ, []types.Value{title})
	}
	return uniquenessKey(typ, key)
}

// isomorphicByName is whether the built-in type of that name, if there
// is one, is isomorphic (as its definition says). By name, not by the
// resource's own definition: a catalog JSON carries none, and a plan is
// compared with its JSON (catc diff OLD.json NEW_DIR), so a type of the
// user's that replaces exec is keyed by title on both sides.
func isomorphicByName(typ string) bool {
	td := catalog.BuiltinType(typ)
	return td == nil || td.Isomorphic()
}

// uniquenessKey is the comparable form of a uniqueness key: the type name
// in lower case, then the JSON of the namevar values.
func uniquenessKey(typ string, values []types.Value) string {
	return strings.ToLower(typ) + "\x00" + string(types.EncodeJSON(values))
}

// redactHash copies h with every Sensitive value, at any depth, replaced
// by its Redacted digest under c's key.
func redactHash(c *catalog.Catalog, h *types.Hash) *types.Hash {
	if h == nil {
		return &types.Hash{}
	}
	out := &types.Hash{Keys: h.Keys, Values: make([]types.Value, len(h.Values))}
	for i, v := range h.Values {
		out.Values[i] = redact(c, v)
	}
	return out
}

func redact(c *catalog.Catalog, v types.Value) types.Value {
	switch v := v.(type) {
	case types.Sensitive:
		return Redacted{Digest: c.SensitiveDigest(v.Value)}
	case []types.Value:
		out := make([]types.Value, len(v))
		for i, x := range v {
			out[i] = redact(c, x)
		}
		return out
	case *types.Hash:
		return redactHash(c, v)
	}
	return v
}

// byRef maps each ref to its resource index.
func (s *Snapshot) byRef() map[string]int32 {
	m := make(map[string]int32, len(s.Resources))
	for i, r := range s.Resources {
		m[r.Ref] = int32(i)
	}
	return m
}

// adjacency is the successor lists of the snapshot's graph, each sorted
// by index so that searches are deterministic whatever the edge order.
func (s *Snapshot) adjacency(refreshOnly bool) [][]int32 {
	adj := make([][]int32, len(s.Resources))
	for _, e := range s.Edges {
		if !refreshOnly || e.Kinds.Refresh() {
			adj[e.From] = append(adj[e.From], e.To)
		}
	}
	for _, a := range adj {
		sort.Slice(a, func(i, j int) bool { return a[i] < a[j] })
	}
	return adj
}
