// Command catc compiles catalogs of infrastructure resources offline.
package main

import "os"

func main() {
	os.Exit(runMain())
}

// runMain is main without os.Exit: the process, with its signal handling
// and its garbage collector's tuning.
func runMain() int {
	stop := tempFiles.CleanupOnSignal()
	defer stop()
	if batchCommand(os.Args) {
		defer relaxGC()()
	}
	return run(os.Args, os.Stdout, os.Stderr)
}
