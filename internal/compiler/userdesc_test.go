package compiler

import "testing"

// TestUserDescNotMasked: only built-in sources have their descs masked; a
// user's desc is decoded as written.
func TestUserDescNotMasked(t *testing.T) {
	c, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(`type "t" {
  desc = "${""}"
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }
}`)}, LoadOptions{})
	if diags.HasErrors() || c.Types[0].Desc != "" {
		t.Errorf("user desc %q, %v", c.Types[0].Desc, diags)
	}
}
