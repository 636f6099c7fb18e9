package catalog

import (
	"testing"
)

// TestBelowPlainMatch: below()'s match without the regexp engine gives
// the regexp's answer for every name without metacharacters.
func TestBelowPlainMatch(t *testing.T) {
	t.Parallel()
	names := []string{"/", "/m", "/m/n", "/srv/data-1", "/a b", "/é"}
	paths := []string{"/", "/m", "/m/", "/m/x", "/m/n", "/m/n/", "/m/n/f", "/mx/f", "/srv/data-1/x",
		"/srv/data-12/x", "/a b/c", "/é/ü", "//m/x", "/m/\n", "x\n/m/y", "/m/x\n/q"}
	for _, name := range names {
		re, err := belowRegexp(name)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		for _, p := range paths {
			if got, want := belowMatch(re, name, true, p), re.MatchString(p); got != want {
				t.Errorf("below(%q) on %q: %v, the regexp says %v", name, p, got, want)
			}
		}
	}
}
