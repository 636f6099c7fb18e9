package compiler

import (
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// TestClassBuiltinSecret: a class parameter fed to a sensitive attribute
// of a built-in type (user's password) that only the class's body
// declares is a secret: the built-in type is declared from the body, so
// the parameter is sensitive on Class[Acct] (it was printed as it is).
func TestClassBuiltinSecret(t *testing.T) {
	t.Parallel()
	c, diags := loadClassSite(t, `class "acct" {
  variable "pw" { type = "String" }
  resource "user" "bob" {
    password = var.pw
  }
}
include "acct" { pw = "hunter2" }
`, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cl := c.Lookup("Class", "Acct")
	if cl == nil {
		t.Fatal("no Class[Acct]")
	}
	v, _ := cl.Attributes.Get("pw")
	if _, ok := v.(types.Sensitive); !ok {
		t.Errorf("Class[Acct]'s pw is %#v, want a sensitive value", v)
	}
	if c.Type("user") == nil {
		t.Errorf("the built-in type user, declared in the class's body only, is not declared")
	}
}
