package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/hashicorp/hcl/v2"
)

// conditionalTypes has a type with a mandatory parameter, so that the
// check without a node can be seen to leave it to the node when a value
// depends on one.
var conditionalTypes = siteTypes + `
type "pkg" {
  desc = "A package."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "version" {
    type = "Optional[String]"
    desc = "The version."
  }
  attribute "source" {
    type      = "String"
    desc      = "Where from."
    behaviour = "parameter"
  }
}
`

// TestConditionalChecked: a block in a group, with only_if or for_each,
// or reading the node's facts is checked whether or not a node declares
// it — its type, argument names, literal values and reference types —
// and each mistake is said once, on a node that declares it too.
func TestConditionalChecked(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      []string // "line: text", in order
	}{
		{"misspelt attribute in a group", `group "web" {
  only_if = facts.role == "web"
  resource "pkg" "nginx" {
    verison = "1.2"
    source  = "apt"
  }
}`, []string{`4: no parameter named 'verison' on Pkg[nginx]. Remove it, or use an attribute of pkg (name, version, source) or a metaparameter. Did you mean "version"?`}},
		{"misspelt attribute with a node value", `resource "pkg" "nginx" {
  only_if = facts.role == "web"
  verison = facts.version
  source  = "apt"
}`, []string{`3: Did you mean "version"?`}},
		{"unknown type", `group "web" {
  only_if = facts.role == "web"
  resource "pakage" "nginx" {}
}`, []string{`3: There is no type "pakage" in the loaded files. Define it in a type block, or load the file that does.`}},
		{"literal value in a for_each block", `resource "pkg" "${each.key}" {
  for_each = toset(try(facts.apps, []))
  version  = 12
  source   = each.value
}`, []string{`3: pkg.version expects a value of type Undef or String, got Integer`}},
		{"reference to an unknown type", `resource "file" "/etc/motd" {}
resource "pkg" "nginx" {
  only_if = facts.role == "web"
  source  = "apt"
  require = [file["/etc/motd"], "Fiel[/x]", "File[${facts.x}]"]
}`, []string{`5: Could not find resource 'Fiel[/x]' in parameter 'require'`}},
		{"reference to nothing on any node", `resource "file" "/etc/motd" {}
group "web" {
  only_if = facts.role == "web"
  resource "pkg" "nginx" {
    source  = "apt"
    require = [file["/etc/mtod"], file["/etc/web"], pkg.db]
  }
  resource "file" "/etc/web" {}
}
group "db" {
  only_if = facts.role == "db"
  resource "pkg" "${facts.db}" {
    source = "yum"
  }
}`, []string{`6: no block declares it on any node. Declare File[/etc/mtod], or fix the reference. Did you mean "File[/etc/motd]"?`}},
		{"mandatory parameter, nothing else from the node", `group "web" {
  only_if = facts.role == "web"
  resource "pkg" "nginx" {}
}`, []string{`3: The following mandatory parameters were not provided:`}},
		{"mandatory parameter may come from the node", `resource "pkg" "nginx" {
  only_if = facts.role == "web"
  source  = facts.source
}`, nil},
		{"computed reference title beside a node's", `resource "pkg" "nginx" {
  only_if = facts.role == "web"
  source  = "apt"
  before  = [file[local.path], "File[${facts.x}]"]
}`, []string{`4: The title of a reference traversal must be literal`}},
		{"metaparameter typo with a reference", `group "web" {
  only_if = facts.role == "web"
  resource "pkg" "nginx" {
    source   = "apt"
    requires = file.motd
  }
}`, []string{`5: Did you mean "require"?`}},
	}
	nodes := map[string]string{"not declared": `{"role": "db"}`, "declared": `{"role": "web", "apps": {"a": "apt", "b": "yum"}, "version": "1", "source": "x", "x": "/y"}`}
	for _, tt := range tests {
		dir := testutil.TempFiles(t, map[string]string{"types.hcl": conditionalTypes, "site.hcl": tt.src})
		site, diags := LoadSite([]string{dir}, LoadOptions{})
		var all hcl.Diagnostics
		all = append(all, diags...)
		if !diags.HasErrors() {
			for node, facts := range nodes {
				_, nd := site.Compile(&nodefacts.Node{Name: node, Facts: factsOf(t, facts)})
				all = append(all, nd...)
			}
		}
		var got []string
		for _, d := range errorsOnly(all) {
			got = append(got, fmt.Sprintf("%d: %s", d.Subject.Start.Line, d.Detail))
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: got %d errors, want %d:\n%s", tt.name, len(got), len(tt.want), strings.Join(got, "\n"))
			continue
		}
		for i, w := range tt.want {
			line, text, _ := strings.Cut(w, ": ")
			if !strings.HasPrefix(got[i], line+": ") || !strings.Contains(got[i], text) {
				t.Errorf("%s: error %d is %q, want %q", tt.name, i, got[i], w)
			}
		}
	}
}

// TestConditionalOnce: Load with the node's facts declares the block; its
// literal mistake is reported once, not once by the check without a node
// and again per instance.
func TestConditionalOnce(t *testing.T) {
	t.Parallel()
	src := `resource "pkg" "${each.key}" {
  for_each = toset(["a", "b", "c"])
  verison  = "1"
  source   = "apt"
}`
	c, diags := LoadFiles([]string{"types.hcl", "site.hcl"}, [][]byte{[]byte(conditionalTypes), []byte(src)}, LoadOptions{})
	if errs := errorsOnly(diags); len(errs) != 1 || !strings.Contains(errs[0].Detail, `Did you mean "version"?`) {
		t.Errorf("want one error for verison, got %v", errs)
	}
	if len(c.Resources) != 3 || len(c.Conditional) != 1 {
		t.Errorf("%d resources and %d conditional blocks, want 3 and 1", len(c.Resources), len(c.Conditional))
	}
}

// TestConditionalForEditor: without facts, a group's resource is still
// there for the editor, with its type, attribute ranges and the literal
// references that resolve.
func TestConditionalForEditor(t *testing.T) {
	t.Parallel()
	src := `resource "file" "/etc/motd" {}
group "web" {
  only_if = facts.role == "web"
  resource "pkg" "nginx" {
    version = "1"
    source  = facts.source
    require = file["/etc/motd"]
  }
}`
	c, _ := LoadFiles([]string{"types.hcl", "site.hcl"}, [][]byte{[]byte(conditionalTypes), []byte(src)}, LoadOptions{})
	if len(c.Conditional) != 1 {
		t.Fatalf("conditional blocks: %v", c.Conditional)
	}
	r := c.Conditional[0]
	if r.Type == nil || r.Type.Name != "pkg" || r.Title != "nginx" || r.DeclRange.Start.Line != 4 {
		t.Errorf("resource %s at %v", r.Ref(), r.DeclRange)
	}
	for _, a := range []string{"version", "source", "require"} {
		if _, ok := r.AttrRange(a); !ok {
			t.Errorf("no range for %s: %v", a, r.AttrRanges())
		}
	}
	if len(r.Relations) != 1 || r.Relations[0].Target == nil || r.Relations[0].Target.Ref() != "File[/etc/motd]" {
		t.Errorf("relations: %v", r.Relations)
	}
}
