// Command catc compiles catalogs of infrastructure resources offline.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/catc-dev/catc/internal/gctune"
)

func main() {
	os.Exit(runMain())
}

// runMain is main without os.Exit: the process, with its signal handling
// and its garbage collector's tuning.
func runMain() int {
	stop := tempFiles.CleanupOnSignal()
	defer stop()
	if batchCommand(os.Args) {
		defer gctune.Batch()()
	}
	// After gctune: the guard lowers a soft limit above its cap.
	guard, err := startMemGuard()
	if err != nil {
		fmt.Fprintln(os.Stderr, "catc: "+err.Error())
		return exitErrors
	}
	defer guard()
	return run(os.Args, os.Stdout, os.Stderr)
}

// batchCommand reports whether args (os.Args) run a command that ends
// after its work, whose collector gctune tunes: not the language
// server, which runs for hours, keeps its parses and must stay small.
func batchCommand(args []string) bool {
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") {
			return a != "lsp"
		}
	}
	return true
}
