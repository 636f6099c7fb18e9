package render

import (
	"bufio"
	"fmt"
	"io"

	"github.com/catc-dev/catc/internal/escape"
	"github.com/catc-dev/catc/internal/plural"
)

// ChainText answers `catc why FROM TO` for a catalog read from Puppet
// when the order comes through classes or defines: each step of chain
// (graph.Expanded.Chain) on its own numbered line. reverse says that TO
// comes before FROM instead.
func ChainText(w io.Writer, from, to string, chain []string, reverse bool) error {
	bw := bufio.NewWriter(w)
	from, to = escape.Line(from), escape.Line(to)
	if reverse {
		fmt.Fprintf(bw, "%s does not come before %s: the reverse holds, %s must come before %s through %s (classes and defines included):\n",
			from, to, to, from, plural.Noun(len(chain), "step", "steps"))
	} else {
		fmt.Fprintf(bw, "%s comes before %s through %s (classes and defines included):\n", from, to, plural.Noun(len(chain), "step", "steps"))
	}
	for i, s := range chain {
		fmt.Fprintf(bw, "  %d. %s\n", i+1, escape.Line(s))
	}
	return bw.Flush()
}
