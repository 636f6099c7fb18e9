package graph

import (
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// TestWithinLoopingContainers: containment edges read from a catalog may
// loop and repeat (each class here contains the next twice, the last the
// first); whether a class is among a resource's containers is answered
// at once, not by a walk of every path.
func TestWithinLoopingContainers(t *testing.T) {
	const n = 64
	classes := make([]*catalog.Resource, n)
	for i := range classes {
		classes[i] = &catalog.Resource{Title: "c", External: &catalog.ExternalInfo{Container: true}}
	}
	for i, c := range classes {
		next := classes[(i+1)%n]
		next.External.Containers = append(next.External.Containers, c, c)
	}
	outside := &catalog.Resource{Title: "outside"}
	if within(classes[0], outside) {
		t.Error("a class outside the loop contains its first class")
	}
	if !within(classes[0], classes[n-1]) {
		t.Error("the last class of the loop does not contain the first")
	}
}
