package plandiff

import "testing"

// TestDiffMatchesTitleOnlyTypes: Puppet knows an exec (and a tidy) by
// its title only, so an exec whose command changes is the same resource,
// changed; a file is matched by its path, whatever its title.
func TestDiffMatchesTitleOnlyTypes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, old, new string
		want           []Action
	}{
		{"exec command changed",
			`resource "exec" "migrate" { command = "/usr/bin/migrate --v1" }`,
			`resource "exec" "migrate" { command = "/usr/bin/migrate --v2" }`,
			[]Action{Change}},
		{"exec retitled",
			`resource "exec" "a" { command = "/bin/true" }`,
			`resource "exec" "b" { command = "/bin/true" }`,
			[]Action{Unmanage, Manage}},
		{"file retitled, same path",
			`resource "file" "conf" { path = "/etc/app.conf" }`,
			`resource "file" "/etc/app.conf" { mode = "0644" }`,
			[]Action{Change}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := Diff(typesSnapshot(t, tc.old), typesSnapshot(t, tc.new))
			var got []Action
			for _, r := range d.Resources {
				got = append(got, r.Action)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("actions %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("actions %v, want %v", got, tc.want)
				}
			}
		})
	}
}
