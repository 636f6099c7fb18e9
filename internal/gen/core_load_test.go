package gen_test

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/coretypes"
	"github.com/catc-dev/catc/internal/gen"
)

// TestGenerateCoreLoads: catc's built-in types take the core catalog as
// it is, with no diagnostic at all, also when it ends inside a module.
func TestGenerateCoreLoads(t *testing.T) {
	t.Parallel()
	for _, n := range []int{105, 1000} {
		var names []string
		var srcs [][]byte
		for _, f := range gen.Generate(gen.Options{Resources: n, Files: 3, Core: true}) {
			names, srcs = append(names, f.Name), append(srcs, f.Src)
		}
		c, diags := compiler.LoadFiles(names, srcs, compiler.LoadOptions{})
		if len(diags) > 0 {
			t.Fatalf("n=%d: %v", n, diags)
		}
		if len(c.Resources) != n {
			t.Errorf("n=%d: loaded %d resources", n, len(c.Resources))
		}
		for _, td := range c.Types {
			if !strings.HasPrefix(td.DeclRange.Filename, coretypes.Prefix) {
				t.Errorf("n=%d: type %s declared in %s, want only built-in types", n, td.Name, td.DeclRange.Filename)
			}
		}
	}
}
