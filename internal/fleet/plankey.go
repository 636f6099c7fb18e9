package fleet

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/types"
)

// A plan's key tells plans apart as a reader of `plan --nodes` does: two
// nodes share a group only when their plans show the same steps in the
// same order, each resource with the same values (a class's parameters
// included), waiting for the same resources by the same kinds of edges
// and refreshed by the same ones; up to each node's identity (its names
// and addresses, see identity), as titles are.
//
// The key is the XOR of one digest per part, each digest of the part
// with its place: a class of nodes compiled once (planShape) keeps the
// XOR of its parts that hold no sentinel, so a node's key costs the
// parts its own values go into, not the whole plan again (a fleet of
// 10,000 nodes of one plan each holding the node's fqdn in a tenth of
// its values). Whichever way a key is made, the same parts give the
// same key.

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
	return append(parts, originParts(p)...)
}

// originParts are where the plan says each class and define parameter's
// value came from: two nodes with equal values from different data files
// show different plans.
func originParts(p *graph.Plan) []string {
	var parts []string
	for _, r := range p.Graph.Catalog.Resources {
		for _, o := range r.ParamOrigins() {
			part := "o" + r.Ref() + " " + o.Param + " " + o.Kind + " " + o.Via + " " + o.In + " " + o.Range.String()
			for _, d := range o.Data {
				part += " " + d.File + ":" + strconv.Itoa(d.Line) + " " + d.Level
			}
			parts = append(parts, part)
		}
	}
	return parts
}

// partKey is the digest of part i of a plan.
type partKey [sha256.Size]byte

func digestPart(i int, part string) partKey {
	h := sha256.New()
	h.Write([]byte(strconv.Itoa(i)))
	h.Write([]byte{0})
	h.Write([]byte(part))
	var k partKey
	h.Sum(k[:0])
	return k
}

func (k *partKey) xor(o partKey) {
	for i := range k {
		k[i] ^= o[i]
	}
}

// planKeyOf is a plan's key from the XOR of its n parts' digests.
func planKeyOf(n int, x partKey) string { return strconv.Itoa(n) + ":" + hex.EncodeToString(x[:]) }

// partsKey is the key of a plan's parts, each with a class's sentinels
// replaced by the node's values (s; nil: none), then the node's identity
// (id; nil: as they are).
func partsKey(parts []string, id *identity, s *sentinels) string {
	var x partKey
	for i, p := range parts {
		if s != nil {
			p = s.replace(p)
		}
		x.xor(digestPart(i, id.replace(p)))
	}
	return planKeyOf(len(parts), x)
}

// shapeKeys are what a planShape keeps to make its nodes' keys: the
// parts that hold a sentinel (holes), the XOR of the others' digests, and
// the key of the parts as they are (plain).
type shapeKeys struct {
	holes []int
	rest  partKey
	plain string
}

func newShapeKeys(parts []string, token string) shapeKeys {
	var k shapeKeys
	var all partKey
	for i, p := range parts {
		d := digestPart(i, p)
		all.xor(d)
		if token != "" && strings.Contains(p, token) {
			k.holes = append(k.holes, i)
			continue
		}
		k.rest.xor(d)
	}
	k.plain = planKeyOf(len(parts), all)
	return k
}

// gramSet is a filter of the 3-byte substrings of a text: mayHold is
// false when a string cannot be in the text (one of its 3-byte
// substrings is not), true when it may be. A bit per hashed substring.
type gramSet [1 << 16 / 64]uint64

func newGramSet(text string) *gramSet {
	g := &gramSet{}
	for i := 0; i+3 <= len(text); i++ {
		h := gramHash(text[i], text[i+1], text[i+2])
		g[h/64] |= 1 << (h % 64)
	}
	return g
}

func gramHash(a, b, c byte) uint32 {
	return (uint32(a)<<16 | uint32(b)<<8 | uint32(c)) * 2654435761 >> 16
}

func (g *gramSet) mayHold(s string) bool {
	if len(s) < 3 {
		return true
	}
	for i := 0; i+3 <= len(s); i++ {
		h := gramHash(s[i], s[i+1], s[i+2])
		if g[h/64]&(1<<(h%64)) == 0 {
			return false
		}
	}
	return true
}
