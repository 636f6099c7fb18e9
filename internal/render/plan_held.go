package render

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/graph"
)

// stepsBelow are the plan's step numbers held below one resource, at any
// depth, each once, with the first and the last. Most resources hold one
// step, their own, or none: one keeps it, and the map is made for a
// second (a map for each of 100,000 resources was a third of a class
// site's plan text).
type stepsBelow struct {
	in          map[int]struct{}
	one         int // the step while there is one and no map; 0 for none
	first, last int
}

// size is how many steps s holds.
func (s *stepsBelow) size() int {
	switch {
	case s.in != nil:
		return len(s.in)
	case s.one > 0:
		return 1
	}
	return 0
}

func (s *stepsBelow) add(num int) {
	if s.size() == 0 || num < s.first {
		s.first = num
	}
	if s.size() == 0 || num > s.last {
		s.last = num
	}
	switch {
	case s.in != nil:
		s.in[num] = struct{}{}
	case s.one == 0 || s.one == num:
		s.one = num
	default:
		s.in = map[int]struct{}{s.one: {}, num: {}}
		s.one = 0
	}
}

// merge adds o's steps to s.
func (s *stepsBelow) merge(o *stepsBelow) {
	if o.in == nil {
		if o.one > 0 {
			s.add(o.one)
		}
		return
	}
	if s.size() == 0 {
		s.first, s.last = o.first, o.last
	}
	s.first, s.last = min(s.first, o.first), max(s.last, o.last)
	if s.in == nil {
		s.in = make(map[int]struct{}, len(o.in)+1)
		if s.one > 0 {
			s.in[s.one] = struct{}{}
			s.one = 0
		}
	}
	for n := range o.in {
		s.in[n] = struct{}{}
	}
}

// heldSpans is, for each container, the first and the last step inside
// it and how many steps it holds, each counted once at any depth: a
// contain()ed class is in its stage and in the class that contains it, so
// a step is reached by several paths. num gives each resource's step (0
// for none). The steps are gathered from each resource's contents,
// contents first, and handed up: moved into the last container that takes
// them (the smaller set merged into the larger) and copied for the
// others. A tree of containers costs its size however deep it is, where
// walking up from every step cost steps × depth (16,000 nested classes:
// 42 s). A containment loop (refused when the catalog is read) is cut
// where it closes.
func heldSpans(res []*catalog.Resource, num []int) map[*catalog.Resource][3]int {
	uses := make([]int, len(res)) // containers that have yet to take each resource's steps
	for _, r := range res {
		if r.External != nil {
			for _, c := range r.External.Contents {
				uses[c.Index]++
			}
		}
	}
	sets := make([]*stepsBelow, len(res))
	state := make([]uint8, len(res)) // 0 not seen, 1 being gathered, 2 done
	held := make(map[*catalog.Resource][3]int)
	var gather func(r *catalog.Resource)
	gather = func(r *catalog.Resource) {
		state[r.Index] = 1
		set := &stepsBelow{}
		if n := num[r.Index]; n > 0 {
			set.add(n)
		}
		if r.External != nil {
			for _, c := range r.External.Contents {
				switch state[c.Index] {
				case 1:
					continue
				case 0:
					gather(c)
				}
				cs := sets[c.Index]
				if uses[c.Index]--; uses[c.Index] == 0 {
					sets[c.Index] = nil // the last container to take it: moved
					if cs.size() > set.size() {
						set, cs = cs, set
					}
				}
				set.merge(cs)
			}
		}
		sets[r.Index] = set
		if graph.IsContainer(r) {
			held[r] = [3]int{set.first, set.last, set.size()}
		}
		state[r.Index] = 2
	}
	for _, r := range res {
		if state[r.Index] == 0 {
			gather(r)
		}
	}
	return held
}
