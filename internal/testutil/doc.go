// Package testutil holds what the tests of every catc package share: the
// -update flag that rewrites golden files, the golden compare, the path of
// the repository root (so fixture paths do not depend on a package's
// depth), files written into a temporary directory from a map, and test
// cases of several files read from a txtar archive.
//
// It is imported by tests only and imports nothing of catc, so that the
// in-package tests of the lowest packages (types, catalog) can use it too.
// Helpers that need a loaded catalog are in catalogtest, below it; those
// that run the CLI stay with cmd/catc's tests.
package testutil
