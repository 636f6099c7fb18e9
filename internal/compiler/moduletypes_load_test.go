package compiler

import (
	"testing"
)

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
