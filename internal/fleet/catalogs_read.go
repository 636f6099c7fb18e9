package fleet

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/source"
	"github.com/catc-dev/catc/internal/types"
)

// Reading says what ReadCatalogs makes of each node's catalog.
type Reading int

const (
	// CheckCatalogs groups the nodes by errors and warnings (validate).
	CheckCatalogs Reading = iota
	// PlanCatalogs also tells the valid nodes apart by their plan, each
	// distinct plan kept once to show (plan).
	PlanCatalogs
	// DrawCatalogs hands every catalog that reads to Options.Each, with
	// its cycles (graph draws them in red): a cycle fails no node.
	DrawCatalogs
)

// CatalogDir lists the per-node catalogs of one directory, as
// CatalogNodes does for two: NODE.json is node NODE's catalog (its path
// in New). Two names that differ only in case are refused, naming both.
func CatalogDir(dir string) ([]CatalogNode, error) {
	side, err := source.CatalogDirFiles(dir)
	if err != nil {
		return nil, err
	}
	return pairCatalogs(nil, side)
}

// ReadCatalogs reads, models and orders each node's catalog (New of each
// CatalogNode) with the types of defs (the built-in ones and the user's
// HCL types, only read) on o.Workers goroutines, and groups the nodes by
// outcome as Validate and Plans group compiled ones (Outcome.Read set):
// nodes whose plans are the same, up to the node's identity, share one
// (catalogPlanKey says what is compared). What catc cannot know about
// the catalogs (catalog.Notes) comes back gathered, in the nodes' order,
// each kind once.
func ReadCatalogs(defs *catalog.Catalog, nodes []CatalogNode, r Reading, o Options) ([]Outcome, *catalog.Notes) {
	notes := make([]catalog.Notes, len(nodes))
	by := groupBy{read: true, plans: r == PlanCatalogs, drawn: r == DrawCatalogs, key: catalogPlanKey}
	out := group(o, by, func(add func(nodeRun)) {
		each(len(nodes), o, nil, func(i int) { add(readCatalogNode(defs, nodes[i], &notes[i])) })
	})
	var all catalog.Notes
	for i := range notes {
		all.Merge(&notes[i])
	}
	return out, &all
}

// readCatalogNode reads, models and orders one node's catalog, adding
// what catc cannot know of it to notes.
func readCatalogNode(defs *catalog.Catalog, n CatalogNode, notes *catalog.Notes) nodeRun {
	node := &nodefacts.Node{Name: n.Name, Facts: cty.EmptyObjectVal}
	id := identityOf(node)
	run := nodeRun{node: node, id: id}
	data, diags := source.ReadCatalogFile(n.New, n.New)
	if data != nil {
		var cat *catalog.Catalog
		cat, run.plan, diags, run.cycles = catalogPlan(defs, n.New, data)
		notes.Add(cat)
	}
	run.diags = diags
	return run
}

// catalogPlan parses one Puppet catalog, models it with the types of
// defs and orders it as the agent would: the plan is nil when the
// catalog has errors; the diagnostics of its cycles come apart.
func catalogPlan(defs *catalog.Catalog, path string, data []byte) (*catalog.Catalog, *graph.Plan, hcl.Diagnostics, hcl.Diagnostics) {
	cat, diags := pipeline.ParsePuppet(path, data, defs)
	if cat == nil || diags.HasErrors() {
		return cat, nil, diags, nil
	}
	_, plan, cycles := pipeline.Plan(cat, graph.Ordering{})
	return cat, plan, diags, cycles
}

// catalogPlanKey tells the plans of Puppet catalogs apart by what their
// text and JSON say, the node's identity replaced: the agent's order
// (each resource, and where each class and define starts and ends), each
// resource's manifest file and line and its classes and defines, what
// each waits for (the edge's kinds and who wrote it) and what refreshes
// it. Two nodes that share a plan read alike but for their names; the
// places in each node's own catalog file are left out (a parameter's
// length moves them).
func catalogPlanKey(p *graph.Plan, id *identity) string {
	h := sha256.New()
	k := planHasher{h: h, id: id}
	for _, v := range p.Evaluation {
		r := v.Resource
		k.str(r.Ref())
		k.num(int(v.Whit))
		if v.Whit == graph.Completed {
			continue
		}
		if x := r.External; x != nil {
			k.str(x.File)
			k.num(x.Line)
			for _, c := range x.Containers {
				k.str(c.Ref())
			}
		}
		if s := p.StepOf(r); s > 0 {
			if r.Attributes != nil { // its values, as the plan's JSON shows them
				k.str(string(types.EncodeJSON(r.Attributes)))
			}
			k.step(p.Steps[s-1])
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// planHasher writes the parts of a plan's key, each ended so that no two
// sequences of parts write the same bytes.
type planHasher struct {
	h  hash.Hash
	id *identity
}

func (k planHasher) str(s string) {
	io.WriteString(k.h, k.id.replace(s))
	k.h.Write([]byte{0})
}

func (k planHasher) num(n int) {
	io.WriteString(k.h, strconv.Itoa(n))
	k.h.Write([]byte{1})
}

// step writes what a step waits for and what refreshes it.
func (k planHasher) step(s graph.Step) {
	for _, e := range s.WaitsFor {
		k.str(e.F.Resource.Ref())
		k.num(int(e.Kinds))
		for _, o := range e.Origins {
			k.num(int(o.Kind))
			k.str(o.RuleName())
			if o.Resource != nil {
				k.str(o.Resource.Ref())
			}
		}
	}
	k.num(-1)
	for _, r := range s.RefreshedBy {
		k.str(r.Resource.Ref())
		if r.Via != nil {
			k.str(r.Via.Ref())
		}
	}
	k.num(s.MoreRefreshers) // the plan shows the nearest few and counts the rest
	k.num(-2)
}
