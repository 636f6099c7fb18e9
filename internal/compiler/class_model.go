package compiler

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// siteSource names a catalog compiled from a site's classes.
const siteSource = "catc's compiler of classes"

// compileStructure compiles a site with classes for one node (nil: no
// facts) into c's catalog: top are the top-level resource blocks, ctx
// the top level's context. The catalog is built as one read from
// Puppet's catalog JSON is (catalog.FromExternal), so its containers, order,
// refreshes and cycles are those of Puppet's agent.
func (c *loader) compileStructure(blocks []structBlock, top []*rawResource, ctx *hcl.EvalContext, node *nodefacts.Node) hcl.Diagnostics {
	st, diags := readStructure(blocks, c.AliasTable())
	if ctx == nil || diags.HasErrors() {
		return diags // the context's own errors are reported
	}
	k := &compiler{l: c, st: st, base: ctx, byKey: map[string]int{}, classes: map[string]*classDecl{},
		byType: map[string][]int{}, selves: map[int]cty.Value{}, tagsOfType: map[string][]string{},
		deferred: map[*hclsyntax.Block]*deferredBlock{}, bodies: map[*hclsyntax.Block]*parsed{}}
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
	cat, more := catalog.FromExternal(c.Catalog, k.externals(), catalog.ExternalOptions{Source: siteSource})
	cat.ShareSources(c.Catalog)
	c.Catalog = cat
	return append(diags, more...)
}

// externals are the compiled items as catalog.FromExternal takes them, with
// their contents and their tags; the virtual ones left out.
func (k *compiler) externals() []catalog.External {
	pos := make([]int, len(k.items)) // item → position in out, -1 when left out
	n := 0
	for i, it := range k.items {
		pos[i] = -1
		if !it.virtual {
			pos[i] = n
			n++
		}
	}
	out := make([]catalog.External, 0, n)
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
		e.Tags = k.tagsNow(i)
		out = append(out, e)
	}
	return out
}

// tagsNow are item i's tags: its own, then those of its scope, each
// once, as Puppet merges them (memoised until an override changes
// tags).
func (k *compiler) tagsNow(i int) []string {
	if i < len(k.tagMemo) && k.tagMemo[i] != nil {
		return k.tagMemo[i]
	}
	it := k.items[i]
	var inherited []string
	if it.scope >= 0 && it.scope != i {
		inherited = k.tagsNow(it.scope)
	}
	out := k.tagRoomFor(len(it.own) + len(inherited))
	for _, t := range it.own {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	// The inherited tags are distinct already (a memo of this function):
	// each is looked for among the own ones alone.
	own := out[:len(out):len(out)]
	for _, t := range inherited {
		if !slices.Contains(own, t) {
			out = append(out, t)
		}
	}
	if len(k.tagMemo) < len(k.items) {
		k.tagMemo = append(k.tagMemo, make([][]string, len(k.items)-len(k.tagMemo))...)
	}
	k.tagMemo[i] = out // not nil, even when empty
	return out
}

// tagRoomFor is an empty slice of capacity n carved from the compiler's
// room for tags (allocated tagRoomSize strings at a time): the tags of
// every item are kept, and one allocation holds many items' tags.
func (k *compiler) tagRoomFor(n int) []string {
	if n > tagRoomSize/4 {
		return make([]string, 0, n)
	}
	if len(k.tagRoom) < n {
		k.tagRoom = make([]string, tagRoomSize)
	}
	out := k.tagRoom[:0:n]
	k.tagRoom = k.tagRoom[n:]
	return out
}

// tagRoomSize is how many tags tagRoomFor allocates at once.
const tagRoomSize = 4096

// compileLoaded is compileStructure for Load: the node is opts.Node,
// when given.
func (c *loader) compileLoaded(blocks []structBlock, top []*rawResource, ctx *hcl.EvalContext, opts LoadOptions) hcl.Diagnostics {
	if opts.NodeDiags.HasErrors() {
		return nil // buildContext reported them
	}
	return c.compileStructure(blocks, top, ctx, opts.Node)
}
