package graph

// Expanded is the graph the plan ordered a catalog with containers in
// (Expand: each container a pair of whits), for the questions asked of
// it afterwards (Chain); nil for an HCL catalog. It is the plan's own:
// expanding again would cost as much as the order did.
func (p *Plan) Expanded() *Expanded { return p.expanded }
