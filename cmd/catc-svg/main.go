// Command catc-svg is catc's SVG renderer: it reads a DOT graph on
// standard input and writes it as SVG on standard output, laid out by
// Graphviz 12 compiled to WebAssembly (go-graphviz), so no Graphviz
// installation is needed.
//
// `catc graph --format svg` runs it as a separate process, one render per
// process: catc itself stays free of go-graphviz's start-up cost, a
// layout that runs too long can be killed, and a crash in Graphviz cannot
// take catc down. catc looks for it in $CATC_SVG, next to the catc
// executable, then on PATH; install both with
//
//	go install github.com/catc-dev/catc/cmd/...@latest
//
// Exit status: 0 on success, 1 with a message on standard error.
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/catc-dev/catc/render/svg"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
}

// run is main without the process.
func run(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: catc-svg < graph.dot > graph.svg (it takes no arguments)")
		return 1
	}
	src, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "catc-svg: reading standard input: %v\n", err)
		return 1
	}
	out, err := svg.Render(context.Background(), src)
	if err != nil {
		fmt.Fprintf(stderr, "catc-svg: %v\n", err)
		return 1
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "catc-svg: writing standard output: %v\n", err)
		return 1
	}
	return 0
}
