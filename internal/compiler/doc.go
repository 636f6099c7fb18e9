// Package compiler is catc's HCL front end: it turns HCL files into the
// model (a *catalog.Catalog). It parses (files and directories,
// recursively, *.hcl, bytewise path order; big files in parallel chunks,
// through a ParseCache when given), checks the source statically
// (nesting, chains of operators, the evaluation budget's wrapping of
// costly expressions), evaluates what the language computes — var.*
// (variable blocks, LoadOptions.Vars and VarFiles), local.* (locals),
// facts.* and trusted.* (the node), lookup() (Hiera), HCL's standard
// functions, for_each with each.key/each.value, only_if, group blocks
// and templates in titles — and hands each resource block, its
// arguments evaluated, to a catalog.Builder, which checks it against its
// type and resolves the references.
//
// Entry points: Load (paths), LoadFiles (in-memory sources: tests, the
// language server), LoadSite and Site.Compile (a site loaded once and
// compiled per node: the fleet), LoadAliases (only the type_alias blocks,
// for catc match and catc import), MaskSources (sources with their
// secrets masked, for snippets), FormatHCL and LanguageSchema (catc fmt
// and the editor), IndexFile (siteindex.go: a file's classes, defines,
// nodes, declarations, references and lookups from its syntax alone,
// for the language server's navigation), LoadDocs and DefDocs (catc doc
// and the editor's hover: classes and defines documented as written,
// defdoc.go). Site.Inputs says, per node-dependent block, which
// facts and trusted values its expressions read (inputs.go).
//
// A load through a ParseCache keeps each file's parse, the types and the
// declarations' checks; a flat site's load (no class, define or node, no
// block that needs the evaluation context) is spliced from the last one
// when only one span of declarations changed (splice.go: the language
// server's edit of a file), building and resolving only what the edit
// touches, and falls back to a full load when the edit changes what
// other files see in a way splicing does not follow (a type, a
// registration conflict, a renamed resource).
//
// Where evaluation happens: parse.go reads the top-level blocks
// (parseChunk); blocks that need no evaluation context are decoded while
// parsing, the others (RawResource.deferred) once the context is built
// (scope.go: variables, locals, the node) and expanded by expand.go.
//
// A site with classes (class, define, node, stage, include, contain,
// require, defaults, collect blocks, realize, and any resource block
// setting virtual or exported, so every site gives them Puppet's meaning) is
// compiled for its node as Puppet's compiler compiles site.pp
// (class_eval.go and its neighbours). The parse's walk of top-level
// declarations (parsed.declarations) keeps these blocks whole, each with
// its place among the top-level resource blocks (class_parse.go); the
// compiler then evaluates Class[main]'s body (the top level, in file
// order), the matching node block, then the generators (collectors,
// realize, defined-type instances) pass after pass; the body of a class,
// define or node is read by the same walk (its statements evaluated in
// its own scope) when it is first evaluated (compiler.bodyOf). The result is
// handed to catalog.FromExternal as a Puppet catalog would be, so
// containers, tags and classes are Puppet's, and the graph stage orders
// it as the agent does (Catalog.Source names the compiler). A name
// Puppet refuses (a class, define or node block's label, the class a
// declaration names, a reference's class or type, a resource block's
// type) is refused where it is written, in Puppet's words, by
// catalog.CheckName, which the site index asks too. Exported
// resources are refused: they are out of scope. Each parameter of a class
// or instance records where its value came from (class_origin.go: the
// declaration, a defaults block, the Hiera data file and level, the
// default) as a catalog.ParamOrigin on its container.
//
// Evaluation-time secrets (secrets.go, markfuncs.go, masktokens.go; in
// class, define and node bodies class_secrets.go): which variables,
// parameters, locals and expressions feed a sensitive attribute, and the
// marks on their values; the model (package catalog) keeps only the
// ranges to mask and the sensitive values.
//
// This package does not keep the model, check resources against their
// types, resolve references or decode type definitions (package catalog),
// does not read facts files (internal/nodefacts: the caller reads the node
// and passes it, LoadOptions.Node), does not build the graph (package graph) and does not
// print diagnostics (cmd/catc). It keeps no process-wide settings.
package compiler
