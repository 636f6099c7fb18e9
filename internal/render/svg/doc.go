// Package svg turns DOT into SVG in-process with go-graphviz (Graphviz
// compiled to WebAssembly), or into its layout as data (Layout:
// Graphviz's JSON, which the HTML page draws). It is its own package because linking
// go-graphviz costs every binary a WebAssembly compile at start-up
// (~0.1 s warm, ~1.5 s cold, +20 MB), so only the catc-svg companion
// imports it; catc itself runs that companion (internal/render/svgclient)
// and never pays the cost for commands that draw nothing.
//
// go-graphviz has one global WebAssembly instance and is not safe for
// concurrent use, so Render and Layout serialise every call; it ignores context
// deadlines, so a caller that needs a timeout runs the companion as a
// process and kills it.
package svg
