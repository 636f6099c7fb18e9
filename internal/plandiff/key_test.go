package plandiff

import (
	"bytes"
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
)

// execReplaced is a type of the user's replacing the built-in exec: its
// resources are still matched by title, as the built-in exec's, so that
// a plan and its catalog JSON (which carries no definitions) agree.
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
// its title only, as the built-in definitions say, so an exec whose command
// changes is the same resource, changed; a file is matched by its path,
// whatever its title. The same from the plans and from their catalog
// JSON (which carries no definitions: the built-in ones of the names).
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
		{"tidy retitled",
			`resource "tidy" "a" { path = "/tmp/x" }`,
			`resource "tidy" "b" { path = "/tmp/x" }`,
			[]Action{Unmanage, Manage}},
		{"file retitled, same path",
			`resource "file" "conf" { path = "/etc/app.conf" }`,
			`resource "file" "/etc/app.conf" { mode = "0644" }`,
			[]Action{Change}},
		{"the user's exec retitled, same command",
			execReplaced + `resource "exec" "a" { command = "/bin/true" }`,
			execReplaced + `resource "exec" "b" { command = "/bin/true" }`,
			[]Action{Unmanage, Manage}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			old, new := typesSnapshot(t, tc.old), typesSnapshot(t, tc.new)
			if got := actionsOf(Diff(old, new)); !slices.Equal(got, tc.want) {
				t.Errorf("from the plans: actions %v, want %v", got, tc.want)
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
	c, diags := compiler.LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, compiler.LoadOptions{})
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

// TestDiffPlanAgainstItsJSON: a catalog compared with its own catalog
// JSON (catc diff OLD.json NEW_DIR) has no change, whatever its types:
// the JSON carries no type's "not isomorphic", so a resource is keyed by
// its type's name on both sides. A type of the user's replacing exec was
// keyed by its namevar from the plan and by its title from the JSON: the
// exec came out removed and added.
func TestDiffPlanAgainstItsJSON(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"built-in exec":     `resource "exec" "run it" { command = "/bin/true" }`,
		"the user's exec":   execReplaced + `resource "exec" "run it" { command = "/bin/true" }`,
		"file titled apart": `resource "file" "conf" { path = "/etc/app.conf" }`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := actionsOf(Diff(jsonSnapshot(t, src), typesSnapshot(t, src))); len(got) > 0 {
				t.Errorf("JSON against the plan: actions %v, want none", got)
			}
			if got := actionsOf(Diff(typesSnapshot(t, src), jsonSnapshot(t, src))); len(got) > 0 {
				t.Errorf("the plan against its JSON: actions %v, want none", got)
			}
		})
	}
}
