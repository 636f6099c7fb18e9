package puppetcatalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// secretsCatalog has a secret of every kind: an attribute only marked
// sensitive, one of a Sensitive type, one of an Optional Sensitive type,
// one with Sensitive values nested in an array, and a resource without
// secrets.
const secretsCatalog = `
type "vault" {
  desc = "Secrets."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }
  attribute "password" {
    type      = "Optional[String]"
    sensitive = true
  }
  attribute "token" {
    type = "Sensitive[String]"
  }
  attribute "pin" {
    type = "Optional[Sensitive[Integer]]"
  }
  attribute "keys" {
    type = "Optional[Array[Sensitive[String]]]"
  }
  attribute "owner" {
    type = "Optional[String]"
  }
}
resource "vault" "db" {
  password = "hunter2"
  token    = "s3cret"
  pin      = 1234
  keys     = ["k1", "k2"]
  owner    = "root"
}
resource "vault" "plain" {
  owner = "nobody"
}
`

func loadSecrets(t *testing.T) ([]byte, error) {
	t.Helper()
	g := loadPuppetGraph(t, []string{"vault.hcl"}, [][]byte{[]byte(secretsCatalog)})
	var b bytes.Buffer
	err := Write(&b, g, Options{})
	return b.Bytes(), err
}

// By default a catalog with secrets is refused, before anything is
// written, naming every attribute and where it is written.
func TestPuppetCatalogRefusesSecrets(t *testing.T) {
	t.Parallel()
	out, err := loadSecrets(t)
	var se *SecretsError
	if !errors.As(err, &se) {
		t.Fatalf("error %v, want a *SecretsError", err)
	}
	if len(out) != 0 {
		t.Errorf("wrote %d bytes before refusing", len(out))
	}
	msg := err.Error()
	for _, want := range []string{
		"with 4 sensitive values",
		"Vault[db] password (vault.hcl:26)",
		"Vault[db] token (vault.hcl:27)",
		"Vault[db] pin (vault.hcl:28)",
		"Vault[db] keys (vault.hcl:29)",
		"--reveal-secrets -o FILE",
		"--redact-secrets",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	for _, leak := range []string{"hunter2", "s3cret", "1234", "k1", "owner", "Vault[plain]"} {
		if strings.Contains(msg, leak) {
			t.Errorf("message names %q:\n%s", leak, msg)
		}
	}
}

// With RevealSecrets the catalog is Puppet's own: clear values, the
// attributes whose type takes a Sensitive named in sensitive_parameters,
// nested secrets in rich-data form.
func TestPuppetCatalogRevealsSecrets(t *testing.T) {
	t.Parallel()
	g := loadPuppetGraph(t, []string{"vault.hcl"}, [][]byte{[]byte(secretsCatalog)})
	var b bytes.Buffer
	if err := Write(&b, g, Options{Secrets: RevealSecrets}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Resources []struct {
			Title      string                     `json:"title"`
			Parameters map[string]json.RawMessage `json:"parameters"`
			Sensitive  []string                   `json:"sensitive_parameters"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.Bytes())
	}
	found := false
	for _, r := range doc.Resources {
		switch r.Title {
		case "db":
			found = true
			want := map[string]string{
				"password": `"hunter2"`,
				"token":    `"s3cret"`,
				"pin":      `1234`,
				"keys":     `[{"__ptype":"Sensitive","__pvalue":"k1"},{"__ptype":"Sensitive","__pvalue":"k2"}]`,
				"owner":    `"root"`,
			}
			for k, v := range want {
				var got bytes.Buffer
				json.Compact(&got, r.Parameters[k])
				if got.String() != v {
					t.Errorf("%s = %s, want %s", k, got.String(), v)
				}
			}
			// password's type (Optional[String]) refuses a Sensitive:
			// Puppet would fail the apply if it were listed.
			if !reflect.DeepEqual(r.Sensitive, []string{"token", "pin"}) {
				t.Errorf("sensitive_parameters %v, want [token pin]", r.Sensitive)
			}
		case "plain":
			if r.Sensitive != nil {
				t.Errorf("plain: sensitive_parameters %v", r.Sensitive)
			}
		}
	}
	if !found {
		t.Fatalf("Vault[db] not written:\n%s", b.Bytes())
	}
}

// A catalog without secrets is written by default.
func TestPuppetCatalogWithoutSecrets(t *testing.T) {
	t.Parallel()
	names, srcs := readFixtures(t, "seed/types.hcl", "seed/resources.hcl")
	g := loadPuppetGraph(t, names, srcs)
	var def, redact bytes.Buffer
	if err := Write(&def, g, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&redact, g, Options{Secrets: RedactSecrets}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(def.Bytes(), redact.Bytes()) || def.Len() == 0 {
		t.Error("a catalog without secrets differs between the default and RedactSecrets")
	}
}
