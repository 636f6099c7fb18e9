// Package fleet compiles one site for many nodes and answers the fleet
// questions: which nodes compile (Validate, Plans), and what a change does
// to every node, with the nodes grouped by what changes (Diff, Merge).
//
// The site's files are parsed and everything that does not depend on the
// node evaluated once per side (catalog.LoadSite); each node is then
// declared, ordered and compared on its own goroutine, and only the
// distinct outcomes are kept, so the catalogs of all nodes are never held
// at once. Package render prints the results.
package fleet
