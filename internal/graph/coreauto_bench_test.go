package graph

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
)

// coreTreeSource is n core-type resources in HCL: files in deep trees
// (every directory managed, each file owned by a managed user), users
// with a primary group by number, and execs running managed programs in
// a managed directory, plus one mount per tree (below() scans every file).
func coreTreeSource(n int) []byte {
	var b strings.Builder
	const fanout = 4
	users := n / 100
	for i := range users {
		fmt.Fprintf(&b, "resource \"group\" \"g%d\" {\n  gid = %d\n}\n", i, 5000+i)
		fmt.Fprintf(&b, "resource \"user\" \"u%d\" {\n  gid    = %d\n  groups = [\"g%d\"]\n}\n", i, 5000+i, (i+1)%users)
	}
	execs := n / 100
	files := n - 2*users - execs - 10
	for t := 0; t < 10; t++ {
		fmt.Fprintf(&b, "resource \"mount\" \"/srv/t%d\" {}\n", t)
	}
	for i := range files {
		// Ten heap-ordered trees: node j of a tree is below node (j-1)/4,
		// declared before it, so every parent is managed.
		parts := []string{}
		for j := i / 10; j > 0; j = (j - 1) / fanout {
			parts = append([]string{fmt.Sprintf("d%d", j)}, parts...)
		}
		fmt.Fprintf(&b, "resource \"file\" \"/srv/t%d/%s\" {\n  owner = \"u%d\"\n}\n", i%10, strings.Join(parts, "/"), i%max(users, 1))
	}
	for i := range execs {
		fmt.Fprintf(&b, "resource \"exec\" \"e%d\" {\n  command = \"/srv/t0/d1 --x\\n/srv/t1/d2\"\n  cwd     = \"/srv/t0\"\n  user    = \"u%d\"\n}\n", i, i%max(users, 1))
	}
	return []byte(b.String())
}

// BenchmarkCoreAuto plans 100,000 core-type resources whose edges are
// nearly all automatic (the built-in types' rules): load, Build, Order.
func BenchmarkCoreAuto(b *testing.B) {
	src := coreTreeSource(100_000)
	b.ReportAllocs()
	for b.Loop() {
		c, diags := compiler.LoadFiles([]string{"core.hcl"}, [][]byte{src}, compiler.LoadOptions{})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		g := Build(c)
		p, _ := Order(g, Ordering{})
		if !p.Complete() || len(g.Edges()) < len(c.Resources) {
			b.Fatalf("complete %v, %d edges for %d resources", p.Complete(), len(g.Edges()), len(c.Resources))
		}
	}
}
