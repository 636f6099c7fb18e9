package compiler

import (
	"runtime"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/pool"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Site is a set of files loaded once for compiling one catalog per node:
// the files are parsed, the type definitions, aliases and variables
// decoded, and every resource that uses neither facts, trusted, locals
// nor for_each read, once; Compile evaluates only the rest per node. A
// Site is only read after LoadSite, so Compile may run in parallel.
type Site struct {
	tmpl  *loader // files, types, aliases and secrets, shared by every node's catalog
	parts *prepared
	// varObj is var.*, its members that feed a sensitive attribute
	// marked (the same for every node).
	varObj cty.Value
	order  map[string]int
	ok     bool
	// limits bound each node's evaluation (a budget per Compile).
	limits catalog.Limits
	siteInputs
}

// LoadSite loads the site's files (paths as in Load; opts.Node and NodeDiags are
// ignored). Its diagnostics are the node-independent ones (syntax, type
// definitions, variables); when they hold errors no node can compile.
func LoadSite(paths []string, opts LoadOptions) (*Site, hcl.Diagnostics) {
	c := newLoader(opts)
	files, order, diags := readInputs(paths, opts.VarFiles)
	s := &Site{tmpl: c, order: order, limits: opts.Limits}
	p, moreDiags := c.prepare(files, opts.Parallelism, nil)
	if opts.NodeRefusals {
		moreDiags = c.leaveRefusalsToNodes(moreDiags)
	}
	diags = append(diags, moreDiags...)
	s.parts = p
	s.varObj, moreDiags = c.variables(p.vars, opts)
	diags = append(diags, moreDiags...)
	s.varObj = c.secrets.markSecrets("var", s.varObj)
	diags = catalog.BudgetDiags(diags, c.Budget, hcl.Range{})
	c.secrets.sortRanges()
	c.SetSecretRanges(c.secrets.ranges)
	c.secrets.redactDiagnostics(diags)
	catalog.SortDiagnostics(diags, s.order)
	s.ok = !diags.HasErrors()
	if s.ok {
		s.prebuild(opts.Parallelism)
	}
	return s, diags
}

// prebuild builds, once, every resource that does not depend on the
// node; Compile copies them. Their diagnostics are redacted here, once:
// every node's catalog shares them, and parallel Compiles only read them.
func (s *Site) prebuild(workers int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	raws := s.parts.raws
	pool.For(len(raws), workers, 0, func(i int) {
		if raws[i].deferred == nil {
			b := catalog.BuildResource(s.tmpl.Catalog, &raws[i].RawResource, s.tmpl.Budget)
			s.tmpl.secrets.redactDiagnostics(b.Diags)
			raws[i].prebuilt = &b
		}
	})
}

// Files returns the site's files for diagnostic snippets, secrets masked
// (Catalog.Files). Call it from one goroutine.
func (s *Site) Files() map[string]*hcl.File { return s.tmpl.Files() }

// Compile declares the site's resources for one node (its facts.* and
// trusted.*) on one goroutine and returns the catalog with the node's own
// diagnostics (those of LoadSite are not repeated). It must not be called
// when LoadSite reported errors.
func (s *Site) Compile(n *nodefacts.Node) (*catalog.Catalog, hcl.Diagnostics) {
	c := &loader{
		Builder:          catalog.NewBuilder(s.tmpl.Derive(), s.limits),
		secrets:          s.tmpl.secrets, // only read from here on
		conditionalDiags: s.tmpl.conditionalDiags,
	}
	if !s.ok {
		return c.Catalog, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Invalid site",
			Detail: "The site has errors that no node can compile past; fix them first."}}
	}
	var ctx *hcl.EvalContext
	var diags hcl.Diagnostics
	if s.parts.deferred || len(s.parts.locals) > 0 || s.parts.structure != nil {
		ctx, diags = nodeContext(s.varObj, n, s.parts.locals, &c.secrets, s.tmpl.hiera, c.Budget)
	}
	switch {
	case diags.HasErrors():
	case s.parts.structure != nil:
		c.hiera = s.tmpl.hiera
		diags = append(diags, c.compileStructure(s.parts.structure, s.parts.raws, ctx, n)...)
	default:
		diags = append(diags, c.declare(s.parts.raws, ctx, 1, nil, false)...)
	}
	diags = catalog.BudgetDiags(diags, c.Budget, hcl.Range{})
	c.secrets.redactDiagnostics(diags) // writes only the node's own: the prebuilt ones are redacted already
	catalog.SortDiagnostics(diags, s.order)
	return c.Catalog, diags
}
