package compiler

import (
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// TestBuiltinByDecodeNotName: a type is built-in because catc decoded it
// from its own sources, not because of a file's name: a user's file
// called <builtin>/types.hcl (a directory named so) declares the user's
// types, checked as a user's, with their descs as written; the built-in
// and shipped module types say they are.
func TestBuiltinByDecodeNotName(t *testing.T) {
	t.Parallel()
	src := `type "software" {
  desc = "${""}"
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The name."
  }
}
resource "software" "php" {}
resource "file" "/tmp/x" {}
`
	c, diags := LoadFiles([]string{"<builtin>/types.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	sw := c.Type("software")
	if sw == nil || sw.Builtin || sw.Desc != "" || c.Lookup("software", "php") == nil {
		t.Fatalf("the user's type: %+v", sw)
	}
	if f := c.Type("file"); f == nil || !f.Builtin {
		t.Errorf("file is not built-in: %+v", f)
	}
	if m := catalog.ModuleType("file_line"); m == nil || !m.Builtin {
		t.Errorf("the shipped file_line is not marked: %+v", m)
	}
}
