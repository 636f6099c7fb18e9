package catalog

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
)

// External is one resource of a catalog compiled elsewhere (Puppet's
// catalog JSON), as FromExternal takes it.
type External struct {
	// Type and Title are as written (Puppet capitalises each `::`
	// segment of the type).
	Type, Title string
	Params      []ExternalParam
	// Range is the resource in the file it was read from; diagnostics
	// about the resource point there.
	Range hcl.Range
	// File and Line are where the manifest declared it ("" and 0 when
	// unknown).
	File string
	Line int
	// Kind is Puppet's "kind": compilable_type, class, defined_type,
	// unknown, or "" when the catalog does not say.
	Kind string
	// Component is set when Puppet's agent makes the resource a container
	// whatever its type: in a catalog of format 2 or later, one whose kind
	// is not compilable_type (Puppet::Resource#to_ral). Nothing of it is
	// applied; its content and its edges pass through its whits.
	Component bool
	// Contents are the positions (in the list given to FromExternal) of
	// the resources this one contains, in the catalog's edge order.
	Contents []int
	// Tags are Puppet's "tags" of the resource as written: the automatic
	// ones (type, title, class names) and the user's (nil when absent).
	Tags []string
	// Origins say where the parameters of a class or defined-type
	// instance came from (catc's compiler of classes; nil otherwise).
	Origins []ParamOrigin
}

// ExternalOptions say where an external catalog comes from.
type ExternalOptions struct {
	// Source names the input ("Puppet catalog", "PuppetDB wire format"…).
	Source string
	// Classes are the catalog's "classes" list as the source wrote it
	// (nil: it wrote none), which a Puppet-format catalog writes again.
	Classes []string
	// OrderUnknown is set when the order of the resources is not the
	// compiler's (PuppetDB keeps none): the agent's order cannot be known.
	OrderUnknown bool
	// SecretsLeftOut is set when the source leaves the sensitive
	// parameters out (PuppetDB): a resource without one may have had it.
	SecretsLeftOut bool
	// ReadNote is what the reader of the input says about it ("" for
	// nothing), the first of ExternalNotes: what it skipped, say.
	ReadNote string
	// RichDataAsStrings is set when the source keeps rich data (Deferred,
	// Timestamp, Binary…) as strings (PuppetDB, whose terminus
	// stringifies it): a string there may be what another catalog holds
	// as rich data.
	RichDataAsStrings bool
}

// ExternalParam is one parameter of an External resource.
type ExternalParam struct {
	Name  string
	Value types.Value
	// Unknown marks a value only the agent knows (a Deferred function
	// call) or one catc keeps without a meaning (rich data): it is kept
	// out of the checks and of the auto relationships.
	Unknown bool
	// Deferred marks a value only the agent computes (Unknown too).
	Deferred bool
	Range    hcl.Range
}

// ExternalInfo is what a resource read from an external catalog holds
// beyond the model of an HCL resource.
type ExternalInfo struct {
	File string
	Line int
	Kind string
	// Container is set for a class, stage, node or defined-type instance:
	// the agent replaces it with a pair of whits around its content.
	Container bool
	// Unknown is set for a resource whose type catc does not know (and
	// which is no container): its parameters are not checked and its auto
	// relationships are unknown.
	Unknown bool
	// Containers are the resources that contain this one: the class or
	// define that declared it, and a second one for a class that
	// `contain()` was called on.
	Containers []*Resource
	// Contents are the resources this one contains, in the catalog's
	// edge order (which orders the agent's edges).
	Contents []*Resource
	// Deferred are the parameters whose value only the agent knows.
	Deferred []string
	// Opaque are the parameters left out of the attributes because catc
	// keeps their value without a meaning (rich data, Deferred included).
	Opaque []string
	// Tags are External.Tags: what `puppet agent --tags` matches.
	Tags []string
	// Origins are External.Origins (ParamOrigins).
	Origins []ParamOrigin
}

// containerTypes are the types whose resources the agent always turns
// into whits: they are no Puppet::Type.
var containerTypes = []string{"class", "stage", "node"}

// isContainer reports whether e is a container for the agent: a class,
// stage or node, a defined-type instance, or (when the catalog does not
// say its kind) a type catc does not know with a `::` in its name; and
// any resource the agent makes a component of (External.Component).
func isContainer(e *External, known bool) bool {
	if e.Component {
		return true
	}
	for _, t := range containerTypes {
		if isTypeName(e.Type, t) {
			return true
		}
	}
	switch e.Kind {
	case "class", "defined_type":
		return true
	case "compilable_type":
		return false
	}
	return !known && strings.Contains(e.Type, "::")
}

