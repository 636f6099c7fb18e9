package plandiff

import (
	"bytes"
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/graph"
)

// execReplaced is a type of the user's replacing the built-in exec: its
// definition does not say Puppet's exec's "not isomorphic", so its
// resources are matched by their namevar, as any other type's.
const execReplaced = `type "exec" {
  desc = "A site's own exec."
  attribute "command" {
    type      = "String"
    desc      = "What it runs."
    behaviour = "namevar"
  }
}
`

// TestDiffMatchesTitleOnlyTypes: Puppet knows an exec (and a tidy) by
// its title only, as their definitions say, so an exec whose command
// changes is the same resource, changed; a file is matched by its path,
// whatever its title. The same from the plans and from their catalog
// JSON (which carries no definitions: the built-in ones of the names).
func TestDiffMatchesTitleOnlyTypes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, old, new string
		want           []Action
		fromPlansOnly  bool
	}{
		{"exec command changed",
			`resource "exec" "migrate" { command = "/usr/bin/migrate --v1" }`,
			`resource "exec" "migrate" { command = "/usr/bin/migrate --v2" }`,
			[]Action{Change}, false},
		{"exec retitled",
			`resource "exec" "a" { command = "/bin/true" }`,
			`resource "exec" "b" { command = "/bin/true" }`,
			[]Action{Unmanage, Manage}, false},
		{"tidy retitled",
			`resource "tidy" "a" { path = "/tmp/x" }`,
			`resource "tidy" "b" { path = "/tmp/x" }`,
			[]Action{Unmanage, Manage}, false},
		{"file retitled, same path",
			`resource "file" "conf" { path = "/etc/app.conf" }`,
			`resource "file" "/etc/app.conf" { mode = "0644" }`,
			[]Action{Change}, false},
		{"the user's exec retitled, same command",
			execReplaced + `resource "exec" "a" { command = "/bin/true" }`,
			execReplaced + `resource "exec" "b" { command = "/bin/true" }`,
			[]Action{Change}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			old, new := typesSnapshot(t, tc.old), typesSnapshot(t, tc.new)
			if got := actionsOf(Diff(old, new)); !slices.Equal(got, tc.want) {
				t.Errorf("from the plans: actions %v, want %v", got, tc.want)
			}
			if tc.fromPlansOnly {
				return
			}
			old, new = jsonSnapshot(t, tc.old), jsonSnapshot(t, tc.new)
			if got := actionsOf(Diff(old, new)); !slices.Equal(got, tc.want) {
				t.Errorf("from the catalog JSON: actions %v, want %v", got, tc.want)
			}
		})
	}
}

func actionsOf(d *PlanDiff) []Action {
	var out []Action
	for _, r := range d.Resources {
		out = append(out, r.Action)
	}
	return out
}

// jsonSnapshot is src compiled, written as catalog JSON and read back.
func jsonSnapshot(t *testing.T, src string) *Snapshot {
	t.Helper()
	c, diags := catalog.LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, catalog.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	var b bytes.Buffer
	if err := catalogjson.OfGraph(graph.Build(c)).Write(&b); err != nil {
		t.Fatal(err)
	}
	s, err := ReadSnapshot(b.Bytes(), "main.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
