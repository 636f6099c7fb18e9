package fleet

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/types"
)

// A plan's key tells plans apart as a reader of `plan --nodes` does: two
// nodes share a group only when their plans show the same steps in the
// same order, each resource with the same values (a class's parameters
// included), waiting for the same resources by the same kinds of edges
// and refreshed by the same ones; up to each node's identity (its names
// and addresses, see identity), as titles are.

// planParts are the parts of p that its key reads, in order: each step's
// ref, its values, what it waits for and what refreshes it, each part
// starting with a letter that says what it is, so that no two plans give
// the same parts.
func planParts(p *graph.Plan) []string {
	parts := make([]string, 0, 3*len(p.Steps))
	for _, s := range p.Steps {
		r := s.Resource
		parts = append(parts, "s"+r.Ref())
		if r.Attributes != nil {
			parts = append(parts, "v"+string(types.EncodeJSON(r.Attributes)))
		}
		for _, e := range s.WaitsFor {
			parts = append(parts, "w"+strconv.Itoa(int(e.Kinds))+" "+e.F.Resource.Ref())
		}
		for _, rf := range s.RefreshedBy {
			parts = append(parts, "r"+rf.Resource.Ref())
		}
		if s.MoreRefreshers > 0 {
			parts = append(parts, "m"+strconv.Itoa(s.MoreRefreshers))
		}
	}
	return parts
}

// partsKey is the key of a plan's parts, each with a class's sentinels
// replaced by the node's values (s; nil: none), then the node's identity
// (id; nil: as they are).
func partsKey(parts []string, id *identity, s *sentinels) string {
	h := sha256.New()
	for _, p := range parts {
		if s != nil {
			p = s.replace(p)
		}
		io.WriteString(h, id.replace(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
