package fleet

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// Outcome is what happened to a group of nodes that fared alike.
type Outcome struct {
	// Failed is set when the nodes do not compile; Errors are then their
	// distinct errors, as in Failure.
	Failed bool
	Errors string
	// Plan is set by Plans for nodes that compile: they share one apply
	// order of Steps steps.
	Plan  bool
	Steps int
	// Warnings is the number of warnings of each node that compiles.
	Warnings int
	// Read is set for nodes whose catalogs Puppet compiled and catc read
	// (ReadCatalogs), rather than compiled.
	Read bool
	// Drawn is set by ReadCatalogs for graph pictures: the nodes' graphs
	// were drawn, with Cycles dependency cycles each (drawn in red).
	Drawn  bool
	Cycles int
	// Nodes are the node names, sorted.
	Nodes []string
	// Diags are the diagnostics of the first node by name (nodes grouped
	// alike have the same ones, up to their identity).
	Diags hcl.Diagnostics
	// Shown, set by Plans for nodes that compile, is the plan of the
	// first node by name (ShownFor): the others' are the same steps in
	// the same order, up to each node's identity in titles.
	Shown    *graph.Plan
	ShownFor string
	// first is the node Diags are of: the first by name; node is it
	// when Diags and Shown are its class's (compileRun.fix).
	first string
	node  *nodefacts.Node
}

// Validate compiles the site for every node and groups the nodes by
// outcome: compiling (with the same number of warnings) or failing with
// the same errors at the same places. Failures come first, each kind
// sorted by the number of nodes, most first.
func Validate(site *compiler.Site, nodes []*nodefacts.Node, o Options) []Outcome {
	return compileFrom(site, nodeList(nodes), o, groupBy{})
}

// ValidateStream is Validate of the nodes of s, read as the run goes
// (the shard's, when s is one); when s.Diagnostics has errors the
// outcomes are void.
func ValidateStream(site *compiler.Site, s *Stream, o Options) []Outcome {
	return compileFrom(site, s, o, groupBy{})
}

// Plans is Validate that tells the compiling nodes apart by their plan:
// nodes whose apply orders are the same resources in the same order (up
// to the node's identity in titles, see Diff) group together, and each
// group keeps one plan to show (Shown); the others are not kept.
func Plans(site *compiler.Site, nodes []*nodefacts.Node, o Options) []Outcome {
	return compileFrom(site, nodeList(nodes), o, groupBy{plans: true, key: planKey})
}

// PlansStream is Plans of the nodes of s, read as the run goes.
func PlansStream(site *compiler.Site, s *Stream, o Options) []Outcome {
	return compileFrom(site, s, o, groupBy{plans: true, key: planKey})
}

// compileFrom compiles the nodes of src and groups them by.
func compileFrom(site *compiler.Site, src nodeSource, o Options, by groupBy) []Outcome {
	run := newCompileRun(site, o, by.plans)
	return run.fix(group(o, by, func(add func(nodeRun)) {
		src.each(o, run.compiled, func(n *nodefacts.Node) { add(run.node(n)) })
	}))
}

// planKey tells plans apart by their steps' refs, identity replaced.
func planKey(p *graph.Plan, id *identity) string {
	refs := make([]string, len(p.Steps))
	for i, s := range p.Steps {
		refs[i] = s.Resource.Ref()
	}
	return refsKey(refs, id)
}

