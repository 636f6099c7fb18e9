// Command catc-svg is catc's SVG renderer: it reads a DOT graph on
// standard input and writes it as SVG on standard output, laid out by
// Graphviz 12 compiled to WebAssembly (go-graphviz), so no Graphviz
// installation is needed.
//
// `catc graph --format svg` runs it as a separate process, one render per
// process: catc itself stays free of go-graphviz's start-up cost, a
// layout that runs too long can be killed, and a crash in Graphviz cannot
// take catc down. catc looks for it in $CATC_SVG, next to the catc
// executable, then on PATH; install both from a checkout, in its top
// directory, with
//
//	go install ./cmd/...
//
// With -layout it writes the layout as data instead: Graphviz's JSON
// (`dot -Tjson`), each node's, edge's and cluster's place and the
// operations that draw it, from which `catc graph --format html` draws
// its picture.
//
// Exit status: 0 on success, 1 with a message on standard error.
package main
