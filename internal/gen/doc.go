// Package gen writes synthetic catalogs for benchmarks: a types file (the
// Resource API's apt_key and software) and resource files of five
// interlinked kinds (the built-in package, file and service, software,
// apt_key) with references in both forms and auto rules, so loading
// exercises every stage. With Options.Core it writes resources of
// Puppet's core types only, with no type block, in the shapes that
// exercise the built-in types' auto rules (see coreModule). PuppetCatalog
// writes a Puppet catalog (JSON) of the oracle's node_res type instead.
// It does not load or check what it writes.
package gen
