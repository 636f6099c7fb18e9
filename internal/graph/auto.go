package graph

import (
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// autoPasses is the order Puppet 7 adds auto edges for one resource
// (RelationshipGraph#build_manual_and_auto_relationships): the rules
// pointing at the resource first, then those pointing away from it.
var autoPasses = []struct {
	rule    catalog.AutoKind
	kind    Kind
	inbound bool
}{
	{catalog.AutoRequire, AutoRequire, true},
	{catalog.AutoSubscribe, AutoSubscribe, true},
	{catalog.AutoBefore, AutoBefore, false},
	{catalog.AutoNotify, AutoNotify, false},
}

// addAutoEdges applies every type's auto rules, resource by resource in
// declaration order. Targets resolve like references (title, then alias
// or uniqueness key), or through the rule's functions
// (Catalog.AutoTargets); a target that is not in the catalog, or whose type
// is unknown, is skipped silently. An edge is skipped (and recorded in
// Skipped) when the two resources already have an edge in either
// direction, manual or auto. The targets are looked up first, in
// parallel (the catalog is read-only: autoTargets); the edges are then
// added in Puppet's order.
func (g *Graph) addAutoEdges(targets [][]autoTarget) {
	for i, r := range g.Catalog.Resources {
		for _, t := range targets[i] {
			from, to := g.autoEnds(i, t)
			g.addAuto(from, to, Origin{Kind: autoPasses[t.pass].kind, Resource: r, Range: termRange(r, t.rule.Terms[t.term]), Rule: t.rule, Term: t.term})
		}
	}
}

// autoTargets are the targets of every resource's auto rules, by
// resource index.
func (g *Graph) autoTargets() [][]autoTarget {
	c := g.Catalog
	targets := make([][]autoTarget, len(c.Resources))
	parallel(len(c.Resources), func(i int) { targets[i] = autoTargets(c, c.Resources[i]) })
	return targets
}

// autoEnds are the ends of the edge resource i's auto target t makes.
func (g *Graph) autoEnds(i int, t autoTarget) (from, to int) {
	if autoPasses[t.pass].inbound {
		return t.target.Index, i
	}
	return i, t.target.Index
}

// autoTarget is a resource one term of an auto rule names for a resource.
type autoTarget struct {
	pass   int // index in autoPasses
	rule   *catalog.AutoRule
	term   int
	target *catalog.Resource
}

// autoTargets resolves r's auto rules: by pass, then rule, then term,
// then title, the order the edges are added in.
func autoTargets(c *catalog.Catalog, r *catalog.Resource) []autoTarget {
	if r.Type == nil || len(r.Type.AutoRules) == 0 {
		return nil
	}
	var buf [8]autoTarget // most resources have few: one allocation of the right size
	out := buf[:0]
	for p, pass := range autoPasses {
		for _, rule := range r.Type.AutoRules {
			if rule.Kind != pass.rule || c.Type(rule.Target) == nil {
				continue
			}
			c.EachAutoTarget(r, rule, func(t int, target *catalog.Resource) {
				out = append(out, autoTarget{pass: p, rule: rule, term: t, target: target})
			})
		}
	}
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// addAuto adds an auto edge unless an edge between the two exists.
func (g *Graph) addAuto(from, to int, o Origin) {
	if g.node(from) == nil || g.node(to) == nil {
		return
	}
	same, reverse := g.edgeOf(from, to) != nil, g.edgeOf(to, from) != nil
	if same || reverse {
		g.Skipped = append(g.Skipped, SkippedAuto{
			From: g.nodes[from].Resource, To: g.nodes[to].Resource, Origin: o, Same: same, Reverse: reverse,
		})
		return
	}
	g.add(from, to, o)
}

// termRange is where the resource supplied a term's title: the attribute
// written for a "$attr" term (for a call, the first its arguments read
// that the resource wrote), else the resource's declaration.
func termRange(r *catalog.Resource, term catalog.AutoTerm) hcl.Range {
	if term.Attr != "" { // the usual term: Attrs would allocate its list
		if rng, ok := r.AttrRange(term.Attr); ok {
			return rng
		}
		return r.DeclRange
	}
	for _, attr := range term.Attrs() {
		if rng, ok := r.AttrRange(attr); ok {
			return rng
		}
	}
	return r.DeclRange
}
