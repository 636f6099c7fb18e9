package compiler

import (
	"bytes"
	"slices"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/pool"
	"github.com/catc-dev/catc/internal/types"
)

// ParseCache keeps what parsing each file yielded between loads, so that
// a load that sees a file again with the same content does not parse it
// again. The language server reloads the whole workspace on every edit;
// with a cache only the edited file is parsed (parsing is two thirds of
// a load). It also keeps the types and each declaration's check (below),
// and the last load of a flat site, which the next is spliced from when
// the declarations differ in one span (splice.go): only what the edit
// touches is built and resolved again. The result is exactly that of an
// uncached load.
//
// A cache holds the files of the last load that used it only: files not
// seen in that load are forgotten, which bounds its memory by the
// workspace. It is safe for concurrent use, but loads sharing one cache
// should see the same file set.
type ParseCache struct {
	mu    sync.Mutex
	files map[string]cachedParse
	// reparsed is the number of files the last load parsed.
	reparsed int
	// types and builds are the decoded types and the checked
	// declarations of the last load (see decodeAllTypes).
	types  *cachedTypes
	builds map[*rawResource]catalog.Built
	// slot holds the budget of the load using the cache (budgetSlot).
	slot catalog.BudgetSlot
	// flat is the last flat load, which the next may be spliced from;
	// spliced says the last load was (splice.go).
	flat    *flatLoad
	spliced bool
}

type cachedParse struct {
	src []byte
	p   *parsed
}

// NewParseCache returns an empty cache.
func NewParseCache() *ParseCache { return &ParseCache{files: map[string]cachedParse{}} }

// Reparsed reports how many files the last load through the cache parsed
// (the others came from the cache); tests and benchmarks check it.
func (pc *ParseCache) Reparsed() int {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.reparsed
}

// lookup splits files into those the cache holds with the same content
// (hits[i] non-nil) and the rest.
func (pc *ParseCache) lookup(files []*sourceFile) []*parsed {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	hits := make([]*parsed, len(files))
	for i, f := range files {
		if e, ok := pc.files[f.name]; ok && bytes.Equal(e.src, f.src) {
			hits[i] = e.p
		}
	}
	return hits
}

// store replaces the cache's content with the files of one load.
func (pc *ParseCache) store(files []*sourceFile, results []*parsed, reparsed int) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	pc.files = make(map[string]cachedParse, len(files))
	for i, f := range files {
		pc.files[f.name] = cachedParse{src: f.src, p: results[i]}
	}
	pc.reparsed = reparsed
}

// parseCached is parseAll through the cache (nil: no cache). Parsed
// results are only read by the later stages, so one can serve many loads.
func parseCached(files []*sourceFile, workers int, pc *ParseCache, b *catalog.Budget) []*parsed {
	if pc == nil {
		return parseAll(files, workers, catalog.NewBudgetSlot(b))
	}
	pc.slot.Set(b) // the cached trees' constants charge this load from now on
	hits := pc.lookup(files)
	var missing []*sourceFile
	for i, f := range files {
		if hits[i] == nil {
			missing = append(missing, f)
		}
	}
	fresh := parseAll(missing, workers, &pc.slot)
	out := make([]*parsed, len(files))
	j := 0
	for i := range files {
		if hits[i] != nil {
			out[i] = hits[i]
			continue
		}
		out[i] = fresh[j]
		j++
	}
	pc.store(files, out, len(missing))
	return out
}

// Beyond parsing, a cache keeps the decoded types while the same type and
// alias blocks are loaded (the same parsed blocks: no file holding one
// changed), and under those types the check of each resource declaration
// (buildResource), which depends only on the declaration and the types.
// Both are the bulk of a load after parsing. A reused declaration gets a
// fresh Resource, since registration and references fill it in per load.

