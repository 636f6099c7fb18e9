package catalog

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// siteSource names a catalog compiled from a site's classes.
const siteSource = "catc's compiler of classes"

// compileStructure compiles a site with classes for one node (nil: no
// facts) into c's catalog: top are the top-level resource blocks, ctx
// the top level's context. The catalog is built as one read from
// Puppet's catalog JSON is (FromExternal), so its containers, order,
// refreshes and cycles are those of Puppet's agent.
func (c *loader) compileStructure(blocks []structBlock, top []*rawResource, ctx *hcl.EvalContext, node *nodefacts.Node) hcl.Diagnostics {
	st, diags := readStructure(blocks, c.aliases)
	if ctx == nil || diags.HasErrors() {
		return diags // the context's own errors are reported
	}
	k := &compiler{l: c, st: st, base: ctx, byKey: map[string]int{}, classes: map[string]*classDecl{},
		byType: map[string][]int{}, selves: map[int]cty.Value{}, tagMemo: map[int][]string{}}
	if node != nil {
		k.node = node.Name
		if c.hiera != nil {
			k.session = c.hiera.NewSession(hiera.NodeScope(node))
		}
	}
	k.run(top)
	diags = append(diags, k.diags...)
	if diags.HasErrors() {
		return diags
	}
	cat, more := FromExternal(c.Catalog, k.externals(), ExternalOptions{Source: siteSource})
	cat.files, cat.secretRanges = c.files, c.secretRanges
	c.Catalog = cat
	return append(diags, more...)
}

// externals are the compiled items as FromExternal takes them, with
// their contents and their tags (own, then inherited from their scope,
// as Puppet merges them when the compilation finishes).
func (k *compiler) externals() []External {
	pos := make([]int, len(k.items)) // item → position in out, -1 when left out
	n := 0
	for i, it := range k.items {
		pos[i] = -1
		if !it.virtual {
			pos[i] = n
			n++
		}
	}
	out := make([]External, 0, n)
	tags := make([][]string, len(k.items))
	for i, it := range k.items {
		if it.virtual {
			continue
		}
		e := it.ext
		e.Contents = nil
		for _, c := range it.contents {
			if pos[c] >= 0 {
				e.Contents = append(e.Contents, pos[c])
			}
		}
		e.Tags = k.tags(i, tags)
		out = append(out, e)
	}
	return out
}

// tags are item i's tags, each once, memoised in memo.
func (k *compiler) tags(i int, memo [][]string) []string {
	if memo[i] != nil {
		return memo[i]
	}
	it := k.items[i]
	seen := map[string]bool{}
	var out []string
	add := func(ts []string) {
		for _, t := range ts {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	add(it.own)
	if it.scope >= 0 && it.scope != i {
		add(k.tags(it.scope, memo))
	}
	memo[i] = out
	return out
}

// tagsNow are item i's tags while compiling (memoised until an
// override changes tags).
func (k *compiler) tagsNow(i int) []string {
	if t, ok := k.tagMemo[i]; ok {
		return t
	}
	it := k.items[i]
	seen := map[string]bool{}
	var out []string
	for _, t := range it.own {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	if it.scope >= 0 && it.scope != i {
		for _, t := range k.tagsNow(it.scope) {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	k.tagMemo[i] = out
	return out
}

// compileLoaded is compileStructure for Load: the node is the one of
// opts.FactsFile, when given.
func (c *loader) compileLoaded(blocks []structBlock, top []*rawResource, ctx *hcl.EvalContext, opts LoadOptions) hcl.Diagnostics {
	node, diags := nodefacts.ReadOne(opts.FactsFile)
	if diags.HasErrors() {
		return nil // buildContext reported them
	}
	return c.compileStructure(blocks, top, ctx, node)
}
