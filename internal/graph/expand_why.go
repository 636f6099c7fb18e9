package graph

import "github.com/catc-dev/catc/internal/catalog"

// Chain is, in an expanded graph, a shortest chain by which from ends
// before to starts (classes and defines crossed as the agent crosses
// them), one sentence per step; nil when nothing orders them.
func (x *Expanded) Chain(from, to *catalog.Resource) []string {
	if !x.has(from) || !x.has(to) {
		return nil
	}
	return x.chain(x.endOf[from.Index], x.startOf[to.Index])
}

// End is one end of a resource in an expanded graph: where it starts
// or where it ends (the same vertex for a resource that is no
// container).
type End uint8

const (
	// Start is where a resource starts: a container's admissible whit.
	Start End = iota
	// Finish is where it ends: a container's completed whit.
	Finish
)

// Link is a shortest chain of an expanded graph from one end of a
// resource to one end of another, one sentence per step.
type Link struct {
	From    *catalog.Resource
	FromEnd End
	To      *catalog.Resource
	ToEnd   End
	Steps   []string
}

// Whole reports whether the link orders all of From before all of To.
func (l Link) Whole() bool { return l.FromEnd == Finish && l.ToEnd == Start }

// Links is every way the expanded graph orders a and b, as Puppet's
// agent applies it: a ends before b starts (one link), or b before a;
// else, when neither comes wholly first (one holds the other, or their
// classes or defines overlap), how their starts are ordered and how
// their ends are (a link each, in whichever direction holds); else
// that one starts before the other ends. Nil when nothing orders them.
func (x *Expanded) Links(a, b *catalog.Resource) []Link {
	if !x.has(a) || !x.has(b) || a == b {
		return nil
	}
	if l, ok := x.link(a, Finish, b, Start); ok {
		return []Link{l}
	}
	if l, ok := x.link(b, Finish, a, Start); ok {
		return []Link{l}
	}
	var out []Link
	for _, end := range []End{Start, Finish} {
		if l, ok := x.link(a, end, b, end); ok {
			out = append(out, l)
		} else if l, ok := x.link(b, end, a, end); ok {
			out = append(out, l)
		}
	}
	if len(out) > 0 {
		return out
	}
	if l, ok := x.link(a, Start, b, Finish); ok {
		return []Link{l}
	}
	if l, ok := x.link(b, Start, a, Finish); ok {
		return []Link{l}
	}
	return nil
}

// link is the chain from one end of a to one end of b, if any. (For a
// resource that is no container both ends are one vertex: asking again
// what the whole link asked finds nothing again.)
func (x *Expanded) link(a *catalog.Resource, ae End, b *catalog.Resource, be End) (Link, bool) {
	steps := x.chain(x.vertexAt(a, ae), x.vertexAt(b, be))
	if steps == nil {
		return Link{}, false
	}
	return Link{From: a, FromEnd: ae, To: b, ToEnd: be, Steps: steps}, true
}

// vertexAt is r's vertex at end e.
func (x *Expanded) vertexAt(r *catalog.Resource, e End) int32 {
	if e == Start {
		return x.startOf[r.Index]
	}
	return x.endOf[r.Index]
}

// has reports whether r is a resource of the expanded graph.
func (x *Expanded) has(r *catalog.Resource) bool {
	return r != nil && r.Index < len(x.startOf)
}

// chain is a shortest path src → dst in words (see Chain), nil when
// there is none or src is dst.
func (x *Expanded) chain(src, dst int32) []string {
	if src == dst {
		return nil
	}
	path := newSearch(len(x.Vertices)).bfs(src, dst, nil, func(u int32, visit func(int32) bool) {
		for _, w := range x.out[u] {
			if visit(w) {
				return
			}
		}
	})
	if path == nil {
		return nil
	}
	var out []string
	for i := 0; i+1 < len(path); i++ {
		if j := x.endOfSame(path, i); j > i+1 {
			out = append(out, x.throughWords(path[i:j+1]))
			i = j - 1
			continue
		}
		out = append(out, x.stepWords(x.Vertices[path[i]], x.Vertices[path[i+1]]))
	}
	return out
}

// endOfSame is, when path[i] is where a container starts and path stays
// inside it until its end, the position of that end; 0 otherwise.
func (x *Expanded) endOfSame(path []int32, i int) int {
	v := x.Vertices[path[i]]
	if v.Whit != Admissible {
		return 0
	}
	for j := i + 1; j < len(path); j++ {
		w := x.Vertices[path[j]]
		if w.Whit == Completed && w.Resource == v.Resource {
			return j
		}
		if !within(w.Resource, v.Resource) {
			return 0
		}
	}
	return 0
}

// within reports whether c contains r, at any depth. Each container is
// visited once: a catalog may give a resource the same container twice
// and its containment edges may loop, which a walk of every path would
// take exponential time over.
func within(r, c *catalog.Resource) bool {
	seen := map[*catalog.Resource]bool{r: true}
	stack := []*catalog.Resource{r}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.External == nil {
			continue
		}
		for _, p := range x.External.Containers {
			if p == c {
				return true
			}
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	return false
}

// throughWords says why a chain crosses a container from its start to
// its end: the container ends only after what it holds, naming the
// first resource the chain went through in it.
func (x *Expanded) throughWords(sub []int32) string {
	c := x.Vertices[sub[0]].Resource
	inner := sub[1 : len(sub)-1]
	if len(inner) == 0 {
		return c.Ref() + " is empty: it ends as soon as it starts"
	}
	such := x.Vertices[inner[0]].Resource // a class or define, when the chain holds no resource
	for _, v := range inner {
		if w := x.Vertices[v]; w.Whit == NoWhit {
			such = w.Resource
			break
		}
	}
	return c.Ref() + " ends only after everything in it (such as " + such.Ref() + ")"
}

// stepWords says why u comes before v: a relationship (with its
// origins), or containment.
func (x *Expanded) stepWords(u, v Vertex) string {
	c := containmentOf(u, v)
	if c == NoContainment {
		if e := x.Graph.Edge(u.Resource, v.Resource); e != nil {
			return EdgeLine(e)
		}
	}
	return containmentWords(u.Resource, v.Resource, c)
}

// Containment is why a container's whits order two vertices.
type Containment uint8

const (
	// NoContainment: the step is no containment (or is not known).
	NoContainment Containment = iota
	// Holds: F contains T, which starts after F starts.
	Holds
	// HeldBy: F is in T, which ends after F.
	HeldBy
	// Empty: F is a container with nothing in it, which ends as soon as
	// it starts (F == T).
	Empty
)

// containmentOf is the containment a step u → v of an expanded graph
// follows, NoContainment for a relationship: only a container's own
// whits lead into what it holds (from its admissible whit) and out of it
// (into its completed whit).
func containmentOf(u, v Vertex) Containment {
	switch {
	case u.Whit == Admissible && v.Whit == Completed && u.Resource == v.Resource:
		return Empty
	case u.Whit == Admissible:
		return Holds
	case v.Whit == Completed:
		return HeldBy
	}
	return NoContainment
}

// containmentWords says in words why containment orders a before b.
func containmentWords(a, b *catalog.Resource, c Containment) string {
	switch c {
	case Empty:
		return a.Ref() + " is empty: it ends as soon as it starts"
	case Holds:
		return a.Ref() + " contains " + b.Ref() + ", which starts after " + a.Ref() + " starts"
	case HeldBy:
		return a.Ref() + " is in " + b.Ref() + ", which ends after it"
	}
	return a.Ref() + " => " + b.Ref()
}