// FromExternal builds a catalog from the resources of a catalog compiled
// elsewhere, in order, with the type definitions of defs (an HCL load:
// built-in and user types; nil for none). A resource of a known type is
// checked like an HCL declaration (its parameters against the type, its
// title against the title patterns), with diagnostics at its Range; a
// container or a resource of a type catc does not know gets a type of
// its own that checks nothing, keeps its parameters as given and has no
// auto rules. The relationship metaparameters (a reference string or an
// array of them) are resolved as Lookup does, a class title
// case-insensitive and a File title without its trailing slashes; a
// reference to nothing is an error naming it, as Puppet's agent fails.
func FromExternal(defs *Catalog, ext []External, opts ExternalOptions) (*Catalog, hcl.Diagnostics) {
	c := NewBuilder(NewCatalog(nil), Limits{})
	c.Source = &opts
	c.table = make(map[string]*Resource, len(ext)) // a title each, at least
	if defs != nil {
		c.Types, c.aliases, c.digestKey = defs.Types, defs.aliases, defs.digestKey
		for k, td := range defs.typeByName {
			c.typeByName[k] = td
		}
	}
	known := make(map[string]bool, len(c.typeByName))
	for k := range c.typeByName {
		known[k] = true
	}
	decodeNamedBuiltins(ext, known)
	diags := shippedReplaced(defs, ext)
	refs := make([][]PendingRef, len(ext)) // each built resource's, resolved once all are
	byPos := make([]*Resource, len(ext))
	c.Resources = make([]*Resource, 0, len(ext))
	room := newExternalRoom(ext)
	c.strs = room.strs
	for i := range ext {
		e := &ext[i]
		var buf [64]byte
		key := appendLower(buf[:0], e.Type)
		b := c.buildExternal(e, known[string(key)] || c.useBuiltin(e, key), room)
		diags = append(diags, placeDiags(b.Res, e, b.Diags, true)...)
		if r := b.Res; r != nil {
			r.Index = len(c.Resources)
			c.Resources = append(c.Resources, r)
			byPos[i], refs[i] = r, b.Refs
			diags = append(diags, placeDiags(r, e, c.Register(r), true)...)
		}
	}
	c.Retitle()
	c.IndexByType() // as a load does: first_with and below read it
	reserveContainment(ext, byPos)
	for i, r := range byPos {
		if r != nil {
			good, bad := splitBadRefs(refs[i])
			r.Relations = take(&room.relations, len(good))
			diags = append(diags, placeDiags(r, &ext[i], bad, false)...) // the JSON is at fault: its place stays
			diags = append(diags, placeDiags(r, &ext[i], c.Resolve(r, good), true)...)
			if len(r.Relations) == 0 {
				r.Relations = nil // as without the room
			}
			for _, p := range ext[i].Contents {
				if p >= 0 && p < len(byPos) && byPos[p] != nil {
					r.External.Contents = append(r.External.Contents, byPos[p])
					byPos[p].External.Containers = append(byPos[p].External.Containers, r)
				}
			}
		}
	}
	// As an HCL load does (load.go): an invalid below() fails the apply.
	return c.Catalog, append(diags, c.CheckBelow()...)
}

// reserveContainment carves every resource's Contents and Containers
// out of one array, sized as FromExternal fills them: one allocation, not
// one or more per resource.
func reserveContainment(ext []External, byPos []*Resource) {
	contents, containers := make([]int, len(ext)), make([]int, len(ext))
	total := 0
	for i, r := range byPos {
		if r == nil {
			continue
		}
		for _, p := range ext[i].Contents {
			if p >= 0 && p < len(byPos) && byPos[p] != nil {
				contents[i]++
				containers[p]++
				total += 2
			}
		}
	}
	room := make([]*Resource, total)
	carve := func(n int) []*Resource {
		if n == 0 {
			return nil // as without a reservation
		}
		s := room[:0:n]
		room = room[n:]
		return s
	}
	for i, r := range byPos {
		if r != nil {
			r.External.Contents, r.External.Containers = carve(contents[i]), carve(containers[i])
		}
	}
}

// useBuiltin makes the built-in type of e's name, or the shipped module
// type (moduletypes.go), one of the catalog's types when defs did not
// define that name, and reports whether it did. A container's name never
// is. key is e's type in lower case (appendLower): most of a Puppet
// catalog's resources ask, and need not lower their type again.
func (c *Builder) useBuiltin(e *External, key []byte) bool {
	b := shippedType(string(key))
	if b == nil || isContainer(e, false) {
		return false
	}
	if c.typeByName[string(key)] == nil {
		td := b.decoded().def
		if td == nil {
			return false
		}
		c.typeByName[string(key)] = td
		c.Types = append(c.Types[:len(c.Types):len(c.Types)], td)
	}
	return true
}

