// Package nodefacts reads the nodes a site is compiled for: each node's
// name (its certname) and facts, from Facter JSON, a facts document,
// Puppet's YAML facts cache or a PuppetDB export (Read, for --nodes), or
// one node's (ReadOne, for --facts), or file by file as a fleet run
// comes to them (Stream), with Read's diagnostics. A Node gives catalog
// its facts.* and trusted.* values; WithInputs makes a stand-in of a node
// with other ones (package fleet compiles one per class of nodes).
//
// It sits below catalog, which imports it (compiler.Site.Compile takes a
// *Node; the caller of compiler.Load reads --facts with ReadOne); it imports nothing
// of catc's stages. It does not compile, group nor compare nodes
// (catalog, fleet); a node's identity placeholders in a fleet diff
// ({certname}, {fqdn}, …) are fleet's.
package nodefacts
