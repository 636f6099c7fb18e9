package catalog

import (
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// externalRoom is where FromExternal builds its resources: the resources,
// their ExternalInfo and their attribute ranges each come from one
// allocation for the whole catalog rather than one per resource, and one
// raw declaration with its arguments is reused for every resource's
// checks (nothing keeps it once the resource is built). A large catalog
// has hundreds of thousands of resources: their allocations were a third
// of the time of a read.
type externalRoom struct {
	resources []Resource
	infos     []ExternalInfo
	ranges    []AttrRange
	raw       RawResource
	args      []*RawArg
	argSlab   []RawArg
	// keys and values are the hashes' room, taken in chunks as the
	// resources are built (their sizes are known only then); hashes are
	// three for each resource.
	keys   []string
	values []types.Value
	hashes [][3]types.Hash
	// strs is where the resources' strings come from.
	strs *stringRoom
	// refs is the raw declaration's references (reused); pending and
	// relations are the resources' references until resolved, and
	// resolved.
	refs      []RawRef
	pending   []PendingRef
	relations []Relation
}

// refChunk is how many references the room takes at a time.
const refChunk = 1024

// take is n elements' room cut from block (capped, so that appending
// past it copies), refilled refChunk at a time; nil for none.
func take[T any](block *[]T, n int) []T {
	if n == 0 {
		return nil
	}
	if len(*block) < n {
		*block = make([]T, max(n, refChunk))
	}
	s := (*block)[:0:n]
	*block = (*block)[n:]
	return s
}

// hashChunk is how many keys or values the hashes' room takes at a time.
const hashChunk = 4096

// hashRoom is room for the hashes of one resource (newHashes): nk keys,
// nv values and three hashes, from a nil room newly allocated.
func (x *externalRoom) hashRoom(nk, nv int) ([]string, []types.Value, *[3]types.Hash) {
	if x == nil {
		return make([]string, nk), make([]types.Value, nv), new([3]types.Hash)
	}
	if len(x.keys) < nk {
		x.keys = make([]string, max(nk, hashChunk))
	}
	if len(x.values) < nv {
		x.values = make([]types.Value, max(nv, hashChunk))
	}
	keys, values, hashes := x.keys[:nk:nk], x.values[:nv:nv], &x.hashes[0]
	x.keys, x.values, x.hashes = x.keys[nk:], x.values[nv:], x.hashes[1:]
	return keys, values, hashes
}

func newExternalRoom(ext []External) *externalRoom {
	params := 0
	for i := range ext {
		params += len(ext[i].Params)
	}
	return &externalRoom{
		resources: make([]Resource, len(ext)),
		infos:     make([]ExternalInfo, len(ext)),
		ranges:    make([]AttrRange, params),
		hashes:    make([][3]types.Hash, len(ext)),
		strs:      &stringRoom{},
	}
}

// strRoom is the room's strings; a nil room (a load's) has none.
func (x *externalRoom) strRoom() *stringRoom {
	if x == nil {
		return nil
	}
	return x.strs
}

// next is the room of the next resource, with space for the ranges of
// params attributes. The space is capped: a resource that records more
// copies its ranges rather than overwrite the next one's.
func (x *externalRoom) next(params int) (*Resource, *ExternalInfo) {
	r, info := &x.resources[0], &x.infos[0]
	x.resources, x.infos = x.resources[1:], x.infos[1:]
	r.attrRanges = x.ranges[:0:params]
	x.ranges = x.ranges[params:]
	return r, info
}

// rawArgs is room for n arguments of the raw declaration, reused from
// the previous resource.
func (x *externalRoom) rawArgs(n int) ([]RawArg, []*RawArg) {
	if cap(x.argSlab) < n {
		x.argSlab = make([]RawArg, n)
		x.args = make([]*RawArg, 0, n)
	}
	return x.argSlab[:n], x.args[:0]
}

// stringRoom cuts the strings FromExternal makes for every resource (its
// ref, its table key, the text of its references) from shared blocks:
// one allocation per block, not per string. A Builder only appends, so
// the bytes of a string cut from it never change.
type stringRoom struct{ b strings.Builder }

// stringBlock is the size of a block.
const stringBlock = 32 << 10

// room makes room for n more bytes.
func (s *stringRoom) room(n int) {
	if s.b.Cap()-s.b.Len() < n {
		s.b = strings.Builder{}
		s.b.Grow(max(n, stringBlock))
	}
}

// join is the concatenation of parts; from a nil room, a new string.
func (s *stringRoom) join(parts ...string) string {
	if s == nil {
		return strings.Join(parts, "")
	}
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	s.room(n)
	start := s.b.Len()
	for _, p := range parts {
		s.b.WriteString(p)
	}
	return s.b.String()[start:]
}

// bytes is string(b); from a nil room, a new string.
func (s *stringRoom) bytes(b []byte) string {
	if s == nil {
		return string(b)
	}
	s.room(len(b))
	start := s.b.Len()
	s.b.Write(b)
	return s.b.String()[start:]
}
