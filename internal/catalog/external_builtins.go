package catalog

import (
	"runtime"

	"github.com/catc-dev/catc/internal/pool"
)

// decodeNamedBuiltins decodes, side by side, the built-in and shipped
// module types that ext's resources name and known (the loaded types)
// does not define, as an HCL load's usedBuiltins does: a process's first
// Puppet catalog would otherwise decode them one after the other as
// FromExternal meets them (about a millisecond each), and a real
// catalog names a dozen.
func decodeNamedBuiltins(ext []External, known map[string]bool) {
	seen := make(map[string]bool)
	var todo []*builtin
	var buf [64]byte
	last := ""
	for i := range ext {
		if ext[i].Type == last {
			continue // resources of a type often come together
		}
		last = ext[i].Type
		key := appendLower(buf[:0], last)
		if known[string(key)] || seen[string(key)] {
			continue
		}
		name := string(key)
		seen[name] = true
		if b := shippedType(name); b != nil {
			todo = append(todo, b)
		}
	}
	pool.For(len(todo), runtime.GOMAXPROCS(0), 0, func(i int) { todo[i].decoded() })
}
