package compiler

import (
	"path/filepath"
	"runtime"

	"github.com/catc-dev/catc/internal/nodefacts"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hclpaths"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/pool"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/hashicorp/hcl/v2"
)

// LoadOptions tune Load.
type LoadOptions struct {
	// Parallelism bounds the goroutines that parse and check; 0 means
	// GOMAXPROCS.
	Parallelism int
	// Vars are --var settings, "name=value", applied in order after
	// VarFiles (the last value of a variable wins).
	Vars []string
	// VarFiles are --var-file paths: HCL files of `name = value`.
	VarFiles []string
	// Node is the node compiled for, read as facts.* and trusted.*
	// (the caller reads it: nodefacts.ReadOne for --facts); nil: none.
	Node *nodefacts.Node
	// NodeDiags are the diagnostics of reading Node, reported among the
	// load's; when they hold errors, no block that needs the evaluation
	// context is declared (the node is not known).
	NodeDiags hcl.Diagnostics
	// Cache, when set, keeps parsed files between loads: a file whose
	// content did not change is not parsed again (see ParseCache).
	Cache *ParseCache
	// DigestKey is the key of the digests of sensitive values written
	// into catalog files (see secretdigest.NewKey); nil: none, the files
	// carry secretdigest.None.
	DigestKey *secretdigest.Key
	// NodeRefusals (LoadSite only) leaves the errors for which Puppet
	// refuses a catalog that is still whole (RefusedWhole) in a block
	// that only some nodes declare to each node that declares it,
	// instead of failing the site: a fleet diff compares those nodes and
	// says they fail.
	NodeRefusals bool
	// Hiera is the site's Hiera data (hiera.Open), which lookup("key")
	// reads for the node; nil: lookup() finds nothing.
	Hiera *hiera.Data
	// Limits bound what evaluating the load's expressions may cost
	// (budget.go); zero fields take DefaultLimits. A site's nodes each
	// get the same limits.
	Limits catalog.Limits
}

// Load reads the files and directories in paths (a directory means every
// *.hcl file below it, in bytewise path order; arguments in the order
// given) and returns the validated catalog with every diagnostic of the
// run, sorted by file (in load order) and position. The catalog is never
// nil; when there are errors it holds what could be decoded (resources of
// unknown types are left out) and must not be compiled further, unless
// RefusedWhole says every error left it whole.
func Load(paths []string, opts LoadOptions) (*catalog.Catalog, hcl.Diagnostics) {
	c := newLoader(opts)
	files, order, diags := readInputs(paths, opts.VarFiles)
	diags = append(diags, c.load(files, opts)...)
	catalog.SortDiagnostics(diags, order)
	return c.Catalog, diags
}

// readInputs expands and reads the paths, leaving out the var files a
// directory holds; order gives each file's place in the load order, which
// sorts the diagnostics.
func readInputs(paths, varFiles []string) ([]*sourceFile, map[string]int, hcl.Diagnostics) {
	skip := make([]string, len(varFiles))
	for i, f := range varFiles {
		skip[i] = filepath.Clean(f)
	}
	names, diags := hclpaths.ExpandFiles(paths, skip)
	if len(names) == 0 && !diags.HasErrors() {
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "No input",
			Detail: "No .hcl files were found in the given paths: give at least one file or a directory holding *.hcl files."})
	}
	files, moreDiags := readFiles(names)
	diags = append(diags, moreDiags...)
	order := make(map[string]int, len(files))
	for i, f := range files {
		order[f.name] = i
	}
	return files, order, diags
}

// LoadFiles is Load on in-memory sources: srcs[i] is the content of the
// file called names[i] (the slices have the same length), in that order.
// Tests, fuzzing and the language server (whose open buffers are not
// on disk) use it.
func LoadFiles(names []string, srcs [][]byte, opts LoadOptions) (*catalog.Catalog, hcl.Diagnostics) {
	c := newLoader(opts)
	files := make([]*sourceFile, len(names))
	order := make(map[string]int, len(names))
	for i, n := range names {
		files[i] = &sourceFile{name: n, src: srcs[i]}
		order[n] = i
	}
	diags := c.load(files, opts)
	catalog.SortDiagnostics(diags, order)
	return c.Catalog, diags
}

// load runs the stages: parse (parallel), type definitions, evaluation
// context and the blocks that need it, declarations (parallel),
// duplicates, references.
func (c *loader) load(files []*sourceFile, opts LoadOptions) hcl.Diagnostics {
	workers := opts.Parallelism
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	p, diags := c.prepare(files, workers, opts.Cache)
	ctx, ctxDiags := c.buildContext(p.vars, p.locals, opts, p.deferred || len(p.vars)+len(p.locals) > 0 || p.structure != nil)
	diags = append(diags, ctxDiags...)
	// One catalog from these files: the raw declarations are dropped as
	// they are built, which keeps a large load's peak memory down (the
	// parse cache and a fleet's site keep theirs for the next build).
	raws := p.raws
	p.raws = nil
	if p.structure != nil {
		opts.Cache.forgetFlat() // a site with classes is not spliced
		diags = append(diags, c.compileLoaded(p.structure, raws, ctx, opts)...)
	} else {
		diags = append(diags, c.declare(raws, ctx, workers, p.reuse, p.reuse == nil)...)
	}
	diags = catalog.BudgetDiags(diags, c.Budget, hcl.Range{})
	c.resolveConditional()
	c.secrets.sortRanges()
	c.SetSecretRanges(c.secrets.ranges)
	c.secrets.redactDiagnostics(diags)
	return diags
}

