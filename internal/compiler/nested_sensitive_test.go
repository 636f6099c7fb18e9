package compiler

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
)

// sealTypes has Sensitive[...] inside a Struct (as the DSC types'
// credentials), an Array, a Hash and a Variant.
const sealTypes = `
type "cred" {
  desc = "Sensitive parts of nested values."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The name."
  }
  attribute "login" {
    type = "Optional[Struct[{ user => String[1], password => Sensitive[String[1]] }]]"
    desc = "A user and its password."
  }
  attribute "keys" {
    type = "Optional[Array[Sensitive[String]]]"
    desc = "Secret keys."
  }
  attribute "tokens" {
    type = "Optional[Hash[String, Sensitive[Integer]]]"
    desc = "Secret numbers."
  }
  attribute "either" {
    type = "Optional[Variant[Integer, Sensitive[String]]]"
    desc = "A number or a secret."
  }
}
`

// TestNestedSensitivePuppet pins, against Puppet, what the import check found
// on the DSC types: a plain HCL value stands for Sensitive('...') wherever
// the type nests Sensitive[...], as Puppet accepts it from a manifest that
// writes Sensitive(...) there (measured with Puppet 7.23 on the DSC types'
// dsc_psdscrunascredential); wrong values still get Puppet's message, and
// no secret reaches the compiled catalog.
func TestNestedSensitivePuppet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body, wantErr string
	}{
		{"struct", `login = { user = "u", password = "hunter2hunter2" }`, ""},
		{"array", `keys = ["hunter2hunter2", "k2"]`, ""},
		{"hash", `tokens = { a = 1234567 }`, ""},
		{"variant member", `either = "hunter2hunter2"`, ""},
		{"variant other member", `either = 5`, ""},
		// Puppet 7.23: "dsc_timezone.dsc_psdscrunascredential expects a value for key 'user'"
		{"struct missing key", `login = { password = "hunter2hunter2" }`, "cred.login expects a value for key 'user'"},
		// Puppet 7.23 on tokens => {'a' => Sensitive('x')}, same type:
		{"wrong content", `tokens = { a = "x" }`, "cred.tokens entry 'a' expects a Sensitive[Integer] value, got Sensitive[String]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := sealTypes + `resource "cred" "c" {` + "\n" + tc.body + "\n}\n"
			c, diags := LoadFiles([]string{"c.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
			errs := errorsOnly(diags)
			if tc.wantErr == "" {
				if len(errs) > 0 {
					t.Fatalf("unexpected errors: %v", errs)
				}
				var b strings.Builder
				if err := catalogjson.WriteCatalog(&b, c); err != nil {
					t.Fatal(err)
				}
				for _, secret := range []string{"hunter2hunter2", "1234567"} {
					if strings.Contains(b.String(), secret) {
						t.Errorf("secret %q in the catalog JSON:\n%s", secret, b.String())
					}
				}
				return
			}
			if len(errs) != 1 || !strings.HasPrefix(strings.TrimSpace(errs[0].Detail), tc.wantErr) {
				t.Fatalf("errors %v, want one starting %q", details(errs), tc.wantErr)
			}
		})
	}
}
