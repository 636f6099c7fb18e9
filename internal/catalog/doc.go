// Package catalog is catc's model of a catalog: the type definitions
// (the Resource API's register_type, with its registration checks and
// catc's load-time checks), the resources declared against them (values
// checked against their type, titles split into namevars, identity and
// uniqueness keys, renames, duplicates) and their relationship references,
// resolved. Two front ends fill it through a Builder: the HCL compiler
// (package compiler) and Puppet's catalogs (FromExternal, used by package
// puppetcatalog). A declaration reaches the Builder as a RawResource, its
// arguments already evaluated. A Builder may also fill a catalog from the
// last one when one span of declarations changed (splice.go: the
// language server's edit), sharing or copying the other resources and
// leaving the last catalog as it was.
//
// It also decodes type definitions from HCL `type` blocks (typedef.go,
// attrdef.go, pattern.go, autorule.go): the compiler hands it the user's
// blocks, and Puppet's core types and the shipped module types
// (package coretypes, builtins.go) are decoded the same way, so a Puppet
// catalog needs no user HCL.
//
// The model, read by the graph stage:
//
//   - Catalog.Types and Catalog.Resources are in declaration order (file
//     order, then source order). Resource.Index is the position in
//     Resources.
//   - Resource.Attributes and Resource.Namevars are ordered hashes
//     (types.Hash) in the type's attribute order, holding values after
//     title parsing, explicit attributes and defaults. Sensitive values are
//     wrapped in types.Sensitive; output files carry a marker in their
//     place, digested under the key the catalog was loaded with
//     (Catalog.SensitiveMarker). Catalog.Files masks every source range
//     that holds a secret (sensitive.go); which ranges those are is the
//     compiler's finding.
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
//     Resource.AutoTitles gives the titles alone. They stay here: they are
//     evaluated against the model, for HCL and Puppet catalogs alike.
//   - Catalog.Conditional are the resource blocks that depend on the node
//     (group, only_if, for_each, facts), each checked once without a node
//     and kept as written for the editor; they are not in Resources.
//
// What stays here, and why (one job: the model and its checks):
//
//   - Puppet's catalogs (external*.go, FromExternal): they are declarations
//     checked and resolved by the same Builder and BuildResource as HCL's;
//     package puppetcatalog owns their JSON and hands the declarations here.
//     A class or defined-type instance that catc's compiler of classes
//     built carries where each parameter's value came from (origin.go:
//     ParamOrigin, Resource.ParamOrigins), places only, for plan, why,
//     diff and the editor; the compiler finds them.
//   - The built-in types (builtins*.go, moduletypes.go): a Puppet catalog
//     needs them without any HCL, and they are decoded by the same type
//     decoding as a user's `type` block.
//   - Masking (sensitive.go): the sensitive values of the model and the
//     masked sources for snippets; finding which expressions feed a secret
//     is evaluation, the compiler's (its secrets.go).
//   - Advice (advice.go, diag.go): the sentences of the model's checks,
//     which the compiler's checks of values reuse (ValueAdvice, ErrorAt).
//   - Puppet's names (puppetname.go: CheckName, BadNameDiag): which class,
//     define, node, reference and type names Puppet 7.23 refuses, with its
//     words; one judge for the compiler, the site index and the editor.
//   - The evaluation budget (budget.go: Limits, Budget): the model's checks
//     charge it too (the pattern matches of values); the compiler charges
//     it for every expression.
//
// This package does not parse HCL sites or evaluate expressions of the
// language (package compiler), does not build the graph, order resources
// or find cycles (package graph), does not print diagnostics (cmd/catc),
// does not write or read the catalog JSON (internal/catalogjson), does
// not read facts files (internal/nodefacts), and keeps no process-wide
// settings.
package catalog
