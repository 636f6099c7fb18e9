// Package coretypes holds Puppet's core resource types (file, exec,
// package, service, user, group, … 23 in all) as catc's own HCL, one
// embedded file per type, so that every catalog load has them without a
// `type` block or a file on disk.
//
// What the files say, and why:
//
//   - Every attribute Puppet 7.23 lists for the type, in Puppet's order
//     (fixtures/oracle/core/types.json, made by describe.rb there),
//     `provider` too (catc refuses it on the user's own types, as the
//     Resource API does). Namevars are
//     namevars, Puppet's parameters are `behaviour = "parameter"`, its
//     properties plain attributes; file's type, ctime and mtime, which the
//     agent refuses to set, are read_only.
//   - Every attribute's type is Optional[…] and none has a default: a
//     compiled catalog carries only what the manifest set, Puppet's
//     defaults are applied by the agent, and a default here would show up
//     in every plan and catalog.
//   - A value is checked only where the agent checks it, and the type is
//     written to reach the agent's verdict (fixtures/oracle/core/
//     values.jsonl holds Puppet's answers, made by values.rb there; the
//     table test in this package runs every one through catc). Where the agent accepts anything, the
//     type is Data. Checks that depend on another attribute or on the
//     node's provider are not made; coretypes_test.go lists them.
//   - No auto rules are written here except those the auto-rule language
//     can express; the files are append-only so that those can be added.
//
// Beside them, modules/*.hcl (ModuleNames, ModuleSourceOf) are popular
// module types that are Ruby `Puppet::Type.newtype` types, shipped so that
// a Puppet catalog needs no import: stdlib's anchor and file_line, inifile's,
// concat's, postgresql's, mysql's and apt's apt_key, each from the module
// release the Puppet catalog corpus was compiled with
// (fixtures/oracle/catalogs/modules.txt). Their namevars, `provider` and
// auto rules are the module's (its lib/puppet/type/NAME.rb), and those
// whose Ruby defines refresh say refreshable = true; every other
// attribute is an unchecked Optional[Data], and each desc says so (catc
// doc --module-types). Package catalog declares them only for Puppet
// catalogs, never in an HCL load.
//
// This package only holds the sources (Sources, SourceOf); it parses
// nothing and imports nothing of catc, so a command that loads no catalog
// (catc version) pays nothing for it. Package catalog declares them in
// every load, before the user's types (catalog/builtins.go): each type is
// parsed and decoded once per process, on first use, and its immutable
// TypeDef shared by later loads. Measured with BenchmarkBuiltins on a
// shared 2-core machine (load average 14): a load then pays about 0.2 ms
// for them; the first use costs about 20 ms of CPU for all 23 types (59 KB
// of HCL: hclsyntax's lexing and parsing are two thirds of it), so a
// process that uses file, package, service, user, group and exec pays
// about 13 ms once. A user's own `type "file"` replaces the built-in one
// for that load, with a warning.
package coretypes
