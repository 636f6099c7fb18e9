package catalog

// This file exports, for the graph stage's command-line lookups
// (`catc why FROM TO`), helpers that the loader already has.

// ParseRef reads a reference in Puppet's form `Type[title]`,
// `Type['title']` or `Type["title"]`. The type is returned as written;
// Lookup is case-insensitive in it.
func ParseRef(s string) (typ, title string, ok bool) { return parseRefString(s) }

// NameSuggestion returns the candidate closest to given when it is close
// enough to be a likely typo, or "".
func NameSuggestion(given string, candidates []string) string {
	return nameSuggestion(given, candidates)
}
