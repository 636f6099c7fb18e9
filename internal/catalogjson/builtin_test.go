package catalogjson

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
)

// TestTypesListUsedBuiltins: a catalog's "types" are the user's own types
// and the built-in types its resources use, not the 23 built-in ones.
func TestTypesListUsedBuiltins(t *testing.T) {
	t.Parallel()
	src := `type "widget" {
  desc = "A widget."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "Its name."
  }
}
resource "widget" "w" {}
resource "file" "/etc/motd" {
  content = "hello"
  before  = widget.w
}
`
	c, diags := compiler.LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, compiler.LoadOptions{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	var names []string
	for _, ty := range New(c).Types {
		names = append(names, ty.Name)
	}
	if got := strings.Join(names, " "); got != "file widget" {
		t.Errorf("types %q, want the used built-in file, then the user's widget", got)
	}
}
