package graph

import "github.com/catc-dev/catc/internal/catalog"

// Number is r's number in the plan as `catc plan` prints it: its step,
// except that for a catalog read from Puppet the classes, defines, nodes
// and stages are no steps (the text shows where they start and end), so
// a resource's number counts resources only and a container's is that of
// the first resource after its start. 0 when r is blocked by a cycle.
// Cost: linear in the steps before r.
func (p *Plan) Number(r *catalog.Resource) int {
	step := p.StepOf(r)
	if step == 0 || p.Evaluation == nil {
		return step
	}
	n := 0
	for _, s := range p.Steps[:step-1] {
		if !IsContainer(s.Resource) {
			n++
		}
	}
	return n + 1
}