// buildExternal builds one resource: checked against its type when catc
// knows it and it is no container, else kept as given.
func (c *Builder) buildExternal(e *External, known bool, room *externalRoom) Built {
	r, info := room.next(len(e.Params))
	*info = ExternalInfo{File: e.File, Line: e.Line, Kind: e.Kind, Container: isContainer(e, known), Tags: e.Tags, Origins: e.Origins}
	info.Unknown = !known && !info.Container
	var b Built
	if known && !info.Container {
		b = BuildResource(c.Catalog, c.rawExternal(e, info, r, room), c.Budget)
		b.keepTitle()
		b.misspelt, b.name, b.room = nil, nil, nil // the raw arguments are the next resource's
	} else {
		b = c.opaqueExternal(e, info, r, room)
	}
	if b.Res != nil && b.Res.External == nil {
		b.Res.External = info
	}
	return b
}

// keepTitle undoes the Resource API's renaming (rename.go): Puppet's
// agent applies a resource of a catalog under its title, whatever its
// name, and the compiler already checked the references.
func (b *Built) keepTitle() {
	r := b.Res
	if r == nil {
		return
	}
	r.nameSet = false
	if !r.renamed {
		return
	}
	r.renamed, r.applied = false, ""
	r.ref = r.refWith(r.Title)
	kept := b.Diags[:0]
	for _, d := range b.Diags {
		if d.Summary != SummaryRenamed {
			kept = append(kept, d)
		}
	}
	b.Diags = kept
}

// rawExternal turns e into the raw declaration buildResource checks, in
// room's raw declaration, to be built in r. Metaparameters catc does not
// take (schedule, stage, loglevel, audit…) are dropped: they do not
// change the graph.
func (c *Builder) rawExternal(e *External, info *ExternalInfo, r *Resource, room *externalRoom) *RawResource {
	td := c.Type(e.Type)
	raw := &room.raw
	*raw = RawResource{TypeName: e.Type, Title: e.Title, DeclRange: e.Range, TypeRange: e.Range, TitleRange: e.Range, external: info, res: r, room: room}
	slab, args := room.rawArgs(len(e.Params))
	raw.Args = args
	room.refs = room.refs[:0]
	for i, p := range e.Params {
		if p.Deferred {
			info.Deferred = append(info.Deferred, p.Name)
		}
		if p.Unknown {
			info.Opaque = append(info.Opaque, p.Name)
			continue
		}
		arg := &slab[i]
		*arg = RawArg{Name: p.Name, Rng: p.Range, NameRange: p.Range, ExprRange: p.Range, Value: p.Value, Valid: true}
		if _, isRel := RelationKinds[p.Name]; isRel {
			// In the room's list, reused: decodeArg copies them.
			start := len(room.refs)
			room.refs = appendExternalRefs(room.refs, p.Value, p.Range)
			arg.Refs = room.refs[start:len(room.refs):len(room.refs)]
		} else if (contains(unsupportedMetaparams, p.Name) || p.Name == "stage") && td.Attr(p.Name) == nil {
			// Puppet's compiler never writes stage on a resource (it
			// refuses it), and the agent ignores these.
			continue
		}
		raw.Args = append(raw.Args, arg)
	}
	raw.refs = take(&room.pending, len(room.refs))
	return raw
}

// opaqueExternal keeps a container or a resource of an unknown type as
// given, under a type of its own with one namevar, name.
func (c *Builder) opaqueExternal(e *External, info *ExternalInfo, r *Resource, room *externalRoom) Built {
	td := c.opaqueType(e.Type)
	title := e.Title
	if td.Name == "class" {
		title = classTitle(title)
	}
	// Room for every parameter, the namevar and the key.
	hashes, key := newHashes(room, len(e.Params), 1, 1)
	*r = Resource{
		Type: td, Title: title, Attributes: &hashes[0],
		DeclRange: e.Range, TypeRange: e.Range, TitleRange: e.Range,
		attrRanges: r.attrRanges,
		External:   info,
	}
	r.ref = r.refIn(room.strs, title) // Ref
	b := Built{Res: r}
	attrs := types.HashBuilder{H: r.Attributes}
	for _, p := range e.Params {
		r.addAttrRange(p.Name, p.Range)
		if p.Deferred {
			r.External.Deferred = append(r.External.Deferred, p.Name)
		}
		if p.Unknown {
			r.External.Opaque = append(r.External.Opaque, p.Name)
			continue // only plain values in a catalog (outputs write them)
		}
		if kind, isRel := RelationKinds[p.Name]; isRel {
			room.refs = appendExternalRefs(room.refs[:0], p.Value, p.Range)
			for _, ref := range room.refs {
				b.Refs = append(b.Refs, PendingRef{Kind: kind, Ref: ref})
			}
			continue
		}
		switch {
		case (p.Name == "alias" || p.Name == "tag") && ContainsSensitive(p.Value):
			// Refused as for a known type (stringsArg): never kept in clear.
			b.errorf(SummaryInvalidValue, p.Range, p.Range, "%s", SecretUse("A "+p.Name))
		case p.Name == "alias":
			r.Aliases = appendTitles(r.Aliases, p.Value)
		case p.Name == "tag":
			r.Tags = appendTitles(r.Tags, p.Value)
		default:
			attrs.Set(p.Name, p.Value)
		}
	}
	var name types.Value = opaqueName(td.Name, title, r.Attributes, info.Container)
	r.Namevars = &hashes[1]
	r.Namevars.Set("name", name)
	key[0] = name
	r.UniquenessKey = key
	return b
}

