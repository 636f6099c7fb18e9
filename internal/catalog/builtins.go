package catalog

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/coretypes"
)

// Puppet's core types (package coretypes) are declared at the start of
// every load, before the user's types. Their sources are parsed once per
// load, or once per ParseCache: a cache must see the same parsed blocks
// from load to load to keep its decoded types (typeKey compares blocks).

// builtinParse parses the built-in sources, through pc when not nil.
func builtinParse(pc *ParseCache) ([]coretypes.Source, []*parsed) {
	if pc != nil {
		pc.mu.Lock()
		defer pc.mu.Unlock()
		if pc.builtins == nil {
			pc.builtinSrcs, pc.builtins = parseBuiltins()
		}
		return pc.builtinSrcs, pc.builtins
	}
	return parseBuiltins()
}

func parseBuiltins() ([]coretypes.Source, []*parsed) {
	srcs := coretypes.Sources()
	out := make([]*parsed, len(srcs))
	for i, s := range srcs {
		out[i] = parseChunk(s.Src, &sourceFile{name: s.Name, src: s.Src}, hcl.InitialPos)
	}
	return srcs, out
}

// isBuiltinRange reports whether r lies in a built-in source.
func isBuiltinRange(r hcl.Range) bool { return coretypes.IsBuiltinFile(r.Filename) }

// overriddenBuiltins finds the built-in type blocks that a user's type
// block of the same name (case-insensitive, as type lookups) replaces.
func overriddenBuiltins(blocks []typeBlock) map[string]bool {
	user := map[string]bool{}
	for _, tb := range blocks {
		if len(tb.block.Labels) == 1 && !isBuiltinRange(tb.block.DefRange()) {
			user[strings.ToLower(tb.block.Labels[0])] = true
		}
	}
	out := map[string]bool{}
	for _, tb := range blocks {
		if len(tb.block.Labels) == 1 && isBuiltinRange(tb.block.DefRange()) && user[strings.ToLower(tb.block.Labels[0])] {
			out[strings.ToLower(tb.block.Labels[0])] = true
		}
	}
	return out
}

// builtinReplaced is the warning on a user's type that replaces a
// built-in one (`catc validate --strict` fails on it, as on any warning).
func builtinReplaced(td *TypeDef, builtin hcl.Range) *hcl.Diagnostic {
	return warningAt(summaryBuiltinReplaced,
		fmt.Sprintf("The type %q defined here replaces catc's built-in %s type (%s) for this load: its resources are checked against this definition, not against Puppet's. Remove this type block to use the built-in type, or give it another name if it is a different type.", td.Name, strings.ToLower(td.Name), builtin),
		td.NameRange)
}
