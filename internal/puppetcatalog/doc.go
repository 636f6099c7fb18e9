// Package puppetcatalog owns Puppet's catalog JSON, both ways.
//
// Write writes a compiled graph in catalog format 2 (the JSON `puppet
// apply --catalog` applies and octocatalog-diff reads), with what to do
// with secrets (Secrets) decided by the caller. A flat catalog gets the
// compiler's Stage[main], Class[Settings] and Class[main] around it; one
// that holds its own containers (a site with classes, a Puppet catalog
// read) is written as Puppet's compiler wrote it (write_site.go).
//
// Read and Parse read Puppet's own catalogs (catalog_format 0, 1 and 2,
// bare or in Puppet 3's or puppetserver's wrapper) and PuppetDB's (wire
// format and query output, whose resource order is lost) into a neutral
// model, Catalog: resources in order with their parameters as parsed
// JSON (rich data decoded: Sensitive, Deferred, the rest marked as
// RichData), sensitive parameters wrapped as types.Sensitive the moment
// they are read, and the containment edges resolved. Faults are
// hcl.Diagnostics at the byte offset (line and column computed from it)
// and never quote a value. Reading knows no type: resolving the
// relationship metaparameters and checking parameters is the catalog
// package's (catalog.FromExternal), the graph the graph package's.
//
// catc's own catalog JSON (catc.catalog/1) is not read here; Sniff only
// tells it from Puppet's by the start of a file, so that a command given
// a JSON file knows which reader it needs.
package puppetcatalog
