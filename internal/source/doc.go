// Package source is catc's input stage: given a command's paths and
// options, it decides what each path is (Classify: HCL files or
// directories, a catalog Puppet compiled in any of its JSON formats,
// catc's own JSON, a directory of per-node catalogs, a node's or a
// fleet's catalogs in PuppetDB) and loads it (HCL, Site, Types, Puppet,
// Hiera), returning the values and hcl.Diagnostics. Each path is read
// once: a file's kind is told from its first bytes, which are not read
// again to tell it.
//
// It prints nothing, never exits and knows no command line: the command
// prints what it returns. cmd/catc, fleet (node catalogs of a directory)
// and the language server (Files, its buffers) read through it. It is the one caller of the HCL loader
// (hcl.go), so that the loader's API is used in one place; ordering
// what it loads is package pipeline's.
package source
