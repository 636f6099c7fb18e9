// Package catalog turns HCL files into a validated catalog: the `type`
// blocks (the Resource API's register_type, with its registration checks
// and catc's load-time checks) and the `resource` blocks (attributes
// checked against their type, titles split into namevars, duplicates,
// relationship references resolved).
//
// Puppet's core types (package coretypes) are built in: a load declares
// those its resources and references name before the user's types, and a
// user's type of the same name replaces one with a warning (builtins.go).
//
// The entry point is Load. It reads files and directories (recursively,
// *.hcl, bytewise path order), parses them in parallel, then decodes in
// two phases: type definitions first, then declarations against them.
// Declarations may use var.* (variable blocks, set by LoadOptions.Vars
// and VarFiles), local.* (locals blocks), facts.* (LoadOptions.FactsFile),
// HCL's standard functions, for_each with each.key/each.value, and
// templates in the title label; blocks that use none of these are decoded
// while parsing, the others once the context is built. LoadFiles does the
// same on in-memory sources; LoadAliases reads only the type_alias blocks
// of files (what `catc import` wrote), for catc match and catc import.
// Every problem of a run comes back together as hcl.Diagnostics with the
// tightest source range; the catalog is returned even when there are
// errors, holding what could be validated.
//
// A site with classes (class, define, node, stage, include, contain,
// require, defaults, collect blocks, realize and virtual resources) is
// compiled for its node as Puppet's compiler compiles site.pp
// (class_eval.go and its neighbours): Class[main]'s body (the top level,
// in file order), the matching node block, then the generators
// (collectors, realize, defined-type instances) pass after pass. The
// result is handed to FromExternal as a Puppet catalog would be, so
// containers, tags and classes are Puppet's, and the graph stage orders
// it as the agent does (Catalog.Source names the compiler). Exported
// resources are refused: they are out of scope.
//
// The model, read by the graph stage (the *Catalog; what only building
// needs, such as where secrets are and the node-dependent blocks' checks,
// stays in the unexported loader that fills it):
//
//   - Catalog.Types and Catalog.Resources are in declaration order (file
//     order, then source order). Resource.Index is the position in
//     Resources.
//   - Resource.Attributes and Resource.Namevars are ordered hashes
//     (types.Hash) in the type's attribute order, holding values after
//     title parsing, explicit attributes and defaults. Sensitive values are
//     wrapped in types.Sensitive; output files carry a marker in their
//     place, digested under the key the catalog was loaded with
//     (LoadOptions.DigestKey, Catalog.SensitiveMarker).
//   - Resource.Title is the declared title; Resource.Ref uses the title
//     Puppet applies the resource under, which a `name`
//     attribute may change (Renamed; DeclaredRef keeps the declared one).
//   - Resource.Relations are the require/before/notify/subscribe references,
//     each resolved to its target, with the range of the reference.
//   - TypeDef.AutoRules are the auto* rules: titles, "$attr" terms and
//     calls of the auto-rule functions (autofunc.go, read as written,
//     never through HCL's function table). Catalog.AutoTargets evaluates
//     one for a resource and finds the targets as Puppet's agent does (by
//     title, then alias or uniqueness key, through Catalog.Lookup, or
//     picked by the selectors first_managed, first_with and below);
//     Resource.AutoTitles gives the titles alone.
//   - Site.Inputs says, per node-dependent block (and for the locals),
//     which facts and trusted values its expressions read, and which of
//     them only as verbatim copies into strings no stage examines
//     (inputs.go): a fleet compiles once per distinct input.
//   - Catalog.Conditional are the resource blocks that depend on the node
//     (group, only_if, for_each, facts), each checked once without a node
//     and kept as written for the editor; they are not in Resources.
//
// This package does not build the graph, order resources or find cycles
// (package graph), does not print diagnostics (cmd/catc), does not
// write or read the catalog JSON (internal/catalogjson), does not read
// facts files (internal/nodefacts: catalog takes its *Node), and keeps no
// process-wide settings (the collector's tuning is cmd/catc's).
package catalog
