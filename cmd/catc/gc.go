package main

import (
	"math"
	"runtime/debug"
	"strings"
)

// Tuning of the garbage collector, once for the process: it is
// process-wide state, which the libraries leave alone.
const (
	// batchGCPercent lets the heap grow further between collections:
	// loading allocates about 200 bytes per input byte, nearly all of it
	// short-lived syntax trees, and at the default GOGC collection takes
	// a third of the CPU (a fleet run declares a catalog per node and
	// drops it).
	batchGCPercent = 400
	// batchMemoryLimit is the soft memory limit that keeps the peak
	// bounded, unless the user set one (GOMEMLIMIT).
	batchMemoryLimit = 768 << 20
)

// relaxGC tunes the collector for a batch command: GOGC 400 (a GOGC set
// higher, or off, is kept) under a soft memory limit (unless one is set).
// It returns the function that restores the settings.
func relaxGC() (restore func()) {
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

// batchCommand reports whether args (os.Args) run a command that ends
// after its work, whose collector relaxGC tunes: not the language
// server, which runs for hours, keeps its parses and must stay small.
func batchCommand(args []string) bool {
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") {
			return a != "lsp"
		}
	}
	return true
}
