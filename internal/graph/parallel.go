package graph

import "github.com/catc-dev/catc/internal/pool"

// parallelMin is the size below which parallel runs inline: starting
// goroutines costs more than a few thousand small lookups. (A variable so
// that a test can compare both ways.)
var parallelMin = 4096

// parallel runs fn(0..n-1) on GOMAXPROCS goroutines, inline below
// parallelMin. fn must only write what index i owns.
func parallel(n int, fn func(int)) {
	workers := 0 // GOMAXPROCS
	if n < parallelMin {
		workers = 1
	}
	pool.For(n, workers, 0, fn)
}
