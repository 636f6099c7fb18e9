package catalog

import (
	"fmt"
	"maps"
	"runtime"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/coretypes"
	"github.com/catc-dev/catc/internal/pool"
)

// Puppet's core types (package coretypes) are declared at the start of
// every load, before the user's types: those that the load's resources
// and references name, so that a catalog's types (catc compile's "types",
// catc validate's count) are its own types and the built-in ones it uses.
//
// Parsing and decoding the 59 KB of their HCL takes about 7 ms even with
// the quick parse (builtinparse.go), more than a small load; so each
// built-in type is parsed and decoded at most once
// per process, on first use, and shared by every later load. That is safe
// because what is shared never changes: the embedded source, its syntax
// tree, and a sealed TypeDef, which loads only read (as a ParseCache
// shares the user's decoded types between loads). It depends on nothing a
// load is given: built-in types use no type alias.

// builtin is one built-in type, decoded on first use.
type builtin struct {
	name   string
	module bool // a shipped module type (moduletypes.go)
	once   sync.Once
	file   *hcl.File
	block  TypeBlock
	def    *TypeDef
	diags  hcl.Diagnostics
}

var builtins = sync.OnceValue(func() map[string]*builtin {
	m := make(map[string]*builtin, len(coretypes.Names))
	for _, n := range coretypes.Names {
		m[n] = &builtin{name: n}
	}
	return m
})

// decoded parses and decodes b once; its diagnostics (none: a test loads
// every built-in type) are reported by every load that uses it.
func (b *builtin) decoded() *builtin {
	b.once.Do(func() {
		sourceOf := coretypes.SourceOf
		if b.module {
			sourceOf = coretypes.ModuleSourceOf
		}
		s, _ := sourceOf(b.name)
		b.file = &hcl.File{Body: hcl.EmptyBody(), Bytes: s.Src}
		b.block, b.diags = parseBuiltin(s)
		if b.block.Block != nil {
			var d hcl.Diagnostics
			b.def, d = decodeType(b.block, nil)
			b.diags = append(b.diags, d...)
		}
	})
	return b
}

// parseBuiltin is the type block of a built-in source, with its descs
// masked (builtindesc.go): built quickly (builtinparse.go), or else by
// the HCL parser.
func parseBuiltin(s coretypes.Source) (TypeBlock, hcl.Diagnostics) {
	masked := maskDescs(s.Src)
	if blk, ok := quickTypeBlock(masked, s.Name); ok {
		return TypeBlock{Block: blk, Src: s.Src, builtin: true}, nil
	}
	f, diags := hclsyntax.ParseConfig(masked, s.Name, hcl.InitialPos) // catc's own source: every load shares it
	body, ok := f.Body.(*hclsyntax.Body)
	if diags.HasErrors() || !ok || len(body.Blocks) != 1 || body.Blocks[0].Type != "type" {
		return TypeBlock{}, diags
	}
	return TypeBlock{Block: body.Blocks[0], Src: s.Src, builtin: true}, diags
}

// BuiltinTypes returns every built-in type, decoded, in declaration order
// (catc doc --builtin and the language server's completion use them).
func BuiltinTypes() []*TypeDef {
	out := make([]*TypeDef, 0, len(coretypes.Names))
	for _, n := range coretypes.Names {
		if b := builtins()[n].decoded(); b.def != nil {
			out = append(out, b.def)
		}
	}
	return out
}

// TypeOrBuiltin is the type called name in c, or else the built-in type
// of that name (one that c's resources do not use): what an editor
// offers while a declaration is being written.
func (c *Catalog) TypeOrBuiltin(name string) *TypeDef {
	if td := c.Type(name); td != nil {
		return td
	}
	return BuiltinType(name)
}

// BuiltinType is Puppet's core type called name (case-insensitive), as
// catc has it built in, or nil when there is none of that name.
func BuiltinType(name string) *TypeDef {
	if b := builtins()[strings.ToLower(name)]; b != nil {
		return b.decoded().def
	}
	return nil
}

