package catalog

import (
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/coretypes"
)

// The popular module types catc ships (coretypes.ModuleNames) are
// declared only for external catalogs (FromExternal): a Puppet catalog
// that names one was compiled with that module, so its auto
// relationships are Puppet's. An HCL load does not declare them, so that
// a user's own type of that name stays the user's, with no warning.
// Each is decoded once per process, on first use, like a built-in type.

var moduleBuiltins = sync.OnceValue(func() map[string]*builtin {
	m := make(map[string]*builtin, len(coretypes.ModuleNames))
	for _, n := range coretypes.ModuleNames {
		m[n] = &builtin{name: n, module: true}
	}
	return m
})

// shippedType is the built-in or shipped module type called name (in
// lower case), undecoded, or nil when catc ships none of that name.
func shippedType(name string) *builtin {
	if b := builtins()[name]; b != nil {
		return b
	}
	return moduleBuiltins()[name]
}

// ShippedType reports whether catc ships a type called name (in lower
// case): a built-in type or a shipped module type; def is its
// definition, decoded (nil when it does not decode).
func ShippedType(name string) (def *TypeDef, ok bool) {
	b := shippedType(name)
	if b == nil {
		return nil, false
	}
	return b.decoded().def, true
}

// shippedReplaced warns of each type of defs that replaces, for the
// catalog ext, a module type catc ships (a type block loaded beside a
// Puppet catalog is used instead of it, as for an HCL load's built-in
// types): once per type, at its name, only when the catalog uses it.
func shippedReplaced(defs *Catalog, ext []External) hcl.Diagnostics {
	if defs == nil {
		return nil
	}
	var replaced map[string]*TypeDef
	for _, td := range defs.Types {
		n := strings.ToLower(td.Name)
		if moduleBuiltins()[n] != nil && !td.Builtin {
			if replaced == nil {
				replaced = map[string]*TypeDef{}
			}
			replaced[n] = td
		}
	}
	if replaced == nil {
		return nil
	}
	var diags hcl.Diagnostics
	last := ""
	for i := range ext {
		if ext[i].Type == last {
			continue
		}
		last = ext[i].Type
		n := strings.ToLower(last)
		td := replaced[n]
		if td == nil {
			continue
		}
		delete(replaced, n)
		shipped := ModuleType(n)
		diags = append(diags, warningAt(summaryShippedReplaced,
			fmt.Sprintf("The type %q defined here replaces catc's shipped %s type (%s, with the auto relationships Puppet makes from that release) for this catalog: its auto relationships are this definition's. Leave this file out to use the shipped type (catc doc --module-types).", td.Name, shipped.Name, shippedRelease(shipped)),
			td.NameRange))
	}
	return diags
}

// shippedRelease is the module release a shipped type was read from, as
// its description says ("stdlib 9.7.0").
func shippedRelease(td *TypeDef) string {
	if rest, ok := strings.CutPrefix(td.Desc, "Module type from "); ok {
		if i := strings.Index(rest, " ("); i > 0 {
			return rest[:i]
		}
	}
	return "a module release"
}

// ShippedRelease is the module release the shipped module type called
// name (case-insensitive) was read from ("stdlib 9.7.0"), "" when catc
// ships none of that name.
func ShippedRelease(name string) string {
	if td := ModuleType(name); td != nil {
		return shippedRelease(td)
	}
	return ""
}

// ModuleType is the shipped module type called name (case-insensitive),
// or nil when catc ships none of that name.
func ModuleType(name string) *TypeDef {
	if b := moduleBuiltins()[strings.ToLower(name)]; b != nil {
		return b.decoded().def
	}
	return nil
}

// ModuleTypes returns every shipped module type, decoded, in declaration
// order (catc doc --module-types).
func ModuleTypes() []*TypeDef {
	out := make([]*TypeDef, 0, len(coretypes.ModuleNames))
	for _, n := range coretypes.ModuleNames {
		if td := ModuleType(n); td != nil {
			out = append(out, td)
		}
	}
	return out
}
