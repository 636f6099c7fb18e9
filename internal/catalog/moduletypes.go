package catalog

import (
	"strings"
	"sync"

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
