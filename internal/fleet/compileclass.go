package fleet

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// compileRun compiles a fleet's nodes for Validate and Plans, each class
// of nodes once (keyer): the nodes whose catalogs read the same values of
// them share one compilation.
type compileRun struct {
	site *compiler.Site
	k    *keyer // nil: every node compiled (and with Options.Each)
	cls  *classes[compiled]
	// plans: the run tells plans apart (Plans), so a class keeps its refs.
	plans bool
}

// compiled is what a class's stand-in compiled to: its diagnostics and
// the shape of its plan (nil when it has errors), not the plan itself,
// which a fleet of a thousand distinct catalogs could not hold; or full
// when each node is compiled.
type compiled struct {
	full  bool
	shape *planShape
	diags hcl.Diagnostics
}

// planShape is what grouping reads of a class's plan: the resources it
// applies, and with plans the parts of its key (planParts), which hold
// the class's sentinels and which each node's identity may hold.
type planShape struct {
	steps int
	parts []string
	// rest is the parts without a sentinel in one string, to see whether
	// a node's identity is in any, and grams its 3-byte substrings, to
	// see first whether it cannot be (see identityIn); keys makes a
	// node's key from the parts that hold its values.
	rest  string
	grams *gramSet
	keys  shapeKeys
}

// newPlanShape is the shape of p, a plan of the class whose sentinels
// hold token ("" when it has none).
func newPlanShape(p *graph.Plan, plans bool, token string) *planShape {
	s := &planShape{steps: resourceSteps(p)}
	if plans {
		s.parts = planParts(p)
		s.keys = newShapeKeys(s.parts, token)
		rest := make([]string, 0, len(s.parts)-len(s.keys.holes))
		holes := s.keys.holes // ascending
		for i, part := range s.parts {
			if len(holes) > 0 && holes[0] == i {
				holes = holes[1:]
				continue
			}
			rest = append(rest, part)
		}
		s.rest = strings.Join(rest, "\x00")
		s.grams = newGramSet(s.rest)
	}
	return s
}

// key is planKey of the class's plan for a node of identity id whose
// values replace the class's sentinels (sn): the parts its values go
// into digested again, unless its identity is in the others too.
func (s *planShape) key(id *identity, sn *sentinels) string {
	if s.identityIn(id) {
		return partsKey(s.parts, id, sn)
	}
	if sn == nil || len(s.keys.holes) == 0 {
		return s.keys.plain
	}
	x := s.keys.rest
	for _, i := range s.keys.holes {
		x.xor(digestPart(i, id.replace(sn.replace(s.parts[i]))))
	}
	return planKeyOf(len(s.parts), x)
}

// identityIn reports whether a value of the node's identity is in the
// parts without a sentinel: looked for only when each of its 3-byte
// substrings may be there, as a fleet's nodes are seldom named in the
// plan of a class of many.
func (s *planShape) identityIn(id *identity) bool {
	if id == nil {
		return false
	}
	for _, p := range id.pairs {
		if s.grams.mayHold(p.value) && strings.Contains(s.rest, p.value) {
			return true
		}
	}
	return false
}

func newCompileRun(site *compiler.Site, o Options, plans bool) *compileRun {
	run := &compileRun{site: site, cls: newClasses[compiled](), plans: plans}
	if !o.EveryNode && o.Each == nil { // Each writes each node's own catalog
		run.k = newKeyer(site)
	}
	return run
}

// compiled is the number of catalogs compiled so far.
func (run *compileRun) compiled() int { return int(run.cls.compiled.Load()) }

// node is what became of n: its class's plan and diagnostics, which hold
// sentinels for its values (nodeRun.class), or its own.
func (run *compileRun) node(n *nodefacts.Node) nodeRun {
	r := nodeRun{node: n, id: identityOf(n)}
	if run.k != nil {
		c := run.k.classOf(n)
		out := run.cls.get(c.key, func() compiled {
			run.cls.compiled.Add(1)
			plan, diags := compileNode(run.site, run.k.standIn(n, c))
			out := compiled{full: c.substituted() && exceeds(diags), diags: diags}
			if plan != nil {
				out.shape = newPlanShape(plan, run.plans, run.k.token)
			}
			return out
		})
		if !out.full {
			r.shape, r.diags, r.class = out.shape, out.diags, &sentinels{k: run.k, values: c.values}
			return r
		}
	}
	run.cls.compiled.Add(1)
	r.plan, r.diags = compileNode(run.site, n)
	return r
}

// fix gives each outcome whose first node's diagnostics and plan are its
// class's the node's own, compiled (they are shown, and name its values).
func (run *compileRun) fix(outcomes []Outcome) []Outcome {
	for i := range outcomes {
		o := &outcomes[i]
		if o.node == nil {
			continue
		}
		plan, diags := compileNode(run.site, o.node)
		o.Diags, o.node = diags, nil
		if o.Plan {
			o.Shown, o.ShownFor = plan, o.first
		}
	}
	return outcomes
}
