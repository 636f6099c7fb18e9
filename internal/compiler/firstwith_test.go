package compiler

import (
	"testing"
)

// TestFirstWithIndexed: a user's numeric gid requires the first group in
// declaration order with that gid, whatever form the gid is written in.
func TestFirstWithIndexed(t *testing.T) {
	src := `
resource "group" "late" {
  gid = 2001
}
resource "group" "a" {
  gid = "2000"
}
resource "group" "b" {
  gid = 2000
}
resource "user" "u" {
  gid = 2000
}
`
	c, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	u := c.Resources[3]
	var got []string
	for _, rule := range u.Type.AutoRules {
		for _, term := range c.AutoTargets(u, rule) {
			for _, x := range term {
				if x.Type.Name == "group" {
					got = append(got, x.Ref())
				}
			}
		}
	}
	if len(got) != 1 || got[0] != "Group[a]" {
		t.Errorf("user u autorequires %v, want [Group[a]]", got)
	}
}
