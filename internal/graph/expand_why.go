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
	prev := make([]int32, len(x.Vertices))
	for i := range prev {
		prev[i] = -1
	}
	prev[src] = src
	queue := []int32{src}
	for len(queue) > 0 && prev[dst] < 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range x.out[v] {
			if prev[w] < 0 {
				prev[w] = v
				queue = append(queue, w)
			}
		}
	}
	if prev[dst] < 0 || src == dst {
		return nil
	}
	var path []int32
	for v := dst; v != src; v = prev[v] {
		path = append(path, v)
	}
	path = append(path, src)
	var out []string
	for i := len(path) - 1; i > 0; i-- {
		out = append(out, x.stepWords(x.Vertices[path[i]], x.Vertices[path[i-1]]))
	}
	return out
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
