package catalog

import (
	"slices"
	"testing"
)

// TestAppendTitleTag: a title that is a valid tag is appended in lower
// case, a qualified one also by its segments (Puppet's tag_if_valid); any
// other title adds nothing; the tags before it are kept.
func TestAppendTitleTag(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		title string
		want  []string
	}{
		{"Web", []string{"file", "web"}},
		{"Profile::Web", []string{"file", "profile::web", "profile", "web"}},
		{"/etc/motd", []string{"file"}},
		{"", []string{"file"}},
		{"two words", []string{"file"}},
	} {
		if got := AppendTitleTag([]string{"file"}, c.title); !slices.Equal(got, c.want) {
			t.Errorf("AppendTitleTag(%q) = %q, want %q", c.title, got, c.want)
		}
	}
	if got, want := TagsOf("A::B", "c"), []string{"a::b", "a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("TagsOf = %q, want %q", got, want)
	}
}