// opaqueName is the namevar of a resource kept as given, so that a
// reference finds it by namevar as the agent does: for a resource of a
// type catc does not know, its name parameter (the namevar of most
// types) or, for a File, its path without trailing slashes; else the
// title. A container is found by its title only.
func opaqueName(typ, title string, params *types.Hash, container bool) string {
	param := "name"
	if typ == "file" {
		param = "path"
	}
	name := title
	if p, ok := params.Get(param); ok && !container {
		if s, isString := p.(string); isString {
			name = s
		}
	}
	if typ != "file" {
		return name
	}
	if t := strings.TrimRight(name, "/"); t != "" {
		return t
	}
	return name
}

// opaqueType is the type of the containers and unknown resources of one
// type name, made once per catalog: it checks nothing and has no auto
// rules. It is found by Type and Lookup, not listed in Types.
func (c *Builder) opaqueType(name string) *TypeDef {
	key := strings.ToLower(name)
	if td := c.typeByName[key]; td != nil {
		return td
	}
	nv := &AttrDef{Name: "name", Behaviour: Namevar}
	td := &TypeDef{Name: key, Attributes: []*AttrDef{nv}, attrByName: map[string]*AttrDef{"name": nv}}
	td.seal()
	c.typeByName[key] = td
	return td
}

// classTitle is a class name as the agent refers to it: Class[main] is
// Class[Main], Class[foo::bar] Class[Foo::Bar].
func classTitle(title string) string {
	return CapitalizeType(strings.ToLower(strings.TrimPrefix(title, "::")))
}

// appendExternalRefs reads a relationship metaparameter's value v, read
// at rng: one reference string or an array of them (nested arrays
// flattened), appended to out.
func appendExternalRefs(out []RawRef, v types.Value, rng hcl.Range) []RawRef {
	switch v := v.(type) {
	case []types.Value:
		for _, x := range v {
			out = appendExternalRefs(out, x, rng)
		}
	case string:
		out = append(out, externalRef(v, rng))
	default:
		// Inspected, never printed raw: a Sensitive value (alone or in a
		// hash) shows redacted in the diagnostic (splitBadRefs).
		out = append(out, RawRef{TypeName: "", Title: types.RubyInspect(v), Rng: rng})
	}
	return out
}

// externalRef splits "Type[title]" as SplitRef does; a class title is normalised and a
// File title loses its trailing slashes, as the agent finds them.
func externalRef(s string, rng hcl.Range) RawRef {
	typ, title, ok := SplitRef(s)
	if !ok {
		return RawRef{Title: s, Rng: rng}
	}
	switch {
	case isTypeName(typ, "class"):
		title = classTitle(title)
	case isTypeName(typ, "file"):
		if t := strings.TrimRight(title, "/"); t != "" {
			title = t
		}
	}
	return RawRef{TypeName: typ, Title: title, Rng: rng}
}

// isTypeName reports strings.ToLower(typ) == name, for a lower case
// name, without lowering an ASCII typ (a reference in every relation).
func isTypeName(typ, name string) bool {
	for i := 0; i < len(typ); i++ {
		if typ[i] >= utf8.RuneSelf {
			return strings.ToLower(typ) == name // İ lowers to i, K to k
		}
	}
	return len(typ) == len(name) && strings.EqualFold(typ, name)
}

// splitBadRefs keeps the references that have a type and reports the
// others: a value that is no Type[title].
func splitBadRefs(refs []PendingRef) ([]PendingRef, hcl.Diagnostics) {
	if !slices.ContainsFunc(refs, func(p PendingRef) bool { return p.Ref.TypeName == "" }) {
		return refs, nil // the usual case: no copy
	}
	var diags hcl.Diagnostics
	out := refs[:0:0]
	for _, p := range refs {
		if p.Ref.TypeName != "" {
			out = append(out, p)
			continue
		}
		diags = append(diags, ErrorAt(SummaryInvalidRef,
			fmt.Sprintf("%q in parameter '%s' is not a resource reference: Puppet writes each as a string Type[title]. Fix the catalog.", p.Ref.Title, p.Kind),
			p.Ref.Rng, nil))
	}
	return out, diags
}
