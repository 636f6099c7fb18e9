// Package memguard stops a process whose heap outgrows a cap, or whose
// garbage collector thrashes, before it exhausts the machine or runs
// for hours.
//
// catc bounds every named value (a local, a for_each, a function's
// result) and, with one evaluation budget per load (package catalog),
// what expressions build between them: a `for` inside a `for` inside a
// `for` over lists of a thousand elements stops after a few million
// steps. The guard is for what the budget does not count (memory the
// budget allows, on a smaller machine; work outside evaluation): it
// watches the heap from a goroutine (runtime/metrics) and calls the
// process's trip function, which reports and exits. The guard changes the collector's soft
// memory limit (process-wide state), so only a main package starts it.
package memguard
