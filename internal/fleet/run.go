package fleet

import (
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/pool"
	"github.com/catc-dev/catc/internal/secretdigest"
)

// Options tune a fleet run.
type Options struct {
	// Workers bounds the nodes compiled at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, when set, is called after each node with the nodes done
	// and the catalogs compiled so far (from several goroutines, in order
	// of completion; Done only grows).
	Progress func(Progress)
	// Each, when set, is called by Validate and Plans with every node that
	// compiles and its plan (from several goroutines): compile --nodes
	// writes the catalogs from it, so they are never all held at once.
	// An error makes the node fail with it.
	Each func(n *nodefacts.Node, p *graph.Plan) error
	// DigestKey keys the diff's group keys and shard digests (an HMAC
	// under it, which a forged shard cannot recompute); nil: plain
	// SHA-256, which catches an edit of a shard but not a forgery.
	DigestKey *secretdigest.Key
	// EveryNode compiles every node in full, none from its class's
	// catalog (the yardstick of the tests that show the classes exact).
	EveryNode bool
}

// Progress is how far a run is: Done of Total nodes, and the Compiled
// catalogs for them so far (one per distinct input and side).
type Progress struct {
	Done, Total, Compiled int
}

// each runs fn(i) for every node index on o.Workers goroutines, one
// node per claim (a node's compilation dwarfs the claim), calling
// o.Progress after each with compiled() (nil: none).
func each(n int, o Options, compiled func() int, fn func(i int)) {
	var done atomic.Int64
	pool.For(n, o.Workers, 1, func(i int) {
		fn(i)
		d := done.Add(1)
		if o.Progress != nil {
			p := Progress{Done: int(d), Total: n}
			if compiled != nil {
				p.Compiled = compiled()
			}
			o.Progress(p)
		}
	})
}

// compileNode declares and orders the site for one node. The plan is nil
// when the catalog has errors; cycles come back as diagnostics with a
// plan.
func compileNode(site *compiler.Site, n *nodefacts.Node) (*graph.Plan, hcl.Diagnostics) {
	cat, diags := site.Compile(n)
	if diags.HasErrors() {
		return nil, diags
	}
	_, plan, more := pipeline.Plan(cat, graph.Ordering{})
	return plan, append(diags, more...)
}
