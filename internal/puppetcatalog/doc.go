// Package puppetcatalog owns Puppet's catalog format 2 (the JSON `puppet
// apply --catalog` applies and octocatalog-diff reads, "catalog_format":
// 2): Write writes a compiled graph in it, with what to do with secrets
// (Secrets) decided by the caller. Reading that format (Puppet's own
// catalogs as a diff input) will live here too; catc's own catalog JSON
// (catc.catalog/1) does not.
package puppetcatalog
