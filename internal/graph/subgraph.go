package graph

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/words"
)

// summaryUnknownType is the summary of a --type filter that names no type.
const summaryUnknownType = "Unknown type"

// Direction says which way a focus neighbourhood extends from its roots.
type Direction int

// The directions. Up follows edges backwards, to what the focus depends
// on (applied before it); Down follows them forwards, to what depends on
// it; Both is the union of the two (not an undirected walk: a sibling
// that merely shares a dependency is not selected).
const (
	Both Direction = iota
	Up
	Down
)

var directionNames = [...]string{"both", "up", "down"}

// String is the command-line spelling ("both", "up", "down").
func (d Direction) String() string { return enum.Name(directionNames[:], d) }

// ParseDirection reads "up", "down" or "both" (case-insensitive).
func ParseDirection(s string) (Direction, error) {
	if d, ok := enum.ParseFold[Direction](directionNames[:], s); ok {
		return d, nil
	}
	return Both, fmt.Errorf("%q is not a direction: use up (what it depends on), down (what depends on it) or both", s)
}

// Selection says which part of a graph to keep. The zero value keeps
// everything. The filters intersect: a resource is selected when it is
// in the focus neighbourhood (if any focus), in a cycle (if Cycles) and
// of one of Types (if any), except that the focus resources themselves
// are always selected.
type Selection struct {
	// Focus are the roots of the neighbourhood to keep. A container (a
	// class or define of a catalog read from Puppet) stands for itself
	// and everything it contains.
	Focus []*catalog.Resource
	// Depth bounds the neighbourhood to that many edges from a root; 0
	// means no bound.
	Depth int
	// Direction is the way the neighbourhood extends from the roots.
	Direction Direction
	// Cycles keeps only the members of strongly connected components
	// that hold a cycle (self-loops included).
	Cycles bool
	// Types keeps only resources of these types (names, case-insensitive).
	Types []string
}

// Subgraph is the part of a graph a Selection keeps, ready to draw: the
// resources in apply order, the edges among them, and which of those are
// on a dependency cycle.
type Subgraph struct {
	Graph *Graph
	// Resources are the selected resources in Puppet's apply order; the
	// ones a cycle blocks follow, in declaration order.
	Resources []*catalog.Resource
	// Edges are the graph's edges between selected resources (self-loops
	// included), by the position of their source in Resources, then in
	// insertion order.
	Edges []*Edge
	// Focus are the selection's roots (a subset of Resources).
	Focus []*catalog.Resource

	comp   []int32 // cyclic component of each node index, -1 for none
	step   []int32 // 1-based apply step of each node index, 0 when blocked
	cycles Cycles  // the whole graph's, as Order found them
}

// Cycles are the whole graph's dependency cycles, as Order found them
// when the subgraph was selected (members outside Resources included).
func (s *Subgraph) Cycles() Cycles { return s.cycles }

// Select computes the part of g that sel keeps. The diagnostics are
// errors for type names the catalog does not define. Cost: that of
// Order (Kahn, then Tarjan over what it could not order) plus one
// breadth-first search per direction; linear in the graph.
func (g *Graph) Select(sel Selection) (*Subgraph, hcl.Diagnostics) {
	ofType, diags := g.typeFilter(sel.Types)
	if diags.HasErrors() {
		return nil, diags
	}
	plan, _ := Order(g, Ordering{})
	n := len(g.Catalog.Resources)
	s := &Subgraph{Graph: g, comp: componentOf(plan.Cycles, n), step: make([]int32, n), cycles: plan.Cycles}
	for i, st := range plan.Steps {
		s.step[st.Resource.Index] = int32(i + 1)
	}
	sel.Focus = withContents(sel.Focus)
	for _, r := range sel.Focus {
		if g.owns(r) {
			s.Focus = append(s.Focus, r)
		}
	}
	s.collect(plan, s.keep(sel, ofType))
	return s, nil
}

// keep marks the resources sel selects (see Selection).
func (s *Subgraph) keep(sel Selection, ofType map[*catalog.TypeDef]bool) []bool {
	keep := make([]bool, len(s.step))
	near := s.Graph.neighbourhood(sel)
	for v, r := range s.Graph.Catalog.Resources {
		keep[v] = (near == nil || near[v]) &&
			(!sel.Cycles || s.comp[v] >= 0) &&
			(ofType == nil || ofType[r.Type])
	}
	for _, r := range s.Focus {
		keep[r.Index] = true
	}
	return keep
}

// collect fills Resources (in apply order, blocked ones last) and Edges
// with what keep marks.
func (s *Subgraph) collect(plan *Plan, keep []bool) {
	for _, r := range append(plan.Order(), plan.Blocked...) {
		if keep[r.Index] {
			s.Resources = append(s.Resources, r)
		}
	}
	for _, r := range s.Resources {
		for _, e := range s.Graph.From(r) {
			if keep[e.T.Resource.Index] {
				s.Edges = append(s.Edges, e)
			}
		}
	}
}

