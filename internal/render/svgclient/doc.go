// Package svgclient finds and runs catc-svg, the companion binary that
// lays out a DOT graph as SVG (Graphviz in WebAssembly): Find locates it
// ($CATC_SVG, next to the running catc, or on PATH), Render runs it once
// with a timeout and checks that what it printed is a whole SVG, and
// Layout (catc-svg -layout) that it is one JSON document, the layout the
// HTML page draws.
//
// The renderer is a separate binary because linking go-graphviz makes
// every process compile Graphviz's WebAssembly at start-up (~0.1 s warm,
// ~1.5 s cold, +20 MB): catc would pay that on `catc version` and `catc
// validate`. As a process it also gives real timeouts and crash
// isolation, which go-graphviz lacks in-process. This package never
// builds a renderer: catc runs on checkouts nobody has read, and a go.mod
// or a cmd/catc-svg found there is theirs, not catc's. It does not write
// DOT (render/dot does) nor any file.
package svgclient