// Isomorphic reports whether the type's resources are also known by
// their uniqueness key (namevars), as for every type but Puppet's exec
// and tidy: for those, only the title (and aliases) names a resource, and
// two resources may have the same namevar values.
func (t *TypeDef) Isomorphic() bool { return !t.notIsomorphic }

// IsBuiltinType reports whether name (case-insensitive) is a built-in type.
func IsBuiltinType(name string) bool { return builtins()[strings.ToLower(name)] != nil }

// NoteBuiltins adds to used the lower-case names of the built-in types r
// declares or refers to (AddBuiltins' argument).
func NoteBuiltins(used map[string]bool, r *RawResource) {
	all := builtins()
	note := func(name string) {
		if n := strings.ToLower(name); all[n] != nil {
			used[n] = true
		}
	}
	note(r.TypeName)
	for _, a := range r.Args {
		for _, ref := range a.Refs {
			note(ref.TypeName)
		}
	}
}

// usedBuiltins are the built-in types named in used (NoteBuiltins), less
// those that the user's type blocks replace, in declaration order.
func usedBuiltins(used map[string]bool, userTypes []TypeBlock) []*builtin {
	all := builtins()
	used = maps.Clone(used)
	for _, tb := range userTypes {
		if len(tb.Block.Labels) == 1 {
			delete(used, strings.ToLower(tb.Block.Labels[0]))
		}
	}
	var out []*builtin
	for _, n := range coretypes.Names {
		if used[n] {
			out = append(out, all[n])
		}
	}
	// A process's first load decodes its types side by side.
	pool.For(len(out), runtime.GOMAXPROCS(0), 0, func(i int) { out[i].decoded() })
	return out
}

// addBuiltins puts the used built-in types' blocks before the user's and
// their files among the catalog's (for snippets of diagnostics).
func (c *Builder) AddBuiltins(used map[string]bool, userTypes []TypeBlock) ([]TypeBlock, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var blocks []TypeBlock
	for _, b := range usedBuiltins(used, userTypes) {
		diags = append(diags, b.diags...)
		if b.block.Block == nil {
			continue // its source did not parse: the diagnostics say why
		}
		c.files[b.block.Block.Range().Filename] = b.file
		blocks = append(blocks, b.block)
	}
	return append(blocks, userTypes...), diags
}

// builtinDef is the shared TypeDef of a built-in type block.
func builtinDef(tb TypeBlock) *TypeDef {
	if len(tb.Block.Labels) != 1 {
		return nil
	}
	if b := builtins()[strings.ToLower(tb.Block.Labels[0])]; b != nil {
		return b.decoded().def
	}
	return nil
}

// builtinReplaced is the warning on a user's type that replaces a
// built-in one (`catc validate --strict` fails on it, as on any warning).
func builtinReplaced(td *TypeDef) *hcl.Diagnostic {
	name := strings.ToLower(td.Name)
	at := hcl.Range{Filename: coretypes.Prefix + name + ".hcl"}
	if b := builtins()[name].decoded(); b.def != nil {
		at = b.def.NameRange
	}
	return warningAt(summaryBuiltinReplaced,
		fmt.Sprintf("The type %q defined here replaces catc's built-in %s type (%s) for this load: its resources are checked against this definition, not against Puppet's. Remove this type block to use the built-in type, or give it another name if it is a different type.", td.Name, name, at),
		td.NameRange)
}

// knownTypeNames are the names an auto rule may target: the loaded types
// and every built-in one (used or not).
func knownTypeNames(byName map[string]*TypeDef) map[string]bool {
	out := make(map[string]bool, len(byName)+len(coretypes.Names))
	for n := range byName {
		out[n] = true
	}
	for _, n := range coretypes.Names {
		out[n] = true
	}
	return out
}
