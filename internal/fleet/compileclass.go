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
// applies, and with plans the refs of its steps, which each node's
// identity may hold (planKey).
type planShape struct {
	steps int
	refs  []string
	// joined is refs in one string, to see at once whether a node's
	// identity is in any; plain is the key of the refs as they are.
	joined, plain string
}

func newPlanShape(p *graph.Plan, plans bool) *planShape {
	s := &planShape{steps: resourceSteps(p)}
	if plans {
		s.refs = make([]string, len(p.Steps))
		for i, st := range p.Steps {
			s.refs[i] = st.Resource.Ref()
		}
		s.joined = strings.Join(s.refs, "\x00")
		s.plain = refsKey(s.refs, nil)
	}
	return s
}

// key is planKey of the class's plan for a node of identity id.
func (s *planShape) key(id *identity) string {
	if !id.occursIn(s.joined) {
		return s.plain
	}
	return refsKey(s.refs, id)
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
				out.shape = newPlanShape(plan, run.plans)
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
