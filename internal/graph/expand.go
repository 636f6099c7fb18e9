package graph

import (
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
)

// Whit says which part of an expanded graph a vertex is.
type Whit uint8

const (
	// NoWhit is a resource that is no container.
	NoWhit Whit = iota
	// Admissible is where a container starts: its content waits for it.
	Admissible
	// Completed is where a container ends: it waits for its content.
	Completed
)

// Vertex is one vertex of an Expanded graph: a resource, or one of the
// two whits that stand for a container.
type Vertex struct {
	Resource *catalog.Resource
	Whit     Whit
}

// String is the vertex as Puppet's agent prints it in its evaluation
// trace and cycle messages: a whit under its container's ref.
func (v Vertex) String() string { return v.Resource.Ref() }

// Ref is the vertex's reference in Puppet's relationship graph, as the
// agent names a whit: Whit[Admissible_class[Main]],
// Whit[Completed_apache::Vhost[x]] (the container's type with its first
// segment in lower case). Puppet sorts cycles by it.
func (v Vertex) Ref() string {
	if v.Whit == NoWhit {
		return v.Resource.Ref()
	}
	prefix := "Admissible_"
	if v.Whit == Completed {
		prefix = "Completed_"
	}
	r := v.Resource
	typ := r.Type.RefType()
	first, rest, _ := strings.Cut(typ, "::")
	if rest != "" {
		rest = "::" + rest
	}
	return "Whit[" + prefix + strings.ToLower(first) + rest + "[" + r.Title + "]]"
}

// Expanded is the graph Puppet's agent applies for a catalog read from
// Puppet (catalog.FromExternal): every container (class, stage, node,
// defined-type instance) replaced by an Admissible and a Completed whit
// with the container's priority, after the manual and auto edges were
// made (so an edge to a class never suppresses an auto edge).
type Expanded struct {
	Graph    *Graph
	Vertices []Vertex
	// out[v] are v's successors in Puppet's adjacency order, each once;
	// refresh[v][i] tells whether the edge v → out[v][i] carries events.
	out     [][]int32
	refresh [][]bool
	prio    []int32
	// startOf and endOf are each resource's vertex where it starts and
	// ends: its own, or its container's whits.
	startOf, endOf []int32
}

// IsContainer reports whether r is replaced by whits in an expanded graph.
func IsContainer(r *catalog.Resource) bool { return r.External != nil && r.External.Container }

// Expand replaces the containers of g by whits, as the agent does
// (Puppet's RelationshipGraph#replace_containers_with_anchors): an empty
// container gets admissible → completed; admissible(X) → admissible (or
// the resource) of each child, completed (or the resource) of each child
// → completed(X), both passing refreshes on; an edge into X enters at
// admissible(X), an edge out of X leaves from completed(X), with its
// label. Containers are handled in catalog order; a resource with no
// External information is no container.
func Expand(g *Graph) *Expanded {
	res := g.Catalog.Resources
	n := len(res)
	containers := 0
	for _, r := range res {
		if IsContainer(r) {
			containers++
		}
	}
	x := &Expanded{Graph: g, Vertices: make([]Vertex, 0, n+2*containers), prio: make([]int32, 0, n+2*containers)}
	whit := make([]int32, n) // container index → its admissible vertex (completed is +1); -1 otherwise
	for i, r := range res {
		whit[i] = -1
		x.Vertices = append(x.Vertices, Vertex{Resource: r})
		x.prio = append(x.prio, int32(i))
	}
	for i, r := range res {
		if IsContainer(r) {
			whit[i] = int32(len(x.Vertices))
			x.Vertices = append(x.Vertices, Vertex{r, Admissible}, Vertex{r, Completed})
			x.prio = append(x.prio, int32(i), int32(i))
		}
	}
	deg := make([]int, len(x.Vertices))
	expandEdges(g, whit, func(from, _ int32, _ bool) { deg[from]++ })
	x.reserve(deg)
	var index pairIndex
	expandEdges(g, whit, func(from, to int32, refresh bool) {
		if at := index.find(x.out[from], from, to); at >= 0 {
			x.refresh[from][at] = x.refresh[from][at] || refresh
			return
		}
		x.out[from] = append(x.out[from], to)
		x.refresh[from] = append(x.refresh[from], refresh)
		index.added(x.out[from], from)
	})
	x.dropContainers(whit)
	return x
}

// reserve carves every vertex's successor and refresh lists out of one
// array each, deg[v] long (an upper bound: before merging).
func (x *Expanded) reserve(deg []int) {
	total := 0
	for _, d := range deg {
		total += d
	}
	outs, refresh := make([]int32, total), make([]bool, total)
	x.out, x.refresh = make([][]int32, len(deg)), make([][]bool, len(deg))
	at := 0
	for v, d := range deg {
		x.out[v], x.refresh[v] = outs[at:at:at+d], refresh[at:at:at+d]
		at += d
	}
}

