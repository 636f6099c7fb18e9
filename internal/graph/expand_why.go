package graph

import "github.com/catc-dev/catc/internal/catalog"

// Chain is, in an expanded graph, a shortest chain by which from ends
// before to starts (classes and defines crossed as the agent crosses
// them), one sentence per step; nil when nothing orders them.
func (x *Expanded) Chain(from, to *catalog.Resource) []string {
	if from == nil || to == nil || from.Index >= len(x.endOf) || to.Index >= len(x.startOf) {
		return nil
	}
	src, dst := x.endOf[from.Index], x.startOf[to.Index]
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
	a, b := u.Resource, v.Resource
	if u.Whit != Admissible && v.Whit != Completed {
		if e := x.Graph.Edge(a, b); e != nil {
			return EdgeLine(e)
		}
	}
	switch {
	case a == b:
		return a.Ref() + " is empty: it ends as soon as it starts"
	case u.Whit == Admissible:
		return a.Ref() + " contains " + b.Ref() + ", which starts after " + a.Ref() + " starts"
	case v.Whit == Completed:
		return a.Ref() + " is in " + b.Ref() + ", which ends after it"
	}
	return a.Ref() + " => " + b.Ref()
}
