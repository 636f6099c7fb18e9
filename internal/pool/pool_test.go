package pool

import (
	"sync/atomic"
	"testing"

	_ "github.com/catc-dev/catc/internal/testutil" // accepts -update
)

// TestForRunsEachIndexOnce: every index runs exactly once, whatever the
// number of workers and the batch size work out to.
func TestForRunsEachIndexOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ n, workers, batch int }{
		{0, 2, 0}, {1, 2, 0}, {3, 8, 0}, {127, 2, 0}, {128, 2, 0}, {129, 2, 0},
		{10_000, 2, 0}, {10_001, 3, 0}, {50, 1, 0}, {50, 0, 0}, {97, 4, 1}, {97, 4, 10}, {5, 3, 100},
	} {
		counts := make([]atomic.Int32, tc.n)
		For(tc.n, tc.workers, tc.batch, func(i int) { counts[i].Add(1) })
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Fatalf("n=%d workers=%d batch=%d: index %d ran %d times", tc.n, tc.workers, tc.batch, i, c)
			}
		}
	}
}

// TestForOneWorkerInOrder: with one worker the calls come inline, in
// index order.
func TestForOneWorkerInOrder(t *testing.T) {
	t.Parallel()
	var got []int
	For(5, 1, 0, func(i int) { got = append(got, i) })
	for i, v := range got {
		if v != i {
			t.Fatalf("order %v", got)
		}
	}
	if len(got) != 5 {
		t.Fatalf("ran %d", len(got))
	}
}
