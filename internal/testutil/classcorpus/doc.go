// Package classcorpus reads the classes oracle corpus
// (fixtures/oracle/classes: Puppet sites with their catc HCL twins and
// what Puppet 7.23 compiled and applied) for the tests that judge catc's
// compiler of classes, defined types, defaults, collectors, nodes and
// stages. A case is loaded into Puppet's answer in a form a test compares
// with catc's: the catalog's resources (type, title, parameters, tags,
// containers), classes and containment edges; the apply order with and
// without whits, the edges, refreshes and cycles; or the refusal's words.
//
// It reads files only: it neither runs Puppet nor loads catc's catalog.
// Its own tests load every case, so the corpus stays well-formed.
package classcorpus
