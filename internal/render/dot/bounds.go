package dot

import (
	"bufio"
	"fmt"
)

// Graphviz's dot minimises edge crossings and places nodes by iterating
// until nothing improves. On a wrapped picture (wrap.go,
// classwrap.go) the invisible edges that stack the rows make both
// phases slow past a few hundred resources: the 1,038 resources of
// fixtures/oracle/catalogs/big_node.catalog.json took 52 s in dot 2.42
// without classes, and the class picture of apache.catalog.json (285
// resources) 20 s. Above boundedFrom drawn nodes the picture bounds the
// iterations (nslimit, mclimit): 1.5 s and 1.1 s, a little narrower.
// Smaller pictures keep Graphviz's defaults, and so stay byte-identical.
const boundedFrom = 200

// foldClassesUpTo is the largest class picture that is folded into rows:
// above it, even with bounded iterations Graphviz takes over ten seconds
// (big_node: 11 s native, 22 s as catc-svg), so the boxes stay side by
// side; --collapse, --focus or --format html draw such a catalog better.
const foldClassesUpTo = 600

// writeBounds writes the graph attributes that bound dot's iterations on
// a wrapped picture of n nodes (nothing for a small one); compound is set
// for a picture with class boxes.
func writeBounds(w *bufio.Writer, n int, wrapped, compound bool) {
	var attrs string
	switch {
	case wrapped && n > boundedFrom:
		attrs = "nslimit=2, mclimit=0.1"
	case wrapped && compound:
		attrs = "nslimit=2" // folded boxes route long edges around them
	}
	switch {
	case compound && attrs != "":
		fmt.Fprintf(w, "\tgraph [compound=true, %s];\n", attrs)
	case compound:
		fmt.Fprintln(w, "\tgraph [compound=true];")
	case attrs != "":
		fmt.Fprintf(w, "\tgraph [%s];\n", attrs)
	}
}
