package puppetcatalog

import (
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// Source is where a catalog read by Read comes from, by its shape.
type Source int

const (
	// SourcePuppet is Puppet's catalog JSON (puppet catalog find,
	// puppetserver, the agent's cache), possibly in a wrapper.
	SourcePuppet Source = iota
	// SourcePuppetDBWire is PuppetDB's `replace catalog` command (wire
	// format v9).
	SourcePuppetDBWire
	// SourcePuppetDBQuery is the answer of PuppetDB's
	// /pdb/query/v4/catalogs: an array of one catalog.
	SourcePuppetDBQuery
)

func (s Source) String() string {
	switch s {
	case SourcePuppetDBWire:
		return "PuppetDB wire format"
	case SourcePuppetDBQuery:
		return "PuppetDB query output"
	}
	return "Puppet catalog"
}

// Catalog is a Puppet catalog as read, before any type is looked up: the
// neutral model that the catalog package builds a *catalog.Catalog from.
type Catalog struct {
	// Filename is the name the catalog was read under (diagnostics).
	Filename string
	// Node is the certname ("name", or PuppetDB's "certname").
	Node string
	// Environment is "environment", when given.
	Environment string
	// Format is "catalog_format": 0 when missing (Puppet 3's catalogs),
	// 1 before Puppet 7.12.1, 2 since.
	Format int
	// Wrapper is the envelope the catalog came in: "" for none,
	// "document_type" for Puppet 3's {"document_type": "Catalog", "data":
	// …}, "catalog" for puppetserver v4's {"catalog": …}.
	Wrapper string
	Source  Source
	// OrderKnown is false when the order of Resources is not Puppet's
	// (PuppetDB keeps no order): the apply order then cannot be known.
	OrderKnown bool
	// Resources are in the order of "resources", which is the agent's
	// priority (when OrderKnown).
	Resources []*Resource
	// Edges are the containment edges (container → contained), in order.
	Edges []Edge
	// Classes are "classes" as written (absent from PuppetDB).
	Classes []string
	// Log is the lines of Puppet's log read before the JSON.
	Log LogPrefix

	pos *positions
}

// Resource is one entry of "resources".
type Resource struct {
	// Type is as written (Puppet writes each `::` segment capitalised);
	// Title as written.
	Type, Title string
	// Params are "parameters" in order. The values of the parameters named
	// in "sensitive_parameters" are wrapped in types.Sensitive.
	Params []Param
	// Sensitive is "sensitive_parameters".
	Sensitive []string
	Tags      []string
	// File and Line are where Puppet's manifest declared the resource
	// (empty and 0 when not given).
	File string
	Line int
	// Kind is "kind" (catalog format 2): compilable_type, class,
	// defined_type or unknown; "" when absent.
	Kind string
	// Exported is "exported" read as Ruby reads it (any value but false
	// and null); see LeftOut.
	Exported bool
	// Offset is the byte offset of the resource's object in the file.
	Offset int
	// Index is the position in Catalog.Resources.
	Index int
}

// Param is one parameter of a resource.
type Param struct {
	Name  string
	Value types.Value
	// Offset is the byte offset of the parameter's key in the file.
	Offset int
}

// Edge is one containment edge: Resources[Source] contains
// Resources[Target].
type Edge struct {
	Source, Target int
	// Offset is the byte offset of the edge's object in the file.
	Offset int
}

// Ref is the resource's reference as Puppet writes it, Type[title].
func (r *Resource) Ref() string { return r.Type + "[" + r.Title + "]" }

// Param returns the value of the parameter name and whether it is given.
func (r *Resource) Param(name string) (types.Value, bool) {
	for _, p := range r.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return nil, false
}

// IsSensitive reports whether the parameter name is listed in
// "sensitive_parameters".
func (r *Resource) IsSensitive(name string) bool {
	for _, s := range r.Sensitive {
		if s == name {
			return true
		}
	}
	return false
}

// refKey is the key a reference is looked up under in "edges": the type
// case-insensitive and, for a class, the title too (Puppet writes
// Class[main] in one place and finds Class[Main]).
type refKey struct{ typ, title string }

func (r *reader) refKey(typ, title string) refKey {
	lower, ok := r.lower[typ]
	if !ok {
		if r.lower == nil {
			r.lower = map[string]string{}
		}
		lower = strings.ToLower(typ)
		r.lower[typ] = lower
	}
	if lower == "class" {
		title = strings.ToLower(strings.TrimPrefix(title, "::"))
	}
	return refKey{lower, title}
}
