package gctune

import (
	"math"
	"runtime/debug"
)

const (
	// batchGCPercent lets the heap grow further between collections in
	// a fleet run, which declares a catalog per node and drops it: nearly
	// all it allocates is short-lived, and at the default GOGC collection
	// takes a third of the CPU (catc diff of 1,000 nodes: 5.6 s at GOGC
	// 100, 4.0 s at 400).
	batchGCPercent = 400
	// batchMemoryLimit is the soft memory limit that keeps the peak
	// bounded, unless the user set one (GOMEMLIMIT).
	batchMemoryLimit = 768 << 20
)

// Batch tunes the collector for a run over many catalogs: GOGC 400 (a GOGC set
// higher, or off, is kept) under a soft memory limit (unless one is set).
// It returns the function that restores the settings.
func Batch() (restore func()) {
	percent := debug.SetGCPercent(batchGCPercent)
	if percent < 0 || percent > batchGCPercent {
		debug.SetGCPercent(percent)
	}
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 {
		debug.SetMemoryLimit(batchMemoryLimit)
	}
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
