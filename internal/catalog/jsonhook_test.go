package catalog

import "io"

// WriteJSON writes the catalog JSON of c. The tests here check every text
// a user sees of a catalog, its JSON included; that JSON is written by
// internal/catalogjson, which imports this package, so only an external
// test file can name it: jsonhook_ext_test.go sets WriteJSON before any
// test runs.
var WriteJSON func(w io.Writer, c *Catalog) error
