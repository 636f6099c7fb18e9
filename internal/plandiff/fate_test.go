package plandiff

import "testing"

// TestFateOf: every action has its words, and a skipped change is
// skipped whatever its action (a fate of its own, not an action past
// the last).
func TestFateOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c    ResourceChange
		want string
	}{
		{ResourceChange{Action: Manage}, "newly managed"},
		{ResourceChange{Action: Change}, "changed"},
		{ResourceChange{Action: Unmanage}, "no longer managed"},
		{ResourceChange{Action: Remove}, "removed from the node"},
		{ResourceChange{Action: Fail}, "failing"},
		{ResourceChange{Action: Change, Skipped: true}, "skipped"},
		{ResourceChange{Action: Manage, Skipped: true}, "skipped"},
	} {
		if got := tc.c.Fate().String(); got != tc.want {
			t.Errorf("%v (skipped %v): %q, want %q", tc.c.Action, tc.c.Skipped, got, tc.want)
		}
	}
}
