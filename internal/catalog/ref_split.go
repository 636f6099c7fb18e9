package catalog

import "strings"

// SplitRef splits a reference as a compiled catalog holds it, in its
// edges and relationship metaparameters: the type is what comes before
// the first '[', the title what follows it up to the final ']', neither
// empty. The title is taken as written, quotes included: Puppet's agent
// reads Notify['x'] there as the title 'x' with its quotes, and finds no
// Notify[x] by it.
func SplitRef(s string) (typ, title string, ok bool) {
	open := strings.IndexByte(s, '[')
	if open <= 0 || len(s) < open+3 || s[len(s)-1] != ']' {
		return "", "", false
	}
	return s[:open], s[open+1 : len(s)-1], true
}
