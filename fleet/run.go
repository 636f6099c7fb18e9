package fleet

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// Options tune a fleet run.
type Options struct {
	// Workers bounds the nodes compiled at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, when set, is called after each node with the number of
	// nodes done and the total (from several goroutines, in order of
	// completion; done only grows).
	Progress func(done, total int)
	// Each, when set, is called by Validate and Plans with every node that
	// compiles and its plan (from several goroutines): compile --nodes
	// writes the catalogs from it, so they are never all held at once.
	// An error makes the node fail with it.
	Each func(n *nodefacts.Node, p *graph.Plan) error
}

// each runs fn(i) for every node index on o.Workers goroutines.
func each(n int, o Options, fn func(i int)) {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(i)
				d := done.Add(1)
				if o.Progress != nil {
					o.Progress(int(d), n)
				}
			}
		}()
	}
	wg.Wait()
}

// compileNode declares and orders the site for one node. The plan is nil
// when the catalog has errors; cycles come back as diagnostics with a
// plan.
func compileNode(site *catalog.Site, n *nodefacts.Node) (*graph.Plan, hcl.Diagnostics) {
	cat, diags := site.Compile(n)
	if diags.HasErrors() {
		return nil, diags
	}
	plan, more := graph.Order(graph.Build(cat), graph.Ordering{})
	return plan, append(diags, more...)
}
