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
	if evaluates(os.Args) { // the others write no file: a signal may just end them
		stop := tempFiles.CleanupOnSignal()
		defer stop()
	}
	switch {
	case !batchCommand(os.Args):
	case manyCatalogs(os.Args):
		defer gctune.Batch()()
	default:
		defer gctune.One()()
	}
	if batchCommand(os.Args) && largeInput(os.Args) {
		gctune.HugePages() // before the heap grows (what it says it did is for tests)
	}
	// After gctune: the guard lowers a soft limit above its cap.
	guard, err := startMemGuard(evaluates(os.Args))
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
	return commandOf(args) != "lsp"
}

// manyCatalogs reports whether args (os.Args) may run over many
// catalogs, dropping each: a fleet (--nodes) or a diff (two catalogs, or
// two directories of node catalogs).
func manyCatalogs(args []string) bool {
	if commandOf(args) == "diff" {
		return true
	}
	for _, a := range args[1:] {
		if a == "--" {
			break
		}
		if a == "--nodes" || strings.HasPrefix(a, "--nodes=") || a == "-nodes" || strings.HasPrefix(a, "-nodes=") {
			return true
		}
	}
	return false
}

// evaluates reports whether args (os.Args) run a command that may
// evaluate an input, which the memory guard watches, and write a file,
// which a signal must not leave half-written: not version, help or
// completion, nor catc without a command (help, --version).
func evaluates(args []string) bool {
	switch commandOf(args) {
	case "", "version", "help", "h", "completion":
		return false
	}
	return true
}

// commandOf is the command args (os.Args) name: the first argument that
// is not a flag, "" when there is none.
func commandOf(args []string) string {
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}
