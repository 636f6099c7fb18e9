package graph

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelMin is the size below which parallel runs inline: starting
// goroutines costs more than a few thousand small lookups. (A variable so
// that a test can compare both ways.)
var parallelMin = 4096

// parallel runs fn(0..n-1) on GOMAXPROCS goroutines, each claiming runs
// of indexes from a shared counter. fn must only write what index i owns.
func parallel(n int, fn func(int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 || n < parallelMin {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	batch := max(1, n/(workers*64))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				end := int(next.Add(int64(batch)))
				start := end - batch
				if start >= n {
					return
				}
				for i := start; i < min(end, n); i++ {
					fn(i)
				}
			}
		}()
	}
	wg.Wait()
}
