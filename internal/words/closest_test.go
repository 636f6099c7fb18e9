package words

import "testing"

// TestClosest: a name within two edits of a candidate gets it, the
// closest one winning and a tie going to the earlier; anything further off
// gets no suggestion.
func TestClosest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		given      string
		candidates []string
		want       string
	}{
		{"ensrue", []string{"ensure", "name"}, "ensure"},       // a swap is two edits
		{"pakage", []string{"package", "packages"}, "package"}, // the closest wins
		{"fo", []string{"foo", "fox"}, "foo"},                  // a tie goes to the earlier
		{"fo", []string{"fox", "foo"}, "fox"},                  // whichever it is
		{"ensure", []string{"ensure"}, "ensure"},               // an exact name is its own suggestion
		{"abc", []string{"xyz", "abcdef"}, ""},                 // three edits is too far
		{"", []string{"ab", "abc"}, "ab"},                      // lengths count as edits
		{"Ensure", []string{"ensure"}, "ensure"},               // case is an edit, not ignored
		{"café", []string{"cafe"}, "cafe"},                     // bytes, so é is two edits
		{"x", nil, ""},                                         // no candidates
		{"resource", []string{"resources", "resource_s"}, "resources"},
	} {
		if got := Closest(c.given, c.candidates); got != c.want {
			t.Errorf("Closest(%q, %q) = %q, want %q", c.given, c.candidates, got, c.want)
		}
	}
}

// TestDidYouMean: the sentence names the closest candidate, quoted as Go
// quotes it, or is empty.
func TestDidYouMean(t *testing.T) {
	t.Parallel()
	if got, want := DidYouMean("ensrue", []string{"ensure"}), ` Did you mean "ensure"?`; got != want {
		t.Errorf("DidYouMean = %q, want %q", got, want)
	}
	if got := DidYouMean("abc", []string{"xyz"}); got != "" {
		t.Errorf("DidYouMean with nothing close = %q, want none", got)
	}
}
