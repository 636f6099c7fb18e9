package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/catc-dev/catc/catalog"
)

// TestTypeDocsHideSensitiveTypedDefault: the default of an attribute of a
// Sensitive[...] type (at any depth) is a secret, like that of one marked
// sensitive.
func TestTypeDocsHideSensitiveTypedDefault(t *testing.T) {
	src := `type "vault" {
  desc = "Secrets by type."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "token" {
    type    = "Sensitive[String]"
    desc    = "A token."
    default = "hunter2-token"
  }
  attribute "keys" {
    type    = "Array[Sensitive[String]]"
    desc    = "Keys."
    default = ["hunter2-key"]
  }
}
`
	c, diags := catalog.LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(src)}, catalog.LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("load: %s", diags.Error())
	}
	var b bytes.Buffer
	if err := TypeDocs(&b, c.Types); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if strings.Contains(got, "hunter2") {
		t.Errorf("a sensitive default is printed:\n%s", got)
	}
	if strings.Count(got, "*sensitive*") != 2 {
		t.Errorf("want both defaults said to be sensitive:\n%s", got)
	}
}
