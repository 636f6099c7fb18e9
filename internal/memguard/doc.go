// Package memguard stops a process whose heap outgrows a cap, or whose
// garbage collector thrashes, before it exhausts the machine or runs
// for hours.
//
// catc bounds every named value (a local, a for_each, a function's
// result), but one expression can still build a huge value between two
// of them: a `for` inside a `for` inside a `for` over lists of a
// thousand elements makes a billion, and a template can repeat a large
// local many times. Neither HCL's for expression nor its templates can
// be interrupted from outside, so the guard watches the heap from a
// goroutine (runtime/metrics) and calls the process's trip function,
// which reports and exits. The guard changes the collector's soft
// memory limit (process-wide state), so only a main package starts it.
package memguard