// refsKey is the key of a plan's refs with identity id replaced (nil:
// as they are).
func refsKey(refs []string, id *identity) string {
	h := sha256.New()
	for _, r := range refs {
		fmt.Fprintf(h, "%s\x00", id.replace(r))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// nodeRun is what became of one node: its plan (nil when it has errors
// other than cycles) and its diagnostics, those of its plan's cycles
// apart when the run keeps them so (ReadCatalogs).
type nodeRun struct {
	node          *nodefacts.Node
	id            *identity
	plan          *graph.Plan
	diags, cycles hcl.Diagnostics
	// class is set when diags are the node's class's: its sentinels
	// stand for the node's values (see compileRun); shape, then, is what
	// grouping reads of the class's plan, in the plan's place.
	class *sentinels
	shape *planShape
}

// groupBy says how group tells outcomes apart: with plans, by key (the
// plan, identity replaced); with drawn, a plan with cycles does not fail
// (it is drawn, cycles in red) and the cycles are counted; read marks the
// outcomes of catalogs that were read rather than compiled.
type groupBy struct {
	plans, drawn, read bool
	key                func(*graph.Plan, *identity) string
}

// group runs every node and groups them by outcome: the same errors, or
// the same number of warnings (and with plans, the same plan). A catalog
// read (by.read) is each node's own file, whose name holds the node's:
// it is replaced in the errors that tell outcomes apart.
// runAll calls add with every node's run, from several goroutines.
func group(o Options, by groupBy, runAll func(add func(nodeRun))) []Outcome {
	var mu sync.Mutex
	byKey := map[string]*Outcome{}
	runAll(func(r nodeRun) {
		diags, cycles := r.diags, 0
		if by.drawn && r.plan != nil {
			cycles = len(r.plan.Cycles) // drawn all the same, in red: not errors here
		} else {
			diags = append(diags, r.cycles...)
		}
		if !diags.HasErrors() && o.Each != nil {
			diags = append(diags, eachDiags(o.Each(r.node, r.plan))...)
		}
		var out Outcome
		var key string
		if diags.HasErrors() {
			named := diags
			if by.read {
				named = ownFiles(diags, r.id) // each node's catalog is its own file: NODE.json
			}
			out = Outcome{Failed: true, Errors: errorsTextWith(named, r.id, r.class)}
			key = "fail\x00" + out.Errors
		} else {
			out = Outcome{Warnings: countWarnings(diags), Cycles: cycles, Drawn: by.drawn}
			switch {
			case by.plans && r.shape != nil:
				out.Plan, out.Steps = true, r.shape.steps
				key = r.shape.key(r.id)
			case by.plans:
				out.Plan, out.Steps = true, resourceSteps(r.plan)
				key = by.key(r.plan, r.id)
			}
			key = fmt.Sprintf("ok\x00%d\x00%d\x00%d\x00%s", out.Steps, out.Warnings, out.Cycles, key)
		}
		out.Read = by.read
		name := r.node.Name
		mu.Lock()
		defer mu.Unlock()
		g := byKey[key]
		if g == nil {
			g = &out
			byKey[key] = g
		}
		// The diagnostics kept are the first node's by name, whichever
		// goroutine gets there first (they name the node's identity).
		if len(g.Nodes) == 0 || name < g.first {
			g.Diags, g.first, g.node = diags, name, nil
			if r.class != nil {
				g.node = r.node // its own diagnostics and plan: compileRun.fix
			}
		}
		// The plan shown is the first node's by name, whichever goroutine
		// gets there first, so that the output is the same on every run.
		if by.plans && r.plan != nil && !out.Failed && (g.Shown == nil || name < g.ShownFor) {
			g.Shown, g.ShownFor = r.plan, name
		}
		g.Nodes = append(g.Nodes, name)
	})
	out := make([]Outcome, 0, len(byKey))
	for _, g := range byKey {
		sort.Strings(g.Nodes)
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Failed != b.Failed {
			return a.Failed
		}
		if len(a.Nodes) != len(b.Nodes) {
			return len(a.Nodes) > len(b.Nodes)
		}
		return a.Nodes[0] < b.Nodes[0]
	})
	return out
}

// eachDiags is what Options.Each reported: its diagnostics as they are,
// or any other error as one.
func eachDiags(err error) hcl.Diagnostics {
	if err == nil {
		return nil
	}
	if ds, ok := err.(hcl.Diagnostics); ok {
		return ds
	}
	return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot write the catalog", Detail: err.Error()}}
}

// resourceSteps is the number of resources a plan applies: its steps but
// the classes, defines, nodes and stages of a catalog read from Puppet.
func resourceSteps(p *graph.Plan) int {
	n := 0
	for _, s := range p.Steps {
		if !graph.IsContainer(s.Resource) {
			n++
		}
	}
	return n
}

// errorsText names a node's distinct errors, each by its summary and
// where it is ("Duplicate resource at site/web.hcl:4"), with the node's
// identity replaced so that nodes failing alike group.
func errorsText(diags hcl.Diagnostics, id *identity) string {
	var parts []string
	seen := map[string]bool{}
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		s := id.replace(d.Summary)
		if d.Subject != nil {
			s += fmt.Sprintf(" at %s:%d", d.Subject.Filename, d.Subject.Start.Line)
		}
		if !seen[s] {
			seen[s] = true
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "; ")
}

func countWarnings(diags hcl.Diagnostics) int {
	n := 0
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning {
			n++
		}
	}
	return n
}
