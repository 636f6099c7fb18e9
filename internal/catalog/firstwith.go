package catalog

import (
	"strconv"
	"sync"

	"github.com/catc-dev/catc/internal/types"
)

// firstWithIndexes are the indexes first_with builds on first use, one
// per type and attribute: a catalog of many users with a numeric gid
// would otherwise scan every group once per user. The graph evaluates
// auto rules in parallel, hence the lock.
type firstWithIndexes struct {
	mu sync.Mutex
	m  map[firstWithKey]*firstWithIndex
}

type firstWithKey struct {
	td   *TypeDef
	attr string
}

// firstWithIndex maps autoValueKey of a value to the first resource in
// declaration order whose attribute has that value.
type firstWithIndex struct {
	once  sync.Once
	first map[string]*Resource
}

// of is the index of td's resources by attr, built once.
func (ix *firstWithIndexes) of(c *Catalog, td *TypeDef, attr string) map[string]*Resource {
	ix.mu.Lock()
	x := ix.m[firstWithKey{td, attr}]
	if x == nil {
		x = &firstWithIndex{}
		ix.m[firstWithKey{td, attr}] = x
	}
	ix.mu.Unlock()
	x.once.Do(func() {
		x.first = map[string]*Resource{}
		for _, r := range c.resourcesOf(td) {
			v, ok := r.Attributes.Get(attr)
			if !ok || ContainsSensitive(v) {
				continue
			}
			if k := autoValueKey(v); x.first[k] == nil {
				x.first[k] = r
			}
		}
	})
	return x.first
}

// autoValueKey is equal for two values exactly when autoValuesEqual
// holds: integers (and digit strings) by their number, any other value
// by its string form. A value autoInteger takes is always numeric, so
// autoValuesEqual never equates it with one it does not take.
func autoValueKey(v types.Value) string {
	if n, ok := autoInteger(v); ok {
		return "i" + strconv.FormatInt(n, 10)
	}
	return "s" + scalarString(v)
}
