package compiler

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

// renameTypes has a type whose namevar is called name and one whose
// single namevar is not (the Resource API spec's not_name).
const renameTypes = `
type "node" {
  desc = "A node."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The name."
  }
}
type "other" {
  desc = "A type whose namevar is not called name."
  attribute "not_name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The namevar."
  }
}
`

func loadRename(t *testing.T, src string) (*catalog.Catalog, hcl.Diagnostics) {
	t.Helper()
	return LoadFiles([]string{"types.hcl", "decl.hcl"}, [][]byte{[]byte(renameTypes), []byte(src)}, LoadOptions{})
}

// TestNameRenames pins the Resource API's rename by name (oracle cases
// rename_*): Puppet applies node "x" { name = "y" } as Node[y], finds it
// by y and no longer by x, and catc warns at the name.
func TestNameRenames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src, ref, applied string
		renamed                 bool
		warning                 string
	}{
		{"renamed", `resource "node" "x" { name = "y" }`, "Node[y]", "y", true, "Node[x] is applied as Node[y]"},
		{"renamed to empty", `resource "node" "x" { name = "" }`, "Node[]", "", true, "Node[x] is applied as Node[]"},
		{"name equal to the title", `resource "node" "x" { name = "x" }`, "Node[x]", "x", false, ""},
		{"no name", `resource "node" "x" {}`, "Node[x]", "x", false, ""},
		{"other namevar keeps its title", `resource "other" "x" { name = "y" }`, "Other[x]", "x", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, diags := loadRename(t, tc.src)
			if diags.HasErrors() {
				t.Fatalf("errors: %v", diags)
			}
			r := c.Resources[0]
			if r.Ref() != tc.ref || r.AppliedTitle() != tc.applied || r.Renamed() != tc.renamed || r.Title != "x" {
				t.Errorf("Ref %q appliedTitle %q Renamed %v Title %q, want %q %q %v \"x\"", r.Ref(), r.AppliedTitle(), r.Renamed(), r.Title, tc.ref, tc.applied, tc.renamed)
			}
			var warned bool
			for _, d := range diags {
				warned = warned || d.Summary == catalog.SummaryRenamed && strings.Contains(d.Detail, tc.warning)
			}
			if warned != (tc.warning != "") {
				t.Errorf("rename warning %v, want %v: %v", warned, tc.warning != "", diags)
			}
			if !tc.renamed {
				return
			}
			if c.Lookup("node", "x") != nil {
				t.Errorf("Lookup of the declared title found the renamed resource")
			}
			if c.Lookup("node", tc.applied) != r || c.RenamedFrom("node", "x") != r {
				t.Errorf("Lookup(%q) = %v, RenamedFrom(x) = %v, want the resource", tc.applied, c.Lookup("node", tc.applied), c.RenamedFrom("node", "x"))
			}
		})
	}
}

// TestNameSetsNamevar is the Resource API spec's case: name on a type
// whose single namevar is not_name sets not_name, so a second resource
// with that not_name is a duplicate; the title stays.
func TestNameSetsNamevar(t *testing.T) {
	t.Parallel()
	c, diags := loadRename(t, `resource "other" "x" { name = "test" }`)
	if diags.HasErrors() {
		t.Fatalf("errors: %v", diags)
	}
	r := c.Resources[0]
	if v, _ := r.Namevars.Get("not_name"); v != "test" || r.Ref() != "Other[x]" {
		t.Errorf("not_name = %v, ref %s; want \"test\", Other[x]", v, r.Ref())
	}
	_, diags = loadRename(t, `
resource "other" "x" { name = "test" }
resource "other" "y" { not_name = "test" }
`)
	errs := errorsOnly(diags)
	if len(errs) != 1 || !strings.Contains(errs[0].Detail, `Cannot alias Other[y] to ["test"]`) {
		t.Errorf("want one alias conflict for Other[y], got %v", errs)
	}
}

// TestNameAndNamevar: with name and the single namevar both set, the
// Resource API keeps name's value (oracle name_and_path); catc too, and
// warns on the value it drops.
func TestNameAndNamevar(t *testing.T) {
	t.Parallel()
	c, diags := loadRename(t, `resource "other" "x" {
  not_name = "dropped"
  name     = "kept"
}`)
	if diags.HasErrors() || len(c.Resources) != 1 {
		t.Fatalf("errors: %v", diags)
	}
	if v, _ := c.Resources[0].Namevars.Get("not_name"); v != "kept" {
		t.Errorf("not_name = %v, want name's value \"kept\"", v)
	}
	if rng, ok := c.Resources[0].AttrRange("not_name"); !ok || rng.Start.Line != 3 {
		t.Errorf("not_name is at %v, want name's line 3, where its value comes from", rng)
	}
	var warned bool
	for _, d := range diags {
		warned = warned || d.Severity == hcl.DiagWarning && d.Subject.Start.Line == 2 &&
			strings.Contains(d.Detail, "keeps the value of name (kept, line 3) and ignores not_name = dropped")
	}
	if !warned {
		t.Errorf("no warning on not_name citing name: %v", diags)
	}
}

// TestRenamedDuplicate: Puppet compiles with the declared title, so the
// old title still collides, and so does the new one (oracle rename_dup).
func TestRenamedDuplicate(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"resource \"node\" \"x\" { name = \"y\" }\nresource \"node\" \"y\" {}",
		"resource \"node\" \"x\" { name = \"y\" }\nresource \"node\" \"x\" {}",
	} {
		_, diags := loadRename(t, src)
		if errs := errorsOnly(diags); len(errs) != 1 || errs[0].Summary != catalog.SummaryDuplicate {
			t.Errorf("%s: want one duplicate declaration, got %v", src, errs)
		}
	}
}
