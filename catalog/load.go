package catalog

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"

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
	// FactsFile is the --facts path: Facter JSON of one node, read as
	// facts.*.
	FactsFile string
}

// Load reads the files and directories in paths (a directory means every
// *.hcl file below it, in bytewise path order; arguments in the order
// given) and returns the validated catalog with every diagnostic of the
// run, sorted by file (in load order) and position. The catalog is never
// nil; when there are errors it holds what could be decoded (resources of
// unknown types are left out) and must not be compiled further.
func Load(paths []string, opts LoadOptions) (*Catalog, hcl.Diagnostics) {
	defer relaxGC()()
	c := newCatalog()
	names, diags := ExpandPaths(paths)
	if len(names) == 0 && !diags.HasErrors() {
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "No input",
			Detail: "No .hcl files were found in the given paths: give at least one file or a directory holding *.hcl files."})
	}
	files, moreDiags := readFiles(names)
	diags = append(diags, moreDiags...)
	diags = append(diags, c.load(files, opts)...)
	order := make(map[string]int, len(files))
	for i, f := range files {
		order[f.name] = i
	}
	sortDiagnostics(diags, order)
	return c, diags
}

func newCatalog() *Catalog {
	return &Catalog{files: map[string]*hcl.File{}, table: map[string]*Resource{}, typeByName: map[string]*TypeDef{}}
}

// relaxGC lets the heap grow further between collections while loading:
// parsing allocates about 200 bytes per input byte, nearly all of it
// short-lived syntax trees, and at the default GOGC collection takes a
// third of the CPU. A soft memory limit (unless the user set one) keeps
// the peak bounded. Concurrent loads share one relaxation; the last one
// to finish restores the settings. A GOGC above 400 or off is kept.
func relaxGC() (restore func()) {
	gcState.Lock()
	defer gcState.Unlock()
	if gcState.users == 0 {
		gcState.percent = debug.SetGCPercent(400)
		if gcState.percent < 0 || gcState.percent > 400 {
			debug.SetGCPercent(gcState.percent)
		}
		gcState.limit = debug.SetMemoryLimit(-1)
		if gcState.limit == math.MaxInt64 {
			debug.SetMemoryLimit(768 << 20)
		}
	}
	gcState.users++
	return func() {
		gcState.Lock()
		defer gcState.Unlock()
		if gcState.users--; gcState.users == 0 {
			debug.SetGCPercent(gcState.percent)
			debug.SetMemoryLimit(gcState.limit)
		}
	}
}

var gcState struct {
	sync.Mutex
	users   int
	percent int
	limit   int64
}

// LoadFiles is Load on in-memory sources: srcs[i] is the content of the
// file called names[i] (the slices have the same length), in that order.
// Tests and fuzzing use it.
func LoadFiles(names []string, srcs [][]byte, opts LoadOptions) (*Catalog, hcl.Diagnostics) {
	defer relaxGC()()
	c := newCatalog()
	files := make([]*sourceFile, len(names))
	order := make(map[string]int, len(names))
	for i, n := range names {
		files[i] = &sourceFile{name: n, src: srcs[i]}
		order[n] = i
	}
	diags := c.load(files, opts)
	sortDiagnostics(diags, order)
	return c, diags
}

// load runs the stages: parse (parallel), type definitions, evaluation
// context and the blocks that need it, declarations (parallel),
// duplicates, references.
func (c *Catalog) load(files []*sourceFile, opts LoadOptions) hcl.Diagnostics {
	workers := opts.Parallelism
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var diags hcl.Diagnostics
	var typeBlocks []typeBlock
	var aliasBlocks, vars, locals []scopeBlock
	var raws []*rawResource
	deferred := false
	for i, p := range parseAll(files, workers) {
		f := files[i]
		c.files[f.name] = &hcl.File{Body: hcl.EmptyBody(), Bytes: f.src}
		diags = append(diags, p.diags...)
		if p.diags.HasErrors() {
			c.secrets.markBroken(f.name)
		}
		typeBlocks = append(typeBlocks, p.types...)
		aliasBlocks = append(aliasBlocks, p.aliases...)
		vars, locals = append(vars, p.variables...), append(locals, p.locals...)
		raws = append(raws, p.resources...)
		for _, r := range p.resources {
			deferred = deferred || r.deferred != nil
		}
	}
	var aliasDiags hcl.Diagnostics
	c.Aliases, c.aliases, aliasDiags = decodeAliases(aliasBlocks)
	diags = append(diags, aliasDiags...)
	defs, byName, typeDiags := decodeTypes(typeBlocks, c.aliases)
	c.Types, c.typeByName = defs, byName
	diags = append(diags, typeDiags...)
	c.findSecrets(raws, vars, locals)

	ctx, ctxDiags := c.buildContext(vars, locals, opts, deferred || len(vars)+len(locals) > 0)
	diags = append(diags, ctxDiags...)
	raws, moreDiags := expandAll(raws, ctx)
	diags = append(diags, moreDiags...)

	builds := make([]built, len(raws))
	parallel(len(raws), workers, func(i int) {
		builds[i] = buildResource(c, raws[i])
		raws[i] = nil // only the built resource is needed from here on
	})
	if len(builds) > 0 {
		c.Resources = make([]*Resource, 0, len(builds))
		c.table = make(map[string]*Resource, 2*len(builds)) // titles and keys
	}
	for i := range builds {
		diags = append(diags, builds[i].diags...)
		if r := builds[i].res; r != nil {
			r.Index = len(c.Resources)
			c.Resources = append(c.Resources, r)
			diags = append(diags, c.register(r)...)
		}
	}
	c.retitle()
	diags = append(diags, c.resolveAll(builds, workers)...)
	c.secrets.sortRanges()
	c.secrets.redactDiagnostics(diags)
	return diags
}

// resolveAll resolves every built resource's references in parallel: the
// lookup table is complete and only read, and each resource writes only
// its own relations. The diagnostics come back in declaration order.
func (c *Catalog) resolveAll(builds []built, workers int) hcl.Diagnostics {
	perResource := make([]hcl.Diagnostics, len(builds))
	parallel(len(builds), workers, func(i int) {
		if builds[i].res != nil {
			perResource[i] = c.resolve(builds[i].res, builds[i].refs)
		}
	})
	var diags hcl.Diagnostics
	for _, d := range perResource {
		diags = append(diags, d...)
	}
	return diags
}
