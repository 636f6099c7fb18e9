// Package dot writes the dependency graph as Graphviz DOT (Write): the
// picture of `catc graph` (DOT, and SVG through the catc-svg companion,
// render/svgclient) and of the HTML page's Graphviz layout. Each resource
// is a node named injectively after its ref (Name), filled by its type
// (TypeFill, which the page uses too); each edge is styled by its kinds.
//
// It computes nothing about the graph; the one estimate it makes is the
// shape of the picture (shape.go, wrap.go): how wide Graphviz will draw
// it, to fold a wide one into rows with layout hints; what is drawn does
// not change. For a catalog read from Puppet it also places the nodes in
// class boxes and merges the edges a collapsed class stands for
// (class.go), and folds a wide class picture a box at a time
// (classwrap.go, classfold.go, classrows.go). It imports nothing of
// package render. Output is deterministic: the same value always gives
// the same bytes.
package dot
