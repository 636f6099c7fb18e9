package main

import "flag"

// This package has no golden files; it accepts -update so that
// `go test ./... -update` runs across the whole module.
var _ = flag.Bool("update", false, "rewrite golden files (none in this package)")
