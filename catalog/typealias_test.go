package catalog

import (
	"strings"
	"testing"
)

// Aliases defined in one file are usable from another, by variables and
// attributes, whatever the file order.
func TestTypeAliasAcrossFiles(t *testing.T) {
	t.Parallel()
	names := []string{"a_types.hcl", "b_aliases.hcl"}
	srcs := [][]byte{
		[]byte(`
variable "port" {
  type    = "Stdlib::Port"
  default = 99999
}
type "svc" {
  desc = "A service."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "port" {
    type = "Optional[Stdlib::Port]"
    desc = "Its port."
  }
}
resource "svc" "a" { port = 80 }
resource "svc" "b" { port = "80" }
`),
		[]byte(`
type_alias "Stdlib::Port" {
  type = "Integer[0, 65535]"
}
`),
	}
	c, diags := LoadFiles(names, srcs, LoadOptions{})
	var got []string
	for _, d := range diags {
		got = append(got, d.Subject.String()+": "+d.Detail)
	}
	want := []string{
		`a_types.hcl:4,13-18: var.port expects a Stdlib::Port = Integer[0, 65535] value, got Integer[99999, 99999]`,
		`a_types.hcl:19,29-33: svc.port expects a Stdlib::Port = Integer[0, 65535] value, got String`,
	}
	if len(got) != len(want) {
		t.Fatalf("diagnostics:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diagnostic %d:\n got  %s\n want %s…", i, got[i], want[i])
		}
	}
	if len(c.Aliases) != 1 || c.Aliases[0].Name != "Stdlib::Port" || c.Aliases[0].Type.Resolved.String() != "Integer[0, 65535]" {
		t.Errorf("Aliases = %+v", c.Aliases)
	}
}

// A misspelt alias name gets the nearest alias as a suggestion.
func TestTypeAliasSuggestion(t *testing.T) {
	t.Parallel()
	src := []byte(`
type_alias "Stdlib::Port" {
  type = "Integer[0, 65535]"
}
type "svc" {
  desc = "A service."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "port" {
    type = "Stdlib::Prot"
    desc = "Its port."
  }
}
`)
	_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{src}, LoadOptions{})
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, `type_alias block`) || !strings.Contains(diags[0].Detail, `Did you mean "Stdlib::Port"?`) {
		t.Errorf("diagnostics: %v", diags)
	}
}
