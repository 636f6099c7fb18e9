package main

import (
	"fmt"
	"os"

	"github.com/catc-dev/catc/internal/memguard"
	"github.com/catc-dev/catc/internal/words"
)

// startMemGuard stops the process with exit 1 when the heap passes the
// cap of CATC_MAX_MEMORY (4 GiB by default) or the collector thrashes at
// it: an expression that builds a billion-element value would otherwise
// crawl for hours under the soft limit, or exhaust the machine. The
// language server is guarded too: an editor restarts a server that
// exits, and cannot restart a machine. Unless watch (a command that
// evaluates nothing), the cap is only checked: such a run does not pay
// for a watcher.
func startMemGuard(watch bool) (stop func(), err error) {
	limit, err := memguard.Parse(os.Getenv(memguard.EnvVar))
	if err != nil || limit == 0 || !watch {
		return func() {}, err
	}
	opts := memguard.Options{
		Cap: limit,
		// A limit the user set is theirs to keep.
		RaiseLimit: os.Getenv("GOMEMLIMIT") == "",
	}
	return memguard.Start(opts, func(err error) {
		tempFiles.Abandon()
		fmt.Fprintln(os.Stderr, "catc: "+words.EscapeText(err.Error()))
		os.Exit(exitErrors)
	}), nil
}
