package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestBatchCommand: every command but the language server is a batch
// command, whichever flags come first.
func TestBatchCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"catc", "compile", "site"}, true},
		{[]string{"catc", "--help"}, true},
		{[]string{"catc"}, true},
		{[]string{"catc", "lsp"}, false},
		{[]string{"catc", "--debug", "lsp"}, false},
		{[]string{"catc", "validate", "lsp"}, true},
	}
	for _, tt := range tests {
		if got := batchCommand(tt.args); got != tt.want {
			t.Errorf("batchCommand(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

// TestRelaxGC: a batch run gets GOGC 400 and a soft memory limit, a
// higher GOGC or a user's limit is kept, and restore puts back what was.
// (Not parallel: the collector's settings are the process's.)
func TestRelaxGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	restore := relaxGC()
	if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != batchGCPercent || l != batchMemoryLimit {
		t.Errorf("relaxed: GOGC %d, limit %d; want %d, %d", p, l, batchGCPercent, batchMemoryLimit)
	}
	debug.SetGCPercent(batchGCPercent)
	restore()
	if p, l := debug.SetGCPercent(800), debug.SetMemoryLimit(1<<30); p != 100 || l != math.MaxInt64 {
		t.Errorf("restored: GOGC %d, limit %d; want 100, no limit", p, l)
	}
	restore = relaxGC()
	defer restore()
	if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != 800 || l != 1<<30 {
		t.Errorf("user's settings: GOGC %d, limit %d; want 800 and 1 GiB kept", p, l)
	}
	debug.SetGCPercent(800)
}
