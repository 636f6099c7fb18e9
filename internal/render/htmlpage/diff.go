package htmlpage

import (
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/render"
)

// FromDiff is the page of a diff: the new catalog's graph, with the
// resources the new catalog no longer manages added from the old one
// (status Removed) and the edges the diff removed between drawn nodes.
func FromDiff(old, new *plandiff.Snapshot, d *plandiff.PlanDiff, title string) *Page {
	p := &Page{Title: title, Total: len(new.Resources), Diff: true, DataCauses: render.DataCauseLines(d)}
	changes := changeLines(d)
	at := map[string]int{}
	add := func(r plandiff.SnapResource, step int, st Status) {
		at[r.Ref] = len(p.Nodes)
		p.Nodes = append(p.Nodes, Node{Ref: r.Ref, Type: r.Type, File: r.File, Line: r.Line, Step: step, Status: st,
			Changes: changes[r.Ref]})
	}
	status := resourceStatuses(d)
	ordered := make([]bool, len(new.Resources))
	for i, v := range new.Order {
		ordered[v] = true
		add(new.Resources[v], i+1, status[new.Resources[v].Ref])
	}
	for v, r := range new.Resources {
		if !ordered[v] {
			add(r, 0, status[r.Ref])
		}
	}
	for _, r := range old.Resources {
		if c, ok := status[r.Ref]; ok && c == Removed {
			add(r, 0, Removed)
		}
	}
	p.Cycles = snapshotCycles(new, p)
	p.Edges = diffEdges(new, d, at, p.Nodes, p.Cycles)
	p.Groupings = standardGroupings(p.Nodes)
	return p
}

// changeLines maps the refs of the diff's changed resources to their
// lines as the text diff writes them.
func changeLines(d *plandiff.PlanDiff) map[string][]string {
	m := map[string][]string{}
	for _, c := range d.Resources {
		if ls := render.ChangeLines(c, d.Strict); len(ls) > 0 {
			m[c.Ref] = ls
		}
	}
	return m
}

// resourceStatuses maps refs to what the diff does to them; a moved
// resource that does not change otherwise is Moved.
func resourceStatuses(d *plandiff.PlanDiff) map[string]Status {
	m := map[string]Status{}
	for _, m2 := range d.Moves {
		m[m2.Ref] = Moved
	}
	for _, c := range d.Resources {
		if c.Unknown() {
			continue
		}
		m[c.Ref] = [...]Status{plandiff.Manage: Added, plandiff.Change: Changed, plandiff.Unmanage: Removed,
			plandiff.Remove: Absent, plandiff.Fail: Failed}[c.Action]
	}
	return m
}

// snapshotCycles lists the new catalog's cycles by page index (a ref is
// unique in one catalog) and marks their members.
func snapshotCycles(s *plandiff.Snapshot, p *Page) [][]int {
	pos := map[string]int{}
	for i, n := range p.Nodes {
		pos[n.Ref] = i
	}
	var out [][]int
	for _, c := range s.Cycles {
		members := make([]int, len(c))
		for j, v := range c {
			members[j] = pos[s.Resources[v].Ref]
			p.Nodes[members[j]].InCycle = true
		}
		out = append(out, members)
	}
	return out
}

// diffEdges are the new catalog's edges (status from the diff) and the
// removed ones between nodes on the page, by source in page order.
func diffEdges(new *plandiff.Snapshot, d *plandiff.PlanDiff, at map[string]int, nodes []Node, cycles [][]int) []Edge {
	comp := map[int]int{}
	for ci, c := range cycles {
		for _, v := range c {
			comp[v] = ci + 1
		}
	}
	changed := map[[2]string]plandiff.EdgeChange{}
	for _, c := range d.Edges {
		changed[[2]string{c.From, c.To}] = c
	}
	bySource := make([][]Edge, len(nodes))
	put := func(from, to string, k graph.Kind, st Status) {
		f, okF := at[from]
		t, okT := at[to]
		if okF && okT {
			bySource[f] = append(bySource[f], Edge{From: f, To: t, Kinds: k.Names(), Refresh: k.Refresh(), Auto: k.Auto(),
				OnCycle: comp[f] != 0 && comp[f] == comp[t], Status: st})
		}
	}
	for _, e := range new.Edges {
		from, to := new.Resources[e.From].Ref, new.Resources[e.To].Ref
		st := Unchanged
		if c, ok := changed[[2]string{from, to}]; ok {
			st = Changed
			if c.Old == 0 {
				st = Added
			}
		}
		put(from, to, e.Kinds, st)
	}
	for _, c := range d.Edges {
		if c.New == 0 {
			put(c.From, c.To, c.Old, Removed)
		}
	}
	var out []Edge
	for _, es := range bySource {
		out = append(out, es...)
	}
	return out
}
