package gctune

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestBatch: a batch run gets GOGC 400 and a soft memory limit, a
// higher GOGC or a user's limit is kept, and restore puts back what was.
// (Not parallel: the collector's settings are the process's.)
func TestBatch(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	restore := Batch()
	if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != batchGCPercent || l != batchMemoryLimit {
		t.Errorf("relaxed: GOGC %d, limit %d; want %d, %d", p, l, batchGCPercent, batchMemoryLimit)
	}
	debug.SetGCPercent(batchGCPercent)
	restore()
	if p, l := debug.SetGCPercent(800), debug.SetMemoryLimit(1<<30); p != 100 || l != math.MaxInt64 {
		t.Errorf("restored: GOGC %d, limit %d; want 100, no limit", p, l)
	}
	restore = Batch()
	defer restore()
	if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != 800 || l != 1<<30 {
		t.Errorf("user's settings: GOGC %d, limit %d; want 800 and 1 GiB kept", p, l)
	}
	debug.SetGCPercent(800)
}

func TestOne(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	restore := One()
	if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != 100 || l != batchMemoryLimit {
		t.Errorf("one catalog: GOGC %d, limit %d; want 100 (kept), %d", p, l, batchMemoryLimit)
	}
	debug.SetGCPercent(100)
	restore()
	if l := debug.SetMemoryLimit(1 << 30); l != math.MaxInt64 {
		t.Errorf("restored: limit %d; want none", l)
	}
	restore = One()
	defer restore()
	if l := debug.SetMemoryLimit(-1); l != 1<<30 {
		t.Errorf("user's limit: %d; want 1 GiB kept", l)
	}
}
