package graph

import (
	"strconv"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// Node is a resource as a graph node; id is the resource's declaration
// index.
type Node struct {
	Resource *catalog.Resource
	id       int64
}

// Edge is one edge A → B (A is applied before B) with every kind that
// produced it and where each was written.
type Edge struct {
	F, T *Node
	// Kinds is the union of the Origins' kinds.
	Kinds Kind
	// Step is, for an edge without origins (a step of a cycle that a
	// container's whits make, in a catalog read from Puppet), which
	// containment orders F before T (next to Kinds: no room added).
	Step Containment
	// Origins are in the order the edges were added: manual ones (by
	// resource, then require, subscribe, before, notify) before auto ones.
	Origins []Origin
}

// Refresh reports whether the edge carries refresh events.
func (e *Edge) Refresh() bool { return e.Kinds.Refresh() }

// Origin is where one kind of an edge comes from: a relationship
// metaparameter written on a resource, or a type's auto rule applied to
// a resource.
type Origin struct {
	// Kind is exactly one kind.
	Kind Kind
	// Resource is the resource that wrote the metaparameter, or the one
	// the auto rule was applied to.
	Resource *catalog.Resource
	// Range is the reference expression for a metaparameter. For an auto
	// rule it is the resource's attribute that supplied the title (for a
	// "$attr" term written explicitly), else the resource's declaration.
	Range hcl.Range
	// Rule is the auto rule (nil for a metaparameter) and Term the index
	// of its term that yielded the target's title.
	Rule *catalog.AutoRule
	Term int
}

// RuleRange is the range of the auto rule's term in the type definition
// (zero for a metaparameter).
func (o Origin) RuleRange() hcl.Range {
	if o.Rule == nil {
		return hcl.Range{}
	}
	if o.Term >= 0 && o.Term < len(o.Rule.Terms) {
		return o.Rule.Terms[o.Term].Range
	}
	return o.Rule.Range
}

// RuleName is "autorequire file" for an auto origin, "" otherwise.
func (o Origin) RuleName() string {
	if o.Rule == nil {
		return ""
	}
	return o.Kind.String() + " " + o.Rule.Target
}

// String describes the origin in one line, with file:line (Place), e.g.
// "require on Node_res[b] at main.hcl:7" or
// "autorequire node_res (types.hcl:40) on Node_res[b] at main.hcl:5".
func (o Origin) String() string {
	on := ""
	if o.Resource != nil {
		on = " on " + o.Resource.Ref()
	}
	at := ""
	if p := o.Place(); p.Filename != "" {
		at = " at " + fileLine(p)
	}
	// Concatenation rather than fmt: plans print this for every edge.
	if o.Rule == nil {
		return o.Kind.String() + on + at
	}
	return o.RuleName() + " (" + fileLine(o.RuleRange()) + ")" + on + at
}

// Place is where the origin is shown to be: its Range; for a resource of
// a catalog compiled elsewhere (Puppet's), which keeps no place of its
// own for a metaparameter, the manifest place of the resource that
// carries it or the rule is applied to (Resource.ManifestPlace), zero
// when the catalog gives none (its own position in one line of JSON
// tells a reader nothing).
func (o Origin) Place() hcl.Range {
	if o.Resource != nil && o.Resource.External != nil {
		return o.Resource.Place()
	}
	return o.Range
}

// fileLine is "file:line" (or "file" when the line is unknown).
func fileLine(r hcl.Range) string {
	if r.Start.Line == 0 {
		return r.Filename
	}
	return r.Filename + ":" + strconv.Itoa(r.Start.Line)
}

// SkippedAuto is an auto edge Puppet does not add because an edge
// between the two resources already existed, in the same direction
// (Same) or the reverse one (Reverse), when it came to be added.
type SkippedAuto struct {
	// From → To is the edge the rule asked for.
	From, To *catalog.Resource
	// Origin is the rule and the resource it was applied to.
	Origin Origin
	// Same and Reverse say which existing edges caused the skip.
	Same, Reverse bool
}

// Logged reports whether Puppet 7 prints "Skipping automatic relationship
// with OTHER" for this skip: autorequire and autosubscribe log it when
// only the reverse edge exists, autobefore and autonotify when the same
// edge exists; the other skips are silent.
func (s SkippedAuto) Logged() bool {
	if s.Origin.Kind&(AutoRequire|AutoSubscribe) != 0 {
		return s.Reverse && !s.Same
	}
	return s.Same
}

// Other is the resource that is not the one the rule was applied to.
func (s SkippedAuto) Other() *catalog.Resource {
	if s.From == s.Origin.Resource {
		return s.To
	}
	return s.From
}
