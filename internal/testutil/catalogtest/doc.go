// Package catalogtest holds the test helpers that need a loaded catalog:
// a type file plus one declaration file, loaded or the test fails. It
// serves the tests of the packages above catalog (graph, render, the JSON
// and diff packages); catalog's own tests cannot import it.
package catalogtest
