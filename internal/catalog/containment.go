package catalog

// ContainmentDepths is each resource's nesting: 0 for a stage, one more
// than its deepest container for the others (a contain()ed class is
// nested in the class that contains it, not only in its stage): the
// indent of the Puppet plan and the boxes of its picture.
func ContainmentDepths(res []*Resource) []int {
	depth := make([]int, len(res))
	done := make([]bool, len(res))
	var of func(r *Resource, guard int) int
	of = func(r *Resource, guard int) int {
		if done[r.Index] {
			return depth[r.Index]
		}
		d := 0
		if x := r.External; x != nil && guard < len(res) {
			for _, c := range x.Containers {
				d = max(d, of(c, guard+1)+1)
			}
		}
		depth[r.Index], done[r.Index] = d, true
		return d
	}
	for _, r := range res {
		of(r, 0)
	}
	return depth
}
