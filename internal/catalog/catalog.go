package catalog

import (
	"github.com/catc-dev/catc/internal/rubyregexp"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/types"
)

// Catalog is a loaded, validated set of type definitions and resource
// declarations. A loader builds it (Load, LoadFiles, LoadSite's
// Compile; see loader.go) and it is read-only afterwards: it holds only
// what the later stages and the editor read.
type Catalog struct {
	// Types are the type definitions in declaration order.
	Types []*TypeDef
	// Resources are the resource declarations in declaration order (file
	// order, then source order); Resources[i].Index == i.
	Resources []*Resource
	// Aliases are the type_alias blocks in declaration order.
	Aliases []*TypeAlias
	// Conditional are the resource blocks that depend on the node (in a
	// group, with only_if or for_each, or reading var, local, facts or
	// each), each as written, whether or not this catalog declares it:
	// the arguments whose value is literal, and (after Load) the literal
	// references that resolve. The editor reads them where no node
	// declared the block; they are not part of the catalog.
	Conditional []*Resource
	// Source is set for a catalog compiled elsewhere (FromExternal): where
	// it comes from. Nil for an HCL catalog.
	Source *ExternalOptions

	aliases    *types.Aliases
	typeByName map[string]*TypeDef
	// table maps a lookup key (see lookupKey) to its resource: titles,
	// explicit aliases and uniqueness keys share one table, as in Puppet.
	table map[string]*Resource
	// renamed maps the declared title key of each renamed resource to it.
	renamed map[string]*Resource
	// byType is the resources of each type in declaration order, for the
	// auto rules' selectors (nil: computed per call).
	byType map[*TypeDef][]*Resource
	// firstWith indexes, for first_with, each type's resources by the
	// value of one attribute (see firstWithIndex); nil without byType.
	firstWithIdx *firstWithIndexes
	files        map[string]*hcl.File
	// secretRanges are the source ranges that hold secrets, per file,
	// sorted (what the loader's secrets found); masked is files with
	// those ranges masked, made on the first call of Files.
	secretRanges map[string][]hcl.Range
	masked       map[string]*hcl.File
	// digestKey is LoadOptions.DigestKey, for the markers of sensitive
	// values (nil: none).
	digestKey *secretdigest.Key
}

// Type returns the type definition called name (case-insensitive), or nil.
func (c *Catalog) Type(name string) *TypeDef {
	var buf [64]byte // a map index by string(bytes) does not allocate
	return c.typeByName[string(appendLower(buf[:0], name))]
}

// Files returns the source files by file name, for diagnostic snippets
// (hcl.NewDiagnosticTextWriter). Every range that holds a secret (the
// value of a sensitive attribute, and the locals and variables it is
// computed from) is masked with '*', line breaks kept, so a snippet never
// shows one. It is never nil.
func (c *Catalog) Files() map[string]*hcl.File {
	if c.masked == nil {
		c.masked = MaskedFiles(c.files, c.secretRanges)
	}
	return c.masked
}

// Lookup finds the resource a reference Type[title] designates, the way
// Puppet's Catalog#resource does: first by exact title (or explicit alias),
// then by the uniqueness key that title yields under the type's title
// patterns. So Lookup("software", "php-yum") finds a resource titled "php"
// whose manager is "yum". A resource renamed by its `name` is found by the
// title Puppet applies it under, not the declared one (see RenamedFrom).
// typ is case-insensitive, title exact, but for a class of a catalog
// compiled elsewhere: Class[apache::mod] finds Class[Apache::Mod] as
// Puppet's agent does (classTitle). It returns nil when nothing matches
// (or the type is unknown).
func (c *Catalog) Lookup(typ, title string) *Resource {
	td := c.Type(typ)
	if td == nil {
		return nil
	}
	if c.Source != nil && td.Name == "class" {
		title = classTitle(title)
	}
	var buf [128]byte
	if r := c.table[string(appendTitleKey(buf[:0], td.Name, title))]; r != nil {
		return r
	}
	if td.notIsomorphic {
		return nil
	}
	nv, ok := td.splitTitle(title)
	if !ok {
		return nil
	}
	key := td.uniquenessKey(nv)
	if !keyPresent(key) {
		return nil
	}
	return c.table[string(appendLookupKey(buf[:0], td.Name, key))]
}

