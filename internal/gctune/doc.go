// Package gctune tunes the runtime of a process that loads catalogs in
// one batch and exits (`catc validate`, `plan`, `diff` and the other
// batch commands, the loadtime tool and the benchmarks that measure
// them): the garbage collector's settings (One, Batch) and, on Linux,
// huge pages for the heap (HugePages). Both belong to the process, so
// only a main package (or a benchmark standing in for one) calls it;
// the libraries never do, and neither does the long-running language
// server, whose heap must stay small.
package gctune