// owns reports whether r is a resource of g's catalog.
func (g *Graph) owns(r *catalog.Resource) bool {
	rs := g.Catalog.Resources
	return r != nil && r.Index >= 0 && r.Index < len(rs) && rs[r.Index] == r
}

// typeFilter is the set of type definitions names selects, nil for all.
func (g *Graph) typeFilter(names []string) (map[*catalog.TypeDef]bool, hcl.Diagnostics) {
	if len(names) == 0 {
		return nil, nil
	}
	var diags hcl.Diagnostics
	set := map[*catalog.TypeDef]bool{}
	for _, n := range names {
		td := g.Catalog.Type(strings.TrimSpace(n))
		if td == nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summaryUnknownType,
				Detail: fmt.Sprintf("No type %q is defined in the catalog, so --type %s selects nothing.%s", n, n, words.DidYouMean(strings.ToLower(n), typeNames(g.Catalog)))})
			continue
		}
		set[td] = true
	}
	return set, diags
}

// componentOf gives each resource index the index of its cycle (its
// strongly connected component) in cs, or -1.
func componentOf(cs Cycles, n int) []int32 {
	comp := make([]int32, n)
	for i := range comp {
		comp[i] = -1
	}
	for ci, c := range cs {
		for _, r := range c.Members {
			if r.Index >= 0 && r.Index < n {
				comp[r.Index] = int32(ci)
			}
		}
	}
	return comp
}

// neighbourhood marks the resources within sel.Depth edges of a focus
// root in sel.Direction; nil when there is no focus.
func (g *Graph) neighbourhood(sel Selection) []bool {
	if len(sel.Focus) == 0 {
		return nil
	}
	near := make([]bool, len(g.Catalog.Resources))
	if sel.Direction != Down {
		g.reachWithin(sel.Focus, sel.Depth, near, func(r *catalog.Resource) []*catalog.Resource { return ends(g.To(r), false) })
	}
	if sel.Direction != Up {
		g.reachWithin(sel.Focus, sel.Depth, near, func(r *catalog.Resource) []*catalog.Resource { return ends(g.From(r), true) })
	}
	return near
}

// ends are the targets (or sources) of es.
func ends(es []*Edge, targets bool) []*catalog.Resource {
	out := make([]*catalog.Resource, len(es))
	for i, e := range es {
		if targets {
			out[i] = e.T.Resource
		} else {
			out[i] = e.F.Resource
		}
	}
	return out
}

// reachWithin marks in near every resource reachable from roots through
// next in at most depth steps (any number when depth <= 0), roots
// included: a breadth-first search.
func (g *Graph) reachWithin(roots []*catalog.Resource, depth int, near []bool, next func(*catalog.Resource) []*catalog.Resource) {
	dist := make([]int32, len(near))
	for i := range dist {
		dist[i] = -1
	}
	var queue []*catalog.Resource
	for _, r := range roots {
		if g.owns(r) && dist[r.Index] < 0 {
			dist[r.Index] = 0
			queue = append(queue, r)
		}
	}
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		near[u.Index] = true
		if depth > 0 && int(dist[u.Index]) >= depth {
			continue
		}
		for _, w := range next(u) {
			if dist[w.Index] < 0 {
				dist[w.Index] = dist[u.Index] + 1
				queue = append(queue, w)
			}
		}
	}
}

// OnCycle reports whether e lies on a dependency cycle: both ends are in
// the same cyclic strongly connected component (within one, every edge
// is on some cycle), or e is a self-loop.
func (s *Subgraph) OnCycle(e *Edge) bool {
	if e == nil {
		return false
	}
	f, t := e.F.Resource.Index, e.T.Resource.Index
	if f == t {
		return true
	}
	return s.comp[f] >= 0 && s.comp[f] == s.comp[t]
}

// InCycle reports whether r is a member of a cyclic strongly connected
// component.
func (s *Subgraph) InCycle(r *catalog.Resource) bool {
	return s.Graph.owns(r) && s.comp[r.Index] >= 0
}

// CycleCount is the number of dependency cycles (strongly connected
// components) with a member among Resources.
func (s *Subgraph) CycleCount() int {
	seen := map[int32]bool{}
	for _, r := range s.Resources {
		if c := s.comp[r.Index]; c >= 0 {
			seen[c] = true
		}
	}
	return len(seen)
}

// StepOf is r's 1-based position in the whole graph's apply order, 0
// when a cycle blocks it (or r is not in the graph).
func (s *Subgraph) StepOf(r *catalog.Resource) int {
	if !s.Graph.owns(r) {
		return 0
	}
	return int(s.step[r.Index])
}

// IsFocus reports whether r is one of the selection's roots.
func (s *Subgraph) IsFocus(r *catalog.Resource) bool {
	for _, f := range s.Focus {
		if f == r {
			return true
		}
	}
	return false
}
