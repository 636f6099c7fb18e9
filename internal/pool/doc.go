// Package pool is catc's one worker pool: For runs fn over the indexes
// 0..n-1 on a bounded number of goroutines, which claim runs of indexes
// from a shared counter. catalog parses and checks files with it, graph
// looks up auto-rule targets with it, fleet compiles nodes with it.
//
// Results stay deterministic because each index writes only its own slot
// of a slice the caller reads afterwards in index order; the pool itself
// promises no order. It holds no state between calls.
package pool
