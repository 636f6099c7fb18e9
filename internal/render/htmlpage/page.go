package htmlpage

// Page is what one page shows. Nodes are in apply order (the ones a
// cycle blocks last); edges refer to nodes by index and, per source, are
// in the graph's insertion order.
type Page struct {
	// Title names the page (the command that wrote it); Caption says how
	// the graph was selected ("" when it was not).
	Title, Caption string
	// Total is the number of resources in the whole catalog.
	Total  int
	Nodes  []Node
	Edges  []Edge
	Cycles [][]int
	// Groupings are the ways to group the nodes ("type", "file", and for
	// Puppet catalogs "class"); the page offers each.
	Groupings []Grouping
	// DefaultGroup is the grouping the page opens with ("" for none):
	// "class" for a Puppet catalog.
	DefaultGroup string
	// Diff is set on a diff's page: nodes and edges carry a Status.
	Diff bool
	// DataCauses are a diff's data keys behind its changed class
	// parameters, in the text diff's words (render.DataCauseLines).
	DataCauses []string
}

// Node is one resource.
type Node struct {
	Ref, Type, File string
	Line, Step      int // Step 0: blocked by a cycle
	InCycle, Focus  bool
	Status          Status
	// Changes are a diff's lines under a changed resource, in the text
	// diff's words (render.ChangeLines): each value old → new, and where
	// a class parameter's value came from.
	Changes []string
}

// Edge is one edge, From applied before To.
type Edge struct {
	From, To int
	Kinds    []string
	// Refresh: it carries events; Auto: only a type's auto rule made it.
	Refresh, Auto, OnCycle bool
	// Origins say where each kind was written (graph.Origin's String).
	Origins []string
	Status  Status
}

// Grouping is one way to group the nodes: Names[Of[i]] is node i's group.
type Grouping struct {
	Key   string   `json:"key"`
	Names []string `json:"names"`
	Of    []int    `json:"of"`
}

// Status is what a diff does to a node or an edge.
type Status string

// The statuses. Removed: no longer in the catalog (Puppet leaves it on
// the node); Absent: ensure goes to absent (Puppet removes it from the
// node); Failed: an init_only change fails it.
const (
	Unchanged Status = ""
	Added     Status = "added"
	Changed   Status = "changed"
	Removed   Status = "removed"
	Absent    Status = "absent"
	Failed    Status = "failed"
	Moved     Status = "moved"
)

// groupBy makes the grouping key of nodes by name(i), names in order of
// first appearance.
func groupBy(key string, n int, name func(i int) string) Grouping {
	g := Grouping{Key: key, Names: []string{}, Of: make([]int, n)}
	index := map[string]int{}
	for i := range n {
		s := name(i)
		k, ok := index[s]
		if !ok {
			k = len(g.Names)
			index[s] = k
			g.Names = append(g.Names, s)
		}
		g.Of[i] = k
	}
	return g
}

// standardGroupings groups by type and by file.
func standardGroupings(nodes []Node) []Grouping {
	return []Grouping{
		groupBy("type", len(nodes), func(i int) string { return nodes[i].Type }),
		groupBy("file", len(nodes), func(i int) string { return nodes[i].File }),
	}
}
