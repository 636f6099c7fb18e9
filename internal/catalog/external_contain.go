package catalog

// linkContents records that r (at position pos of the list given to
// FromExternal) contains the resources at positions contents, each once:
// a catalog may repeat a containment edge, and Puppet's agent keeps one
// (it reads a container's contents as a set of resources). seen[p] is
// pos+1 once p is linked to r, so a repeat costs no search however many
// there are.
func linkContents(r *Resource, pos int, contents []int, byPos []*Resource, seen []int32) {
	for _, p := range contents {
		if p < 0 || p >= len(byPos) || byPos[p] == nil || seen[p] == int32(pos+1) {
			continue
		}
		seen[p] = int32(pos + 1)
		r.External.Contents = append(r.External.Contents, byPos[p])
		byPos[p].External.Containers = append(byPos[p].External.Containers, r)
	}
}
