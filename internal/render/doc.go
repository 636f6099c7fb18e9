// Package render writes what the other stages compute for people: plans
// and `why` answers as text, the graph as DOT/SVG and graph JSON, diffs
// and fleet results as text and Markdown (internal/svgrenderer lays DOT
// out as SVG), type documentation,
// diagnostics, and the `catc why` hint of a cycle (WhyHints). It computes
// nothing itself: every function takes a finished value (a *graph.Plan, a
// graph.Why, …) and an io.Writer, and returns only I/O errors. The one
// estimate it makes is the shape of a DOT picture (dot_shape.go,
// dot_wrap.go): how wide Graphviz will draw it, to fold a wide one into
// rows with layout hints; what is drawn does not change. For a catalog
// read from Puppet it also places the nodes in class boxes and merges
// the edges a collapsed class stands for (dot_class.go), and folds a wide
// class picture a box at a time (dot_classwrap.go, dot_classfold.go,
// dot_classrows.go).
//
// It never decodes, and owns no format that catc reads back: catc's
// catalog and plan JSON are internal/catalogjson's, the diff JSON
// plandiff's, the fleet JSON fleet's, Puppet's catalog format
// internal/puppetcatalog's. The two machine formats left here are written
// for other tools only: the graph JSON ("catc.graph/1", GraphJSON) and
// the JSON diagnostics. Output is deterministic: the same value always
// gives the same bytes.
package render
