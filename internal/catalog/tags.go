package catalog

import (
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// Puppet's automatic tags, as its compiler gives them to what it
// declares (the HCL compiler of classes tags its resources with them;
// a Puppet catalog carries its own).

// TagsOf are names as Puppet tags them: in lower case, a qualified name
// also by each of its segments.
func TagsOf(names ...string) []string { return appendTags(nil, names...) }

// appendTags appends names' tags (TagsOf) to out.
func appendTags(out []string, names ...string) []string {
	for _, n := range names {
		n = strings.ToLower(n)
		out = append(out, n)
		if strings.Contains(n, "::") {
			out = append(out, strings.Split(n, "::")...)
		}
	}
	return out
}

// AppendTitleTag adds a title as tags when it is a valid tag (Puppet's
// tag_if_valid).
func AppendTitleTag(out []string, title string) []string {
	if t := strings.ToLower(title); ValidTag(t) {
		return appendTags(out, t)
	}
	return out
}

// TagValues are the tags a tag parameter's value gives: each string of
// it (a list flattened), as TagsOf tags it.
func TagValues(v types.Value) []string { return TagsOf(appendTitles(nil, v)...) }
