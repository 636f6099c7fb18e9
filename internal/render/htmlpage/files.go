package htmlpage

import "strings"

// fileTable writes each file name once: nodes refer to it by index, and
// an origin is written as parts that refer to it. At 10,000 resources
// the names were half the page's data.
type fileTable struct {
	names []string
	at    map[string]int
}

func newFileTable() *fileTable { return &fileTable{names: []string{}, at: map[string]int{}} }

func (f *fileTable) index(name string) int {
	i, ok := f.at[name]
	if !ok {
		i = len(f.names)
		f.at[name] = i
		f.names = append(f.names, name)
	}
	return i
}

// shorten is an origin as the page reads it: s itself, or when s names
// a file of the table (the longest, as one name may hold another) or
// the edge's from or to ref, a list of parts: text, a file's index, -1
// for from's ref, -2 for to's. "require on File[x] at a.hcl:3" of an
// edge into File[x] is ["require on ", -2, " at ", 0, ":3"].
func (f *fileTable) shorten(s, from, to string) any {
	var parts []any
	for rest := s; rest != ""; {
		at, n, part := f.first(rest, from, to)
		if at < 0 {
			parts = append(parts, rest)
			break
		}
		if at > 0 {
			parts = append(parts, rest[:at])
		}
		parts = append(parts, part)
		rest = rest[at+n:]
	}
	if len(parts) == 1 {
		return s
	}
	return parts
}

// first finds the earliest name in s (the longest there), its length
// and its part.
func (f *fileTable) first(s, from, to string) (at, n int, part any) {
	at = -1
	try := func(name string, p any) {
		if name == "" {
			return
		}
		if k := strings.Index(s, name); k >= 0 && (at < 0 || k < at || k == at && len(name) > n) {
			at, n, part = k, len(name), p
		}
	}
	try(from, -1)
	try(to, -2)
	for i, name := range f.names {
		try(name, i)
	}
	return at, n, part
}
