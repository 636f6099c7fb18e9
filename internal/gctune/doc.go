// Package gctune tunes the garbage collector of a process that loads
// catalogs in one batch and exits: `catc validate`, `plan`, `diff` and
// the other batch commands, the loadtime tool and the benchmarks that
// measure them. The collector's settings belong to the process, so only
// a main package (or a benchmark standing in for one) calls it; the
// libraries never do, and neither does the long-running language server,
// whose heap must stay small.
package gctune