// SensitiveMarker is the text that stands for a sensitive value of c in
// an output file: its digest under the key c was loaded with, or
// secretdigest.None without one.
func (c *Catalog) SensitiveMarker(v types.Value) string { return c.digestKey.Marker(v) }

// SensitiveDigest is the digest of a sensitive value of c for a
// comparison within this run: under the key c was loaded with (so that it
// compares with catalog files written with it), else under a random key
// made for the run, which no output keeps.
func (c *Catalog) SensitiveDigest(v types.Value) string { return c.digestKey.RunDigest(v) }

// TypeDef is one `type` block: the HCL form of the Resource API's
// register_type.
type TypeDef struct {
	// Name is the type name as written in the label (lower case by
	// convention; lookups are case-insensitive).
	Name string
	// Desc is the documentation (`desc`, or its legacy spelling `docs`),
	// with a heredoc's final newline kept.
	Desc string
	// Attributes are in declaration order.
	Attributes []*AttrDef
	// TitlePatterns are the `title_pattern` blocks in order. When there are
	// none, the whole title goes to the first namevar, as in Puppet.
	TitlePatterns []*TitlePattern
	// AutoRules are the rules of the four auto* blocks, in source order.
	AutoRules []*AutoRule
	// Features are the `features` entries as written (unknown ones warn).
	Features []string

	// DeclRange covers `type "name"`; NameRange is the name label.
	DeclRange, NameRange hcl.Range
	// Builtin marks a type catc declares itself (package coretypes: one
	// of Puppet's core types, or a shipped module type), set when its
	// source is decoded; its ranges name `<builtin>/NAME.hcl`, but a
	// user's file of such a name declares no built-in type.
	Builtin bool
	// notIsomorphic: resources are known by title only (see Isomorphic).
	notIsomorphic bool
	// refreshes: see Refreshes.
	refreshes bool
	// parsedTypes shares parsed attribute types while decoding (attrdef.go).
	parsedTypes map[string]types.Type

	attrByName map[string]*AttrDef
	// refType, namevars and keyNames cache RefType, Namevars and the
	// namevar names sorted (the uniqueness key's order), which every
	// resource needs; seal sets them once the type is decoded. A
	// TypeDef built by hand leaves them empty and they are computed on
	// each call.
	refType  string
	namevars []*AttrDef
	keyNames []string
}

// seal fills the caches of a fully decoded type and numbers its
// attributes (buildResource keeps values by that number).
func (t *TypeDef) seal() {
	t.parsedTypes = nil
	t.refType = CapitalizeType(t.Name)
	t.namevars = t.Namevars()
	t.keyNames = t.sortedNamevarNames()
	for i, a := range t.Attributes {
		a.pos = i
		a.subject = t.Name + "." + a.Name
		a.typed = a.Type != nil && types.ContainsSensitive(a.Type)
		a.sealed = true
	}
}

// namevarList is Namevars without the copy; the caller must not modify it.
func (t *TypeDef) namevarList() []*AttrDef {
	if t.namevars != nil {
		return t.namevars
	}
	return t.Namevars()
}

// Attr returns the attribute called name, or nil.
func (t *TypeDef) Attr(name string) *AttrDef { return t.attrByName[name] }

// Namevars returns the namevar attributes in declaration order.
func (t *TypeDef) Namevars() []*AttrDef {
	var out []*AttrDef
	for _, a := range t.Attributes {
		if a.Behaviour == Namevar {
			out = append(out, a)
		}
	}
	return out
}

// HasFeature reports whether the type declares feature f.
func (t *TypeDef) HasFeature(f string) bool {
	for _, x := range t.Features {
		if x == f {
			return true
		}
	}
	return false
}

// RefType is the type name as Puppet prints it in references:
// each `::` segment capitalised, e.g. "apt_key" → "Apt_key".
func (t *TypeDef) RefType() string {
	if t.refType != "" {
		return t.refType
	}
	return CapitalizeType(t.Name)
}

