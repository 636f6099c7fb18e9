package pipeline

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/puppetcatalog"
)

// Plan builds cat's dependency graph and orders it (o zero: Puppet's
// order); the diagnostics are those of its cycles.
func Plan(cat *catalog.Catalog, o graph.Ordering) (*graph.Graph, *graph.Plan, hcl.Diagnostics) {
	g := graph.Build(cat)
	plan, cycles := graph.Order(g, o)
	return g, plan, cycles
}

// Puppet models a parsed Puppet catalog with the types of defs; nil with
// the diagnostics when pc is nil or was parsed with errors.
func Puppet(pc *puppetcatalog.Catalog, parseDiags hcl.Diagnostics, defs *catalog.Catalog) (*catalog.Catalog, hcl.Diagnostics) {
	if pc == nil || parseDiags.HasErrors() {
		return nil, parseDiags
	}
	cat, more := puppetcatalog.Model(pc, defs)
	return cat, append(parseDiags, more...)
}

// ParsePuppet parses the Puppet catalog data (named path in
// diagnostics) and models it with the types of defs (Puppet).
func ParsePuppet(path string, data []byte, defs *catalog.Catalog) (*catalog.Catalog, hcl.Diagnostics) {
	pc, diags := puppetcatalog.Parse(path, data)
	return Puppet(pc, diags, defs)
}

// Snapshot orders a loaded catalog as Puppet would and reduces it to
// what a diff compares: nil with the diagnostics when the load has
// errors, unless Puppet refuses the catalog whole (catalog.RefusedWhole:
// the snapshot then says why, in Fails). The cycles' diagnostics are
// added to the load's.
func Snapshot(cat *catalog.Catalog, diags hcl.Diagnostics) (*plandiff.Snapshot, hcl.Diagnostics) {
	if cat == nil || diags.HasErrors() && !catalog.RefusedWhole(diags) {
		return nil, diags
	}
	_, plan, cycles := Plan(cat, graph.Ordering{})
	s := plandiff.NewSnapshot(plan)
	s.Fails = plandiff.FailTexts(diags)
	return s, append(diags, cycles...)
}
