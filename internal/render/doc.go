// Package render writes what the other stages compute for people: plans
// and `why` answers as text, diffs and fleet results as text and
// Markdown, the graph JSON, type, class and define documentation, diagnostics, and the
// `catc why` hint of a cycle (WhyHints). It computes nothing itself:
// every function takes a finished value (a *graph.Plan, a graph.Why, …)
// and an io.Writer, and returns only I/O errors. The pictures are its
// subpackages': DOT (render/dot), the SVG of it (render/svg in the
// catc-svg companion, render/svgclient to run it), the HTML page
// (render/htmlpage, render/layered); none of them imports render.
//
// It never decodes, and owns no format that catc reads back: catc's
// catalog and plan JSON are internal/catalogjson's, the diff JSON
// plandiff's, the fleet JSON fleet's, Puppet's catalog format
// internal/puppetcatalog's. The two machine formats left here are written
// for other tools only: the graph JSON ("catc.graph/1", GraphJSON) and
// the JSON diagnostics. Output is deterministic: the same value always
// gives the same bytes.
package render
