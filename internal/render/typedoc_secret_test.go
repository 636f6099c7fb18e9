package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
)

// TestTypeDocsHideSensitiveTypedDefault: the default of an attribute of a
// Sensitive[...] type (at any depth) is a secret, like that of one marked
// sensitive.
func TestTypeDocsHideSensitiveTypedDefault(t *testing.T) {
	t.Parallel()
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
	c, diags := compiler.LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(src)}, compiler.LoadOptions{})
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

// TestTypeDocsHideEverySecretShape: `catc doc` hides the default of an
// attribute whose type holds Sensitive in any shape, an alias included.
func TestTypeDocsHideEverySecretShape(t *testing.T) {
	t.Parallel()
	shapes := []struct{ typ, def string }{
		{"Sensitive[String]", `"s3cr3t-plain"`},
		{"Optional[Array[Sensitive[String]]]", `["s3cr3t-optarray"]`},
		{"Struct[{k => Sensitive[String]}]", `{ k = "s3cr3t-struct" }`},
		{"Tuple[String, Sensitive[String]]", `["a", "s3cr3t-tuple"]`},
		{"Hash[String, Sensitive[String]]", `{ k = "s3cr3t-hash" }`},
		{"Variant[Integer, Sensitive[String]]", `"s3cr3t-variant"`},
		{"NotUndef[Sensitive[String]]", `"s3cr3t-notundef"`},
		{"Secret::Token", `"s3cr3t-alias"`},
		{"Optional[Array[Secret::Token]]", `["s3cr3t-aliasarray"]`},
	}
	for _, s := range shapes {
		t.Run(s.typ, func(t *testing.T) {
			src := "type_alias \"Secret::Token\" {\n  type = \"Sensitive[String]\"\n}\n" +
				"type \"vault\" {\n  desc = \"d\"\n  attribute \"name\" {\n    type = \"String\"\n    desc = \"n\"\n    behaviour = \"namevar\"\n  }\n" +
				"  attribute \"a\" {\n    type = \"" + s.typ + "\"\n    desc = \"a\"\n    default = " + s.def + "\n  }\n}\n"
			c, diags := compiler.LoadFiles([]string{"types.hcl"}, [][]byte{[]byte(src)}, compiler.LoadOptions{})
			if diags.HasErrors() {
				t.Fatalf("load: %s", diags.Error())
			}
			var b bytes.Buffer
			if err := TypeDocs(&b, c.Types); err != nil {
				t.Fatal(err)
			}
			if got := b.String(); strings.Contains(got, "s3cr3t") || !strings.Contains(got, "*sensitive*") {
				t.Errorf("the default is shown or not said to be sensitive:\n%s", got)
			}
		})
	}
}
