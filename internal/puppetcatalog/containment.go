package puppetcatalog

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// summaryContainmentLoop is the summary of a catalog whose containment
// edges loop through a resource that is no container.
const summaryContainmentLoop = "Containment loop"

// containmentLoops reports each loop in the chain of first containers:
// Puppet's agent names a resource by the path of its containers, each
// the source of the first edge (in "edges" order) that contains it, and
// when that chain comes back to a resource holding no container (a
// class or define) the run dies ("stack level too deep") before it
// ends. A loop of containers only is a dependency cycle instead, which
// the graph reports as Puppet does. m is the model built from pc, pos
// its keptPositions.
func containmentLoops(pc *Catalog, m *catalog.Catalog, pos []int) hcl.Diagnostics {
	first := firstContainers(pc, pos, len(m.Resources))
	if first == nil {
		return nil
	}
	var diags hcl.Diagnostics
	state := make([]uint8, len(first)) // 0 not seen, 1 on the walk, 2 done
	var walk []int
	for start := range first {
		walk = walk[:0]
		v := start
		for v >= 0 && state[v] == 0 {
			state[v] = 1
			walk = append(walk, v)
			v = first[v].container
		}
		if v >= 0 && state[v] == 1 {
			if d := loopError(pc, m, first, loopFrom(walk, v)); d != nil {
				diags = append(diags, d)
			}
		}
		for _, w := range walk {
			state[w] = 2
		}
	}
	return diags
}

// LeftOut reports whether the model leaves r out: an exported resource
// of a catalog read from PuppetDB. PuppetDB stores the catalog before the
// compiler removes the exported (virtual) resources, which the agent
// never gets; a catalog the agent gets holds an exported resource only
// when the node collected its own export, and the agent applies every
// resource it gets, whatever "exported" says (Puppet 7.23, fixtures/
// oracle/catalogs/ntp_exported).
func (pc *Catalog) LeftOut(r *Resource) bool {
	return r.Exported && pc.Source != SourcePuppet
}

// keptPositions maps each resource of pc to its place in the model, -1
// for one left out (LeftOut), in order. model and containmentLoops share
// it.
func keptPositions(pc *Catalog) []int {
	pos := make([]int, len(pc.Resources))
	n := 0
	for i, r := range pc.Resources {
		pos[i] = -1
		if !pc.LeftOut(r) {
			pos[i], n = n, n+1
		}
	}
	return pos
}

// containedBy is the first container of a resource of the model (-1 for
// none) and the edge in pc that puts it there.
type containedBy struct{ container, edge int }

// firstContainers is, for each resource of the model, its first
// container; nil when the model lacks a resource pc keeps (it failed to
// build, and that error is reported).
func firstContainers(pc *Catalog, pos []int, n int) []containedBy {
	kept := 0
	for _, p := range pos {
		if p >= 0 {
			kept++
		}
	}
	if kept != n {
		return nil
	}
	first := make([]containedBy, n)
	for i := range first {
		first[i].container = -1
	}
	for i, e := range pc.Edges {
		s, t := pos[e.Source], pos[e.Target]
		if s >= 0 && t >= 0 && first[t].container < 0 {
			first[t] = containedBy{container: s, edge: i}
		}
	}
	return first
}

// loopFrom is the part of walk from v on: the loop, in chain order.
func loopFrom(walk []int, v int) []int {
	for i, w := range walk {
		if w == v {
			return walk[i:]
		}
	}
	return nil
}

// loopError is the error for a loop that holds a resource which is no
// container, at the edge that puts its first such resource in the next;
// nil for a loop of containers.
func loopError(pc *Catalog, m *catalog.Catalog, first []containedBy, loop []int) *hcl.Diagnostic {
	at := -1
	for i, v := range loop {
		if x := m.Resources[v].External; x != nil && !x.Container {
			at = i
			break
		}
	}
	if at < 0 {
		return nil
	}
	loop = append(loop[at:len(loop):len(loop)], loop[:at]...)
	var b strings.Builder
	b.WriteString(m.Resources[loop[0]].Ref())
	for i, v := range append(loop[1:len(loop):len(loop)], loop[0]) {
		if i > 0 {
			b.WriteString(", which")
		}
		b.WriteString(" is in " + m.Resources[v].Ref())
	}
	head := m.Resources[loop[0]].Ref()
	rng := pc.Range(pc.Edges[first[loop[0]].edge].Offset)
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summaryContainmentLoop,
		Detail: fmt.Sprintf("%s: the catalog's containment edges loop (the first edge that contains each resource counts, as for Puppet's agent). Puppet's agent names %s by the path of its containers, and this one never ends: the run fails (\"stack level too deep\"). Fix \"edges\": each resource is in the class or define that declared it, and none is in itself.",
			b.String(), head),
		Subject: &rng,
	}
}