// AttrDef is one `attribute` block of a type.
type AttrDef struct {
	Name string
	// TypeText is the Puppet type expression as written (heredoc final
	// newline removed); Type is its parsed form.
	TypeText string
	Type     types.Type
	Desc     string
	// Behaviour is the `behaviour` (or `behavior`) value; Property when
	// absent.
	Behaviour Behaviour
	// Default is the `default` value when HasDefault (ignored for ReadOnly).
	Default    types.Value
	HasDefault bool
	// Sensitive attributes are redacted in every output.
	Sensitive bool

	// DeclRange covers `attribute "name"`; NameRange is the name label;
	// TypeRange is the `type` expression; DefaultRange the `default`
	// expression (zero when absent).
	DeclRange, NameRange, TypeRange, DefaultRange hcl.Range

	// badBehaviour marks a behaviour that did not decode, so that its
	// absence as a namevar is not reported a second time.
	badBehaviour bool
	// pos is the index in the type's Attributes and subject is
	// "type.attr", the prefix of value messages; TypeDef.seal sets both.
	pos     int
	subject string
	// typed caches, once sealed, whether Sensitive is somewhere in the
	// type (so values need sealing; with Sensitive, it makes IsSecret).
	sealed, typed bool
}

// Behaviour is an attribute's role, as in the Resource API.
type Behaviour int

// The behaviours. Property is the default (no `behaviour` key).
const (
	Property Behaviour = iota
	Namevar
	Parameter
	ReadOnly
	InitOnly
)

var BehaviourNames = [...]string{"property", "namevar", "parameter", "read_only", "init_only"}

// String is the HCL spelling ("namevar", "read_only", …; "property" for
// the default).
func (b Behaviour) String() string { return enum.Name(BehaviourNames[:], b) }

// TitlePattern is one `title_pattern` block.
type TitlePattern struct {
	// Source is the Ruby regexp as written (heredoc final newline removed).
	Source string
	Desc   string
	// Regexp is the Go translation of Source.
	Regexp *rubyregexp.Regexp
	// Captures are the named groups in order of appearance; only they
	// assign values (Ruby ignores plain groups once named ones exist).
	Captures []string
	// Range is the block's DefRange; PatternRange the `pattern` expression.
	Range, PatternRange hcl.Range
}

// AutoKind is the kind of an automatic relationship rule.
type AutoKind int

// The four auto* blocks.
const (
	AutoRequire AutoKind = iota
	AutoBefore
	AutoSubscribe
	AutoNotify
)

var autoKindNames = [...]string{"autorequire", "autobefore", "autosubscribe", "autonotify"}

// String is the block name ("autorequire", …).
func (k AutoKind) String() string { return enum.Name(autoKindNames[:], k) }

// AutoRule is one entry of an auto* block: `file = "$source"` in
// `autorequire { … }`.
type AutoRule struct {
	Kind AutoKind
	// Target is the target type name as written (lookups are
	// case-insensitive). It may name a type this catalog does not define.
	Target string
	// Terms are the values in order: constant titles or "$attr" references.
	Terms []AutoTerm
	// Range is the whole `key = value` attribute; TargetRange is the key.
	Range, TargetRange hcl.Range
}

// AutoTerm is one value of an auto rule: a constant title, or (Attr != "")
// the value of that attribute of the resource the rule is applied to.
type AutoTerm struct {
	Title string
	Attr  string
	// Call, when not nil, is a function of the auto-rule language
	// (autofunc.go); Title and Attr are then empty.
	Call  *AutoCall
	Range hcl.Range
}

