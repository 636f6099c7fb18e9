package graph

import "github.com/catc-dev/catc/internal/catalog"

// Number is r's number in the plan as `catc plan` prints it (Numbers).
// 0 when r is blocked by a cycle, or is not the plan's (as StepOf).
// Cost: constant for a catalog not read from Puppet (its numbers are its
// steps; the language server asks at every hover), else linear in the
// resources.
func (p *Plan) Number(r *catalog.Resource) int {
	if p.Evaluation == nil || p.StepOf(r) == 0 {
		return p.StepOf(r)
	}
	return Numbers(p.Graph.Catalog.Resources, p.StepOf)[r.Index]
}

// Numbers is each resource's number as `catc plan` prints it, by
// declaration index, from stepOf: its 1-based position in the apply
// order, 0 when a cycle blocks it (Plan.StepOf or Subgraph.StepOf). For
// a catalog read from Puppet the classes, defines, nodes and stages are
// no steps of the plan text (it shows where they start and end), so a
// resource's number counts resources only and a container's is that of
// the first resource after its start. Without containers the numbers
// are the steps. Linear in the resources.
func Numbers(res []*catalog.Resource, stepOf func(*catalog.Resource) int) []int {
	byStep := make([]*catalog.Resource, len(res))
	for _, r := range res {
		if s := stepOf(r); s > 0 && s <= len(res) {
			byStep[s-1] = r
		}
	}
	num := make([]int, len(res))
	n := 0
	for _, r := range byStep {
		switch {
		case r == nil:
		case IsContainer(r):
			num[r.Index] = n + 1
		default:
			n++
			num[r.Index] = n
		}
	}
	return num
}
