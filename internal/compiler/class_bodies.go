package compiler

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// bodyRead is a class's, define's or node's body read by the walk of
// declarations, once, by whichever needs it first: the compiler at the
// body's first evaluation (bodyOf), or the reader that reads bodies
// ahead on another core while the compiler evaluates (readBodiesAhead).
// The walk is the parse's (parsed.declarations): it depends on the
// source alone, so the body read is the same whoever reads it.
type bodyRead struct {
	block *hclsyntax.Block
	src   []byte
	once  sync.Once
	pb    *parsed
	// reported is set once the body's diagnostics are the compiler's
	// (at its first evaluation); only the compiler's goroutine reads it.
	reported bool
}

// read is the body, read now unless it was.
func (r *bodyRead) read() *parsed {
	r.once.Do(func() {
		pb := &parsed{in: r.block}
		pb.declarations(r.block.Body.Blocks, r.src) // the title templates' diagnostics were dropped with the file's
		r.pb = pb
	})
	return r.pb
}

// readBodiesAhead reads the bodies of the site's definitions and node
// blocks, in source order, on another goroutine, while the compiler
// evaluates: the compiler then finds most bodies read (a body being read
// is waited for). A body with an expression the budget charges (a
// costly one, charged as it is evaluated without a context) is left to
// the compiler, so that the budget is spent in the compiler's order.
// Nothing is read ahead with one core. It returns the function that
// stops the reader and waits for it.
func (k *compiler) readBodiesAhead() (stop func()) {
	var ahead []*bodyRead
	for _, name := range k.st.names {
		if d := k.st.defs[name]; d != nil && d.block != nil {
			ahead = append(ahead, k.bodyReadOf(d.block, d.src))
		}
	}
	for _, n := range k.st.nodes {
		ahead = append(ahead, k.bodyReadOf(n.block, n.src))
	}
	if len(ahead) == 0 || runtime.GOMAXPROCS(0) < 2 {
		return func() {}
	}
	var quit atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, r := range ahead {
			if quit.Load() {
				return
			}
			if !hasCharged(r.block.Body) {
				r.read()
			}
		}
	}()
	return func() {
		quit.Store(true)
		<-done
	}
}

// bodyReadOf is the body read of block b (made on first use).
func (k *compiler) bodyReadOf(b *hclsyntax.Block, src []byte) *bodyRead {
	r := k.bodies[b]
	if r == nil {
		r = &bodyRead{block: b, src: src}
		k.bodies[b] = r
	}
	return r
}

// hasCharged reports whether a body holds an expression the budget
// charges as it is evaluated (budgetexpr.go: charged).
func hasCharged(body *hclsyntax.Body) bool {
	found := false
	hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
		if _, ok := n.(*charged); ok {
			found = true
		}
		return nil
	})
	return found
}
