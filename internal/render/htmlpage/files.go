package htmlpage

import "strings"

// fileTable writes each file name once: nodes refer to it by index, and
// an origin that names it becomes [before, index, after]. At 10,000
// resources the names were half the page's data.
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

// shorten is s, or [before, index, after] when s names a file of the
// table (the longest, as one name may hold another).
func (f *fileTable) shorten(s string) any {
	best, at := -1, -1
	for i, name := range f.names {
		if name == "" || (best >= 0 && len(name) <= len(f.names[best])) {
			continue
		}
		if k := strings.LastIndex(s, name); k >= 0 {
			best, at = i, k
		}
	}
	if best < 0 {
		return s
	}
	return []any{s[:at], best, s[at+len(f.names[best]):]}
}
