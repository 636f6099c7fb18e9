// Package lsp is catc's language server (`catc lsp`): the Language Server
// Protocol over a stream, on github.com/tliron/glsp's protocol types and
// github.com/sourcegraph/jsonrpc2's JSON-RPC and framing.
//
// The server holds the workspace: every *.hcl file below the folders the
// client opened, with the open buffers in place of their files on disk.
// On every change it loads the whole workspace again with catalog's
// loader (a compiler.ParseCache keeps the parse of the files that did not
// change), builds the graph and orders it, so diagnostics, hover and
// navigation are the compiler's own answers. Requests are handled one at
// a time, in order.
package lsp
