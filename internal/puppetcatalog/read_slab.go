package puppetcatalog

// slab hands out small slices carved from shared chunks: a catalog has
// thousands of resources, each with a few parameters, tags and array
// values, and one allocation per list (plus the growth of each append)
// was most of the reading's allocations. A chunk lives as long as any
// list in it, which is as long as the catalog.
type slab[T any] struct {
	free []T
	// next is the size of the next chunk: it doubles from slabFirst up to
	// slabMax, so a tiny catalog does not pay for a big chunk.
	next int
}

const (
	slabFirst = 16
	slabMax   = 4096
)

// take returns n zeroed elements whose capacity is n (an append to the
// list cannot run over the next one); nil for n == 0.
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return nil
	}
	if n > len(s.free) {
		s.next = min(max(2*s.next, slabFirst), slabMax)
		s.free = make([]T, max(n, s.next))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// copyOf is take(len(list)) holding a copy of list.
func (s *slab[T]) copyOf(list []T) []T {
	out := s.take(len(list))
	copy(out, list)
	return out
}