// prepared is what a site's files yield before any evaluation context:
// the type definitions and aliases are decoded into the catalog, the rest
// waits here. A fleet run prepares once and declares once per node, so
// nothing in it may be changed by declare.
type prepared struct {
	vars, locals []catalog.SourceBlock
	raws         []*rawResource
	deferred     bool // some resource needs the evaluation context
	// structure are the class, define, node and declaration blocks
	// (class_parse.go); nil for a flat site.
	structure []structBlock
	// reuse is set for a load through a ParseCache (see buildAll).
	reuse *buildReuse
}

// prepare parses the files (in parallel; through cache when not nil) and
// decodes the aliases and type definitions into c.
func (c *loader) prepare(files []*sourceFile, workers int, cache *ParseCache) (*prepared, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var typeBlocks []catalog.TypeBlock
	var aliasBlocks []catalog.SourceBlock
	p := &prepared{}
	used := map[string]bool{}
	for i, pf := range parseCached(files, workers, cache, c.Budget) {
		f := files[i]
		c.AddFile(f.name, &hcl.File{Body: hcl.EmptyBody(), Bytes: f.src})
		diags = append(diags, pf.diags...)
		if pf.diags.HasErrors() {
			c.secrets.markBroken(f.name)
		}
		typeBlocks = append(typeBlocks, pf.types...)
		aliasBlocks = append(aliasBlocks, pf.aliases...)
		p.vars, p.locals = append(p.vars, pf.variables...), append(p.locals, pf.locals...)
		p.structure = appendStructure(p.structure, pf.structure, len(p.raws))
		p.raws = append(p.raws, pf.resources...)
		p.deferred = p.deferred || pf.deferred
		if pf.virtuals && p.structure == nil {
			p.structure = []structBlock{} // compiled as a site with classes (puppetOnly)
		}
		for n := range pf.builtins {
			used[n] = true
		}
	}
	typeBlocks, builtinDiags := c.AddBuiltins(used, typeBlocks)
	diags = append(diags, builtinDiags...)
	typeDiags, typesReused := c.decodeAllTypes(typeBlocks, aliasBlocks, cache)
	diags = append(diags, typeDiags...)
	if cache != nil {
		p.reuse = &buildReuse{cache: cache, typesReused: typesReused}
	}
	c.findSecrets(p.raws, p.vars, p.locals, p.structure)
	if p.structure == nil { // a site with classes is checked as it compiles
		diags = append(diags, c.checkConditional(p.raws)...)
	}
	return p, diags
}

// declare expands the deferred resources with ctx, builds and registers
// every resource and resolves the references. raws is only read, unless
// release is set: then each raw declaration is dropped once built. reuse
// (nil without a ParseCache) lends the checks of an earlier load.
func (c *loader) declare(raws []*rawResource, ctx *hcl.EvalContext, workers int, reuse *buildReuse, release bool) hcl.Diagnostics {
	flat := reuse != nil && !anyDeferred(raws) // kept for the next load to splice (splice.go)
	raws, diags := expandAll(raws, ctx, &c.secrets)
	if flat {
		if more, ok := c.splice(raws, reuse.cache, workers); ok {
			return c.nodeIndependent(append(diags, more...))
		}
	}
	builds := c.buildAll(raws, workers, reuse, release && reuse == nil)
	if len(builds) > 0 {
		c.Reserve(len(builds))
	}
	clean := true
	for i := range builds {
		diags = append(diags, builds[i].Diags...)
		if r := builds[i].Res; r != nil {
			r.Index = len(c.Resources)
			c.Resources = append(c.Resources, r)
			more := c.Register(r)
			clean = clean && len(more) == 0
			diags = append(diags, more...)
		}
	}
	c.Retitle()
	c.IndexByType()
	resolved := c.resolveEach(builds, workers)
	for _, d := range resolved {
		diags = append(diags, d...)
	}
	if reuse != nil {
		c.keepFlat(reuse.cache, raws, builds, resolved, clean && flat)
	}
	return c.nodeIndependent(append(diags, c.CheckBelow()...))
}

// resolveEach resolves every built resource's references in parallel:
// the lookup table is complete and only read, and each resource writes
// only its own relations. The diagnostics come back per declaration.
func (c *loader) resolveEach(builds []catalog.Built, workers int) []hcl.Diagnostics {
	perResource := make([]hcl.Diagnostics, len(builds))
	pool.For(len(builds), workers, 0, func(i int) {
		if builds[i].Res != nil {
			perResource[i] = c.Resolve(builds[i].Res, builds[i].Refs)
		}
	})
	return perResource
}
