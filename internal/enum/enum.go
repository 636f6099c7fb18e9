package enum

import "strings"

// Integer is the underlying type of an enum.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Name is names[e], or "unknown" when e has no name.
func Name[E Integer](names []string, e E) string {
	if e < 0 || uint64(e) >= uint64(len(names)) {
		return "unknown"
	}
	return names[e]
}

// Parse reads a name back: the value whose name is s exactly.
func Parse[E Integer](names []string, s string) (E, bool) {
	for i, n := range names {
		if n == s {
			return E(i), true
		}
	}
	return 0, false
}

// ParseFold is Parse ignoring case.
func ParseFold[E Integer](names []string, s string) (E, bool) {
	for i, n := range names {
		if strings.EqualFold(n, s) {
			return E(i), true
		}
	}
	return 0, false
}

// Index maps each name to its value, for lookups in a hot loop.
func Index[E Integer](names []string) map[string]E {
	m := make(map[string]E, len(names))
	for i, n := range names {
		m[n] = E(i)
	}
	return m
}
