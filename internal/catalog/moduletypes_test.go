package catalog

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/coretypes"
)

// TestModuleTypesDecode: every shipped module type decodes without a
// diagnostic, says in its desc (catc doc) that it is a shipped module
// type, and its auto rules target a core or shipped type.
func TestModuleTypesDecode(t *testing.T) {
	defs := ModuleTypes()
	if len(defs) != len(coretypes.ModuleNames) {
		t.Fatalf("%d module types decoded, want %d", len(defs), len(coretypes.ModuleNames))
	}
	for _, n := range coretypes.ModuleNames {
		b := moduleBuiltins()[n].decoded()
		for _, d := range b.diags {
			t.Errorf("%s: %s: %s; %s", n, d.Subject, d.Summary, d.Detail)
		}
		td := b.def
		if td.Name != n || !td.Builtin || len(td.Namevars()) == 0 {
			t.Errorf("%s: name %q, builtin %v, namevars %v", n, td.Name, td.Builtin, td.Namevars())
		}
		if !strings.HasPrefix(td.Desc, "Module type from ") || !strings.Contains(td.Desc, "auto relationships exact") {
			t.Errorf("%s: desc %q does not mark it as a shipped module type", n, td.Desc)
		}
		for _, r := range td.AutoRules {
			if target := strings.ToLower(r.Target); !IsBuiltinType(target) && ModuleType(target) == nil {
				t.Errorf("%s: a rule targets %s, which catc does not know", n, r.Target)
			}
		}
	}
}

// TestModuleTypesNotInHCLLoads: an HCL load does not declare the shipped
// module types, so a user's own file_line is no replacement (no warning)
// and a resource of one without a type block is unknown.
func TestModuleTypesNotInHCLLoads(t *testing.T) {
	src := `type "file_line" {
  desc = "Mine."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Its name."
  }
}
resource "file_line" "a" {}
`
	c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if len(diags) != 0 {
		t.Errorf("diagnostics %v", diags)
	}
	if td := c.Type("file_line"); td == nil || td.Builtin {
		t.Errorf("file_line is not the user's own type")
	}
	_, diags = LoadFiles([]string{"b.hcl"}, [][]byte{[]byte(`resource "ini_setting" "a" {}` + "\n")}, LoadOptions{})
	if !diags.HasErrors() {
		t.Errorf("a resource of ini_setting without a type block loads")
	}
}
