package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/words"
)

// WhyText answers `catc why FROM TO`: the shortest chain of edges
// FROM => … => TO, one numbered line per edge with its kinds and origins
// (file:line; for an auto rule also the rule's place in the type
// definition); or, when TO must come before FROM, that the reverse holds
// and its chain; or "FROM does not have to come before TO" with their
// steps in the plan, whose relative order is then only declaration order
// (or other dependencies of each).
func WhyText(w io.Writer, a graph.Why) error {
	bw := bufio.NewWriter(w)
	from, to := words.Escape(a.From.Ref()), words.Escape(a.To.Ref())
	switch {
	case len(a.Path) > 0:
		fmt.Fprintf(bw, "%s comes before %s through %s:\n", from, to, words.Noun(len(a.Path), "edge", "edges"))
		writeChain(bw, a.Path)
	case len(a.Reverse) > 0:
		fmt.Fprintf(bw, "%s does not come before %s: the reverse holds, %s must come before %s through %s:\n",
			from, to, to, from, words.Noun(len(a.Reverse), "edge", "edges"))
		writeChain(bw, a.Reverse)
	default:
		fmt.Fprintf(bw, "%s does not have to come before %s: no chain of relationships leads from %s to %s, nor from %s to %s.\n", from, to, from, to, to, from)
		fmt.Fprintf(bw, "In the plan %s is %s and %s is %s; their relative order comes only from declaration order and their other dependencies.\n",
			from, stepPhrase(a.FromStep), to, stepPhrase(a.ToStep))
	}
	return bw.Flush()
}

// writeChain lists a chain of edges, one numbered edge and its origins each.
func writeChain(bw *bufio.Writer, path []*graph.Edge) {
	for i, e := range path {
		fmt.Fprintf(bw, "  %d. %s => %s\n       %s\n", i+1, words.Escape(e.F.Resource.Ref()), words.Escape(e.T.Resource.Ref()), edgeOrigins(e))
	}
}

// NeighboursText answers `catc why REF`: the resource's step, the
// classes or defines holding it (a catalog read from Puppet), what it
// waits for and what waits for it (each with the edge's origins), and
// what refreshes it.
func NeighboursText(w io.Writer, n graph.Neighbours) error {
	bw := bufio.NewWriter(w)
	r := n.Resource
	where := r.PlaceText() // none for a class a Puppet catalog gives no place
	if where != "" {
		where = words.Escape(where) + ", "
	}
	fmt.Fprintf(bw, "%s  %s%s\n", words.Escape(r.Ref()), where, stepPhrase(n.Step))
	if os := r.ParamOrigins(); len(os) > 0 {
		fmt.Fprintf(bw, "\nParameters (%d), and where each value came from:\n", len(os))
		writeParamOrigins(bw, "  ", r)
	}
	writeHolders(bw, r)
	fmt.Fprintf(bw, "\nWaits for (%d):\n", len(n.Before))
	for _, e := range n.Before {
		fmt.Fprintf(bw, "  %s: %s\n", words.Escape(e.F.Resource.Ref()), edgeOrigins(e))
	}
	fmt.Fprintf(bw, "\nComes before (%d):\n", len(n.After))
	for _, e := range n.After {
		fmt.Fprintf(bw, "  %s: %s\n", words.Escape(e.T.Resource.Ref()), edgeOrigins(e))
	}
	if len(n.RefreshedBy) > 0 {
		fmt.Fprintf(bw, "\nRefreshed by %s\n", refresherList(n.RefreshedBy))
	}
	return bw.Flush()
}

// writeHolders says, for a resource of a catalog read from Puppet, the
// classes or defines that hold it, whose start it waits for and whose
// end waits for it (what a class waits for, its resources wait for),
// then the parameters of each, with where their values came from, when
// catc compiled it.
func writeHolders(bw *bufio.Writer, r *catalog.Resource) {
	if r.External == nil || len(r.External.Containers) == 0 {
		return
	}
	refs := make([]string, len(r.External.Containers))
	for i, c := range r.External.Containers {
		refs[i] = words.Escape(c.Ref())
	}
	if len(refs) == 1 {
		fmt.Fprintf(bw, "\nIn %s: it starts after %s starts, and %s ends after it.\n", refs[0], refs[0], refs[0])
	} else {
		fmt.Fprintf(bw, "\nIn %s: it starts after each of them starts, and each ends after it.\n", strings.Join(refs, " and "))
	}
	for i, c := range r.External.Containers {
		if len(c.ParamOrigins()) > 0 {
			fmt.Fprintf(bw, "%s's parameters, and where each value came from:\n", refs[i])
			writeParamOrigins(bw, "  ", c)
		}
	}
}

func stepPhrase(step int) string {
	if step == 0 {
		return "blocked by a dependency cycle"
	}
	return fmt.Sprintf("step %d", step)
}
