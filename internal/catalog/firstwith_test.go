package catalog

import (
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// TestAutoValueKey: first_with's index finds exactly what a scan with
// autoValuesEqual finds: two values have the same key when, and only
// when, they are equal.
func TestAutoValueKey(t *testing.T) {
	vals := []types.Value{int64(100), "100", "0100", "0144", int64(64), "1e2", 100.0, "abc", "abc\n12", "12", int64(12),
		"", nil, true, "true", "99999999999999999999", "-1", int64(-1), []types.Value{"100"}}
	for _, a := range vals {
		for _, b := range vals {
			if got, want := autoValueKey(a) == autoValueKey(b), autoValuesEqual(a, b); got != want {
				t.Errorf("%#v, %#v: same key %v, equal %v", a, b, got, want)
			}
		}
	}
}

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