// expandEdges calls add for each edge of the expanded graph (see Expand)
// in Puppet's order, the same pair as often as it is made; whit is
// Expand's.
func expandEdges(g *Graph, whit []int32, add func(from, to int32, refresh bool)) {
	res := g.Catalog.Resources
	n := len(res)
	adm := func(v int32) int32 {
		if v < int32(n) && whit[v] >= 0 {
			return whit[v]
		}
		return v
	}
	cpl := func(v int32) int32 {
		if v < int32(n) && whit[v] >= 0 {
			return whit[v] + 1
		}
		return v
	}
	for v := range n {
		for _, e := range g.out[v] {
			add(int32(v), int32(e.T.id), e.Refresh())
		}
	}
	for i, r := range res {
		if !IsContainer(r) {
			continue
		}
		a, c := whit[i], whit[i]+1
		if len(r.External.Contents) == 0 {
			add(a, c, false) // no label: an event stops here, as in Puppet
		}
		for _, child := range r.External.Contents {
			add(a, adm(int32(child.Index)), true)
			add(cpl(int32(child.Index)), c, true)
		}
		for _, e := range g.in[i] {
			add(cpl(int32(e.F.id)), a, e.Refresh())
		}
		for _, e := range g.out[i] {
			add(c, adm(int32(e.T.id)), e.Refresh())
		}
	}
}

// dropContainers removes the containers' own vertices (each is now its
// two whits) and the edges that touch them, renumbering the rest. All is
// done in place: a vertex's new number is never above its old one, and
// each list is the vertex's own (reserve).
func (x *Expanded) dropContainers(whit []int32) {
	id := make([]int32, len(x.Vertices))
	kept := 0
	for v := range x.Vertices {
		id[v] = -1
		if v < len(whit) && whit[v] >= 0 {
			continue
		}
		id[v] = int32(kept)
		x.Vertices[kept], x.prio[kept] = x.Vertices[v], x.prio[v]
		kept++
	}
	for v, succ := range x.out {
		if id[v] < 0 {
			continue
		}
		keep, flags := succ[:0], x.refresh[v][:0]
		for i, w := range succ {
			if id[w] >= 0 {
				keep, flags = append(keep, id[w]), append(flags, x.refresh[v][i])
			}
		}
		x.out[id[v]], x.refresh[id[v]] = keep, flags
	}
	x.Vertices, x.prio, x.out, x.refresh = x.Vertices[:kept], x.prio[:kept], x.out[:kept], x.refresh[:kept]
	x.startOf, x.endOf = make([]int32, len(whit)), make([]int32, len(whit))
	for i, w := range whit {
		x.startOf[i], x.endOf[i] = id[i], id[i]
		if w >= 0 {
			x.startOf[i], x.endOf[i] = id[w], id[w+1]
		}
	}
}

// digraph is the expanded graph as the ordering core reads it.
func (x *Expanded) digraph() Digraph {
	return Digraph{N: len(x.Vertices), Succ: func(v int32, visit func(int32) bool) {
		for _, w := range x.out[v] {
			if visit(w) {
				return
			}
		}
	}}
}

// VertexCycle is one dependency cycle of an expanded graph.
type VertexCycle struct {
	// Path starts and ends at the member with the smallest Ref.
	Path []Vertex
	// Members is the strongly connected component, sorted by Ref.
	Members []Vertex
}

// String is Puppet's form of the cycle, whits under their container's
// name: "(Class[A] => Notify[b] => Class[A])".
func (c VertexCycle) String() string {
	refs := make([]string, len(c.Path))
	for i, v := range c.Path {
		refs[i] = v.String()
	}
	return "(" + strings.Join(refs, " => ") + ")"
}

// Order is the agent's evaluation order: Kahn's algorithm taking the
// ready vertex of smallest priority (a resource's position in the
// catalog; a whit has its container's). With cycles, it holds what could
// be ordered (the agent applies nothing then) and cycles are Puppet's:
// one per strongly connected component, sorted by ref.
func (x *Expanded) Order() (order []Vertex, cycles []VertexCycle) {
	d := x.digraph()
	ordered := d.Order(x.prio)
	if len(ordered) > 0 {
		order = make([]Vertex, 0, len(ordered)) // nil for none, as before
	}
	for _, v := range ordered {
		order = append(order, x.Vertices[v])
	}
	if len(ordered) == len(x.Vertices) {
		return order, nil
	}
	for _, c := range d.Cycles(ordered, func(v int32) string { return x.Vertices[v].Ref() }) {
		vc := VertexCycle{}
		for _, v := range c.Path {
			vc.Path = append(vc.Path, x.Vertices[v])
		}
		for _, v := range c.Members {
			vc.Members = append(vc.Members, x.Vertices[v])
		}
		cycles = append(cycles, vc)
	}
	return order, cycles
}

// CycleMessage is the agent's message for cycles: "Found 1 dependency
// cycle:" and one path per cycle, joined as Puppet joins them (a literal
// backslash-n between cycles).
func CycleMessage(cycles []VertexCycle) string {
	if len(cycles) == 0 {
		return ""
	}
	head := "Found 1 dependency cycle:\n"
	if len(cycles) > 1 {
		head = "Found " + strconv.Itoa(len(cycles)) + " dependency cycles:\n"
	}
	paths := make([]string, len(cycles))
	for i, c := range cycles {
		paths[i] = c.String()
	}
	return head + strings.Join(paths, `\n`)
}

// Edges calls fn for each edge of the expanded graph, in adjacency
// order, with whether it carries refresh events.
func (x *Expanded) Edges(fn func(from, to Vertex, refresh bool)) {
	for v, succ := range x.out {
		for i, w := range succ {
			fn(x.Vertices[v], x.Vertices[w], x.refresh[v][i])
		}
	}
}
