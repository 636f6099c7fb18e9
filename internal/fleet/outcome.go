package fleet

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
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
	// first is the node Diags are of: the first by name.
	first string
}

// Validate compiles the site for every node and groups the nodes by
// outcome: compiling (with the same number of warnings) or failing with
// the same errors at the same places. Failures come first, each kind
// sorted by the number of nodes, most first.
func Validate(site *catalog.Site, nodes []*nodefacts.Node, o Options) []Outcome {
	return group(site, nodes, o, false)
}

// Plans is Validate that tells the compiling nodes apart by their plan:
// nodes whose apply orders are the same resources in the same order (up
// to the node's identity in titles, see Diff) group together, and each
// group keeps one plan to show (Shown); the others are not kept.
func Plans(site *catalog.Site, nodes []*nodefacts.Node, o Options) []Outcome {
	return group(site, nodes, o, true)
}

// planKey tells plans apart by their steps' refs, identity replaced.
func planKey(p *graph.Plan, id *identity) string {
	h := sha256.New()
	for _, s := range p.Steps {
		fmt.Fprintf(h, "%s\x00", id.replace(s.Resource.Ref()))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// group compiles every node and groups them by outcome: the same errors,
// or the same number of warnings (and with plans, the same plan).
func group(site *catalog.Site, nodes []*nodefacts.Node, o Options, plans bool) []Outcome {
	var mu sync.Mutex
	byKey := map[string]*Outcome{}
	each(len(nodes), o, func(i int) {
		n := nodes[i]
		plan, diags := compileNode(site, n)
		if !diags.HasErrors() && o.Each != nil {
			if err := o.Each(n, plan); err != nil {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot write the catalog", Detail: err.Error()})
			}
		}
		id := identityOf(n)
		var out Outcome
		var key string
		if diags.HasErrors() {
			out = Outcome{Failed: true, Errors: errorsText(diags, id)}
			key = "fail\x00" + out.Errors
		} else {
			out = Outcome{Warnings: countWarnings(diags)}
			if plans {
				out.Plan, out.Steps = true, len(plan.Steps)
				key = planKey(plan, id)
			}
			key = fmt.Sprintf("ok\x00%d\x00%d\x00%s", out.Steps, out.Warnings, key)
		}
		mu.Lock()
		defer mu.Unlock()
		g := byKey[key]
		if g == nil {
			g = &out
			byKey[key] = g
		}
		// The diagnostics kept are the first node's by name, whichever
		// goroutine gets there first (they name the node's identity).
		if len(g.Nodes) == 0 || n.Name < g.first {
			g.Diags, g.first = diags, n.Name
		}
		// The plan shown is the first node's by name, whichever goroutine
		// gets there first, so that the output is the same on every run.
		if plans && plan != nil && !out.Failed && (g.Shown == nil || n.Name < g.ShownFor) {
			g.Shown, g.ShownFor = plan, n.Name
		}
		g.Nodes = append(g.Nodes, n.Name)
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
