package plandiff

import "testing"

// TestRemovalEnsureValues: a resource of a core type whose new ensure is
// one Puppet removes it with (absent; false or "false" for a file, which
// the agent munges to absent; purged for a package) is a removal, newly
// declared or changed; service's false (stopped) and package's false are
// not (fixtures/oracle/core/values.jsonl).
func TestRemovalEnsureValues(t *testing.T) {
	cases := []struct {
		typ, old, new string
		remove        bool
	}{
		{"file", `"file"`, `"absent"`, true},
		{"file", `"file"`, `false`, true},
		{"file", `"file"`, `"false"`, true},
		{"package", `"installed"`, `"purged"`, true},
		{"package", `"installed"`, `"absent"`, true},
		{"package", `"absent"`, `"purged"`, false}, // already removed
		{"package", `"installed"`, `false`, false},
		{"service", `"running"`, `false`, false},
		{"user", `"present"`, `"absent"`, true},
	}
	for _, tc := range cases {
		title := "x"
		if tc.typ == "file" {
			title = "/tmp/x"
		}
		decl := func(ensure string) string {
			return "resource \"" + tc.typ + "\" \"" + title + "\" {\n  ensure = " + ensure + "\n}\n"
		}
		changed := Diff(typesSnapshot(t, decl(tc.old)), typesSnapshot(t, decl(tc.new))).Counts()
		added := Diff(typesSnapshot(t, ""), typesSnapshot(t, decl(tc.new))).Counts()
		if got := changed.Remove == 1; got != tc.remove {
			t.Errorf("%s ensure %s -> %s: removal %v, want %v (%+v)", tc.typ, tc.old, tc.new, got, tc.remove, changed)
		}
		if wantAdded := tc.remove || tc.old == `"absent"`; (added.Remove == 1) != wantAdded {
			t.Errorf("%s declared with ensure %s: removal %v, want %v", tc.typ, tc.new, added.Remove == 1, wantAdded)
		}
	}
}
