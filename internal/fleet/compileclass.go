package fleet

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// compileRun compiles a fleet's nodes for Validate and Plans, each class
// of nodes once (keyer): the nodes whose catalogs read the same values of
// them share one compilation.
type compileRun struct {
	site *catalog.Site
	k    *keyer // nil: every node compiled (and with Options.Each)
	cls  *classes[compiled]
}

// compiled is a class's catalog ordered: its stand-in's plan (nil when
// it has errors) and diagnostics, or full when each node is compiled.
type compiled struct {
	full  bool
	plan  *graph.Plan
	diags hcl.Diagnostics
}

func newCompileRun(site *catalog.Site, o Options) *compileRun {
	run := &compileRun{site: site, cls: newClasses[compiled]()}
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
		out, _ := run.cls.get(c.key, func() compiled {
			run.cls.compiled.Add(1)
			plan, diags := compileNode(run.site, run.k.standIn(n, c))
			return compiled{full: c.substituted() && exceeds(diags), plan: plan, diags: diags}
		})
		if !out.full {
			r.plan, r.diags, r.class = out.plan, out.diags, &sentinels{k: run.k, values: c.values}
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
		if o.Shown != nil {
			o.Shown = plan
		}
	}
	return outcomes
}
