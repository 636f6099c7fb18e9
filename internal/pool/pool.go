package pool

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For runs fn(i) for every i in [0, n) on up to workers goroutines
// (workers ≤ 0: GOMAXPROCS) and returns when every call has. Each
// goroutine claims batch indexes at a time (batch ≤ 0: about 64 claims
// per worker, so that a small item does not pay a synchronisation each;
// 1 for items as costly as a node's compilation). With one worker, fn
// runs inline in index order. fn must write only what index i owns.
func For(n, workers, batch int, fn func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	if batch <= 0 {
		batch = max(1, n/(workers*64))
	}
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