// cachedTypes are the decoded types and aliases of one set of blocks.
type cachedTypes struct {
	blocks     []*hclsyntax.Block // type blocks, then alias blocks, in order
	defs       []*catalog.TypeDef
	byName     map[string]*catalog.TypeDef
	aliasDefs  []*catalog.TypeAlias
	aliases    *types.Aliases
	aliasDiags hcl.Diagnostics
	typeDiags  hcl.Diagnostics
}

func typeKey(typeBlocks []catalog.TypeBlock, aliasBlocks []catalog.SourceBlock) []*hclsyntax.Block {
	out := make([]*hclsyntax.Block, 0, len(typeBlocks)+len(aliasBlocks))
	for _, b := range typeBlocks {
		out = append(out, b.Block)
	}
	for _, b := range aliasBlocks {
		out = append(out, b.Block)
	}
	return out
}

// decodeAllTypes decodes the aliases and types, or takes them from the
// cache when the blocks are those of the last load. It reports whether
// they came from the cache (then the declarations' checks may be reused).
func (c *loader) decodeAllTypes(typeBlocks []catalog.TypeBlock, aliasBlocks []catalog.SourceBlock, pc *ParseCache) (hcl.Diagnostics, bool) {
	key := typeKey(typeBlocks, aliasBlocks)
	if pc != nil {
		pc.mu.Lock()
		ct := pc.types
		pc.mu.Unlock()
		if ct != nil && slices.Equal(ct.blocks, key) {
			c.SetAliases(ct.aliasDefs, ct.aliases)
			c.SetTypes(ct.defs, ct.byName)
			return append(append(hcl.Diagnostics(nil), ct.aliasDiags...), ct.typeDiags...), true
		}
	}
	ct := &cachedTypes{blocks: key}
	ct.aliasDefs, ct.aliases, ct.aliasDiags = catalog.DecodeAliases(aliasBlocks)
	ct.defs, ct.byName, ct.typeDiags = catalog.DecodeTypes(typeBlocks, ct.aliases)
	c.SetAliases(ct.aliasDefs, ct.aliases)
	c.SetTypes(ct.defs, ct.byName)
	if pc != nil {
		pc.mu.Lock()
		pc.types, pc.builds = ct, nil
		pc.mu.Unlock()
	}
	return append(append(hcl.Diagnostics(nil), ct.aliasDiags...), ct.typeDiags...), false
}

// buildReuse is what a load through a cache needs to reuse and keep the
// checks of its declarations.
type buildReuse struct {
	cache       *ParseCache
	typesReused bool // the types are the cache's: its checks hold
}

// buildAll checks every declaration (buildResource), in parallel: a
// resource prebuilt for a fleet is copied, so is one the cache checked
// under the same types; the others are built. raws is only read (a
// fleet's raws serve every node), unless release is set: then each is
// dropped once built.
func (c *loader) buildAll(raws []*rawResource, workers int, reuse *buildReuse, release bool) []catalog.Built {
	builds := make([]catalog.Built, len(raws))
	var old map[*rawResource]catalog.Built
	if reuse != nil && reuse.typesReused {
		reuse.cache.mu.Lock()
		old = reuse.cache.builds
		reuse.cache.mu.Unlock()
	}
	pool.For(len(raws), workers, 0, func(i int) {
		if pb := raws[i].prebuilt; pb != nil {
			builds[i] = pb.Clone()
			return
		}
		if b, ok := old[raws[i]]; ok {
			builds[i] = b.Clone()
			return
		}
		builds[i] = catalog.BuildResource(c.Catalog, &raws[i].RawResource, c.Budget)
		if release {
			raws[i] = nil // only the built resource is needed from here on
		}
	})
	if reuse == nil {
		return builds
	}
	keep := make(map[*rawResource]catalog.Built, len(raws))
	for i, r := range raws {
		if r.deferred != nil {
			continue
		}
		if b, ok := old[r]; ok {
			keep[r] = b
		} else {
			keep[r] = builds[i].Clone() // a copy the later stages do not touch
		}
	}
	reuse.cache.mu.Lock()
	reuse.cache.builds = keep
	reuse.cache.mu.Unlock()
	return builds
}
