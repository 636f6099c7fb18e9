// Package lsp is catc's language server (`catc lsp`): the Language Server
// Protocol over a stream, on github.com/tliron/glsp's protocol types and
// github.com/sourcegraph/jsonrpc2's JSON-RPC and framing.
//
// The server holds the workspace: every *.hcl file below the folders the
// client opened, with the open buffers in place of their files on disk.
// On every change it compiles the workspace again (package compiler; a
// compiler.ParseCache keeps each unchanged file's parse, the type
// definitions and the declarations' checks, and splices a flat site's
// catalog from the last one, so that an edit costs about what it
// touches), builds the graph and orders it, so diagnostics, hover and
// navigation are the compiler's own answers, exactly those of a full
// load (TestSpliceMatchesFullLoad). An edit's diagnostics go out as soon as the catalog is loaded,
// before the graph, unless a cycle is shown (then with the graph, so that
// it does not blink). Requests are handled one at a time, in order.
//
// Classes and defines are navigated by the site index (compiler.IndexFile
// of each file, made on the first request after a load; site.go), which
// answers also for blocks no node declared; their values come from the
// catalog, and a load reads the workspace's Hiera data (sitedata.go) so
// that hovers say what a class parameter or a lookup() gets on the
// settings' node and where from, and the data files' errors are shown on
// those files.
package lsp