// Resource is one validated `resource` block.
type Resource struct {
	Type *TypeDef
	// Title is the title as declared; Puppet may apply the resource under
	// another one (appliedTitle, Ref).
	Title string
	// Index is the declaration index: the position in Catalog.Resources.
	Index int
	// Namevars holds every namevar of the type in declaration order, with
	// its value after title parsing, explicit attributes and defaults (nil
	// when none applies).
	Namevars *types.Hash
	// Attributes holds every attribute that has a value (explicit, from the
	// title, or default), namevars included, in the type's attribute order.
	// Sensitive attributes hold a types.Sensitive.
	Attributes *types.Hash
	// Tags are the `tag` metaparameter values in order.
	Tags []string
	// Noop is the `noop` metaparameter, nil when not given.
	Noop *bool
	// Meta are the schedule, loglevel and audit metaparameters, nil when
	// none is given.
	Meta *Metaparams
	// Aliases are the `alias` metaparameter values in order.
	Aliases []string
	// UniquenessKey is the namevar values sorted by namevar name (Puppet's
	// uniqueness_key), nil for an absent one. Defaults are included.
	UniquenessKey []types.Value
	// Relations are the require/before/notify/subscribe references in
	// source order, resolved.
	Relations []Relation
	// External is set for a resource read from a catalog compiled
	// elsewhere (FromExternal): containment, kind, manifest place.
	External *ExternalInfo

	// DeclRange covers `resource "type" "title"`; TypeRange and TitleRange
	// are the labels.
	DeclRange, TypeRange, TitleRange hcl.Range
	// attrRanges are where the explicitly written attributes and
	// metaparameters are (see AttrRange).
	attrRanges []AttrRange

	// aliasRanges are the source ranges of Aliases, one each, so an alias
	// conflict points at the alias itself.
	aliasRanges []hcl.Range

	// titleKey and uniqueKey are the lookup-table keys Register gives
	// the resource (uniqueKey empty when its uniqueness key is its title
	// or absent), made when it is built, so that a copy of a cached build
	// does not make them again; titleKey is empty when they were not made
	// (a resource of a Puppet catalog: FromExternal keeps its own).
	titleKey, uniqueKey string
	// Ref caches Ref (set by BuildResource; empty in a Resource built by
	// hand): plans, graphs and diagnostics print it for every edge.
	ref string
	// applied is the title Puppet applies the resource under when renamed
	// is set (see rename.go).
	applied string
	renamed bool
	// agentNamed marks a built-in sshkey, which the agent names otherwise
	// (see agentName).
	agentNamed bool
	// nameSet marks a single namevar set through `name` (see nameArg).
	nameSet bool
}

// Ref is the Puppet reference of the resource, e.g. `Software[php-yum]`,
// with the title it is applied under (appliedTitle).
func (r *Resource) Ref() string {
	if r.ref != "" {
		return r.ref
	}
	return r.refWith(r.AppliedTitle())
}

// refWith is the reference of r with the given title.
func (r *Resource) refWith(title string) string { return r.refIn(nil, title) }

// refIn is refWith cut from s (FromExternal's room; nil: a new string).
func (r *Resource) refIn(s *stringRoom, title string) string {
	return s.join(r.Type.RefType(), "[", title, "]")
}

// Attr returns the value of attribute name and whether it has one.
func (r *Resource) Attr(name string) (types.Value, bool) { return r.Attributes.Get(name) }

// AutoTitles resolves an auto rule of the resource's type against the
// resource, as the Resource API does: constants as written, "$attr" the
// attribute's value, arrays flattened, undef dropped, scalars as their
// string form; a call its titles (a selector, which picks resources, none:
// see Catalog.AutoTargets). A value computed from a secret gives no title.
func (r *Resource) AutoTitles(rule *AutoRule) []string {
	var out []string
	for _, term := range rule.Terms {
		if term.Call != nil {
			if !autoFuncs[term.Call.Func].selector {
				out = appendTitles(out, []types.Value(evalAutoCall(r, term.Call)))
			}
			continue
		}
		if term.Attr == "" {
			out = append(out, term.Title)
			continue
		}
		v, _ := r.Attributes.Get(term.Attr)
		if ContainsSensitive(v) {
			continue // never matched: an edge would tell the secret (checkAutoSecrets)
		}
		out = appendTitles(out, v)
	}
	return out
}

// RelationKind is the metaparameter a relation was written with.
type RelationKind int

// The relationship metaparameters.
const (
	Require RelationKind = iota
	Before
	Notify
	Subscribe
)

var relationKindNames = [...]string{"require", "before", "notify", "subscribe"}

// String is the metaparameter name.
func (k RelationKind) String() string { return enum.Name(relationKindNames[:], k) }

// Refresh reports whether the relation carries refresh events (notify,
// subscribe).
func (k RelationKind) Refresh() bool { return k == Notify || k == Subscribe }

// Relation is one reference in a relationship metaparameter.
type Relation struct {
	Kind RelationKind
	// Target is the resolved resource (never nil in a loaded catalog:
	// unresolved references are load errors).
	Target *Resource
	// RefText is the reference in Puppet form, `Type[title]`, with the type
	// as written after capitalisation.
	RefText string
	// Range is the reference expression (one element of a list).
	Range hcl.Range
}
