package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/catc-dev/catc/internal/render/svg"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
}

// run is main without the process.
func run(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	draw := svg.Render
	switch {
	case len(args) == 1 && args[0] == "-layout":
		draw = svg.Layout
	case len(args) > 0:
		fmt.Fprintln(stderr, "usage: catc-svg [-layout] < graph.dot > graph.svg (-layout: the layout as Graphviz's JSON)")
		return 1
	}
	src, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "catc-svg: reading standard input: %v\n", err)
		return 1
	}
	out, err := draw(context.Background(), src)
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
