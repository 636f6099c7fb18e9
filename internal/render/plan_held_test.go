package render

import (
	"math/rand/v2"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// heldByWalk is what heldSpans must say, found the plain way: from every
// step, up through every container once.
func heldByWalk(res []*catalog.Resource, num []int) map[*catalog.Resource][3]int {
	held := map[*catalog.Resource][3]int{}
	for _, r := range res {
		if num[r.Index] == 0 {
			continue
		}
		seen := map[*catalog.Resource]bool{}
		stack := []*catalog.Resource{r}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, c := range x.External.Containers {
				if seen[c] {
					continue
				}
				seen[c] = true
				span, ok := held[c]
				if !ok || num[r.Index] < span[0] {
					span[0] = num[r.Index]
				}
				span[1] = max(span[1], num[r.Index])
				span[2]++
				held[c] = span
				stack = append(stack, c)
			}
		}
	}
	return held
}

// randomContainment is n resources, the first containers of them
// containers, each other resource in one container before it and, now and
// then, in a second one too (a contain()ed class), as a Puppet catalog's
// containment is; steps numbered in a shuffled order.
func randomContainment(rnd *rand.Rand, n, containers int) ([]*catalog.Resource, []int) {
	res := make([]*catalog.Resource, n)
	for i := range res {
		res[i] = &catalog.Resource{Index: i, External: &catalog.ExternalInfo{Container: i < containers}}
	}
	contain := func(c, r *catalog.Resource) {
		c.External.Contents = append(c.External.Contents, r)
		r.External.Containers = append(r.External.Containers, c)
	}
	for i := 1; i < n; i++ {
		first := rnd.IntN(min(i, containers))
		contain(res[first], res[i])
		if second := rnd.IntN(min(i, containers)); second != first && rnd.IntN(4) == 0 {
			contain(res[second], res[i])
		}
	}
	num := make([]int, n)
	for k, i := range rnd.Perm(n - containers) {
		num[containers+i] = k + 1
	}
	return res, num
}

// TestHeldSpans: every container's first and last step and its count of
// distinct steps agree with the walk up from every step, on containment
// trees and on shapes where a class is held by two containers.
func TestHeldSpans(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(7, 21))
	for round := range 300 {
		n := 2 + rnd.IntN(60)
		res, num := randomContainment(rnd, n, 1+rnd.IntN(n-1))
		got, want := heldSpans(res, num), heldByWalk(res, num)
		for _, r := range res {
			if !r.External.Container {
				continue
			}
			if got[r] != want[r] {
				t.Fatalf("round %d, container %d of %d: held %v, the walk says %v", round, r.Index, n, got[r], want[r])
			}
		}
	}
}
