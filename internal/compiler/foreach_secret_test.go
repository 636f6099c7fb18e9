package compiler

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"

	"github.com/hashicorp/hcl/v2"
)

// vaultType has a secret and a plain String to copy it into.
const vaultType = `
type "vault" {
  desc = "A secret and a plain string."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "token" {
    type      = "Optional[String]"
    desc      = "Marked sensitive."
    sensitive = true
  }
  attribute "note" {
    type = "Optional[String]"
    desc = "Not sensitive."
  }
}
`

// loadSecretOutputs loads src beside secretType and returns the
// diagnostics, every text a user sees of the load (diagnostics with
// their snippets, titles, the catalog JSON) and the catalog.
func loadSecretOutputs(t *testing.T, src string) (hcl.Diagnostics, string, *catalog.Catalog) {
	t.Helper()
	c, diags := LoadFiles([]string{"types.hcl", "vault.hcl", "main.hcl"}, [][]byte{[]byte(secretType), []byte(vaultType), []byte(src)}, LoadOptions{})
	var out bytes.Buffer
	for _, d := range diags {
		out.WriteString(d.Summary + ": " + d.Detail + "\n")
	}
	if err := hcl.NewDiagnosticTextWriter(&out, c.Files(), 0, false).WriteDiagnostics(diags); err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Resources {
		out.WriteString(r.Title + "\n")
	}
	if err := catalogjson.WriteCatalog(&out, c); err != nil {
		t.Fatal(err)
	}
	return diags, out.String(), c
}

// TestForEachKeyFromSecret: a for_each key computed from a secret would
// be a title, printed by every command; it is the error a title computed
// from a secret is, whatever builds the collection.
func TestForEachKeyFromSecret(t *testing.T) {
	t.Parallel()
	collections := map[string]string{
		"map literal key":         `{ (local.tok) = 1 }`,
		"key through a function":  `{ (upper(local.tok)) = 1 }`,
		"key in a template":       `{ "x-${local.tok}" = 1 }`,
		"tomap":                   `tomap({ (local.tok) = 1 })`,
		"merge":                   `merge({ a = 1 }, { (local.tok) = 2 })`,
		"zipmap":                  `zipmap([local.tok], [1])`,
		"for expression key":      `{ for s in [local.tok] : s => 1 }`,
		"for over a secret map":   `{ for k, v in local.m : v => k }`,
		"toset":                   `toset([local.tok])`,
		"set of strings":          `toset(["a", local.tok])`,
		"setunion":                `setunion(["a"], [local.tok])`,
		"keys":                    `toset(keys({ (local.tok) = 1 }))`,
		"list":                    `[local.tok]`,
		"split":                   `toset(split(",", local.tok))`,
		"jsondecode":              `jsondecode(jsonencode({ (local.tok) = 1 }))`,
		"conditional":             `true ? { (local.tok) = 1 } : {}`,
		"local holding the map":   `local.keyed`,
		"values of a secret map":  `toset(values(local.m))`,
		"set from each.value map": `toset([for k, v in local.m : v])`,
	}
	for name, coll := range collections {
		t.Run(name, func(t *testing.T) {
			src := `locals {
  tok   = "hunter2"
  m     = { a = "hunter2" }
  keyed = { (local.tok) = 1 }
}
resource "secret" "a" {
  token = local.tok
}
resource "secret" "b" {
  token = local.m.a
}
resource "secret" "${each.key}" {
  for_each = ` + coll + `
  port     = 1
}
`
			diags, out, _ := loadSecretOutputs(t, src)
			if !strings.Contains(out, catalog.SecretUse("A for_each key (each.key, and each.value of a list or set)")) {
				t.Errorf("no error for a key computed from a secret:\n%s", out)
			}
			if !diags.HasErrors() {
				t.Error("the load succeeds")
			}
			if strings.Contains(out, "hunter2") {
				t.Errorf("the secret shows:\n%s", out)
			}
		})
	}
}

// TestForEachPlainKeysStay: keys not computed from a secret stay plain
// titles, while the values feeding a sensitive attribute are secrets.
func TestForEachPlainKeysStay(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"local map": `locals {
  pws = { db = "hunter2" }
}
resource "secret" "${each.key}" {
  for_each = local.pws
  token    = each.value
}`,
		"tomap of a local": `locals {
  pws = { db = "hunter2" }
}
resource "secret" "${each.key}" {
  for_each = tomap(local.pws)
  token    = each.value
}`,
		"key from a plain variable": `variable "user" {
  default = "db"
}
resource "secret" "${each.key}" {
  for_each = { (var.user) = "hunter2" }
  token    = each.value
}`,
		"for expression over a secret map": `locals {
  pws = { db = "hunter2" }
}
resource "secret" "${each.key}" {
  for_each = { for k, v in local.pws : k => v }
  token    = each.value
}`,
		"set read by its key only": `locals {
  pws = { db = "hunter2" }
}
resource "secret" "${each.key}" {
  for_each = toset(["db"])
  token    = local.pws[each.key]
}`,
	} {
		t.Run(name, func(t *testing.T) {
			diags, out, c := loadSecretOutputs(t, src)
			if diags.HasErrors() {
				t.Fatalf("errors:\n%s", out)
			}
			if len(c.Resources) != 1 || c.Resources[0].Title != "db" {
				t.Fatalf("resources %v, want one titled db", c.Resources)
			}
			if strings.Contains(out, "hunter2") {
				t.Errorf("the secret shows:\n%s", out)
			}
		})
	}
}

// TestForEachValueIsSecret: a value written in the for_each expression
// that reaches a sensitive attribute through each.value is a secret
// wherever else each.value lands: a copy in a plain attribute, a type
// mismatch message, the for_each's snippet.
func TestForEachValueIsSecret(t *testing.T) {
	t.Parallel()
	collections := map[string]string{
		"object literal":          `{ db = "hunter2" }`,
		"tomap":                   `tomap({ db = "hunter2" })`,
		"for expression":          `{ for k in ["db"] : k => "hunter2" }`,
		"function result":         `merge({ db = "hunter2" })`,
		"zipmap":                  `zipmap(["db"], ["hunter2"])`,
		"jsondecode":              `jsondecode("{\"db\": \"hunter2\"}")`,
		"nested value":            `{ db = { pw = "hunter2" } }`,
		"conditional":             `true ? { db = "hunter2" } : {}`,
		"through a local literal": `local.pws`,
	}
	for name, coll := range collections {
		t.Run(name, func(t *testing.T) {
			value := "each.value"
			if name == "nested value" {
				value = "each.value.pw"
			}
			src := `locals {
  pws = { db = "hunter2" }
}
resource "secret" "${each.key}" {
  for_each = ` + coll + `
  token    = ` + value + `
  mode     = ` + value + `
}
resource "secret" "copy" {
  port = 1
}
`
			diags, out, _ := loadSecretOutputs(t, src)
			if !strings.Contains(out, "got a value that is not shown") {
				t.Errorf("the mismatch does not hide the value:\n%s", out)
			}
			if strings.Contains(out, "hunter2") {
				t.Errorf("the secret shows:\n%s", out)
			}
			if !diags.HasErrors() {
				t.Error("mode accepted a string outside its enum")
			}
			// a copy in a plain String attribute is written as a secret
			copySrc := strings.Replace(src, `resource "secret" "${each.key}"`, `resource "vault" "${each.key}"`, 1)
			copySrc = strings.Replace(copySrc, "mode     = "+value, "note     = "+value, 1)
			diags, out, c := loadSecretOutputs(t, copySrc)
			if diags.HasErrors() || len(c.Resources) != 2 {
				t.Fatalf("resources %v:\n%s", c.Resources, out)
			}
			if strings.Contains(out, "hunter2") {
				t.Errorf("the secret shows:\n%s", out)
			}
			if note, _ := c.Resources[0].Attributes.Get("note"); !catalog.ContainsSensitive(note) {
				t.Errorf("note = %v, want a secret", note)
			}
		})
	}
}

// TestForEachSetValueIsTitle: a list or set whose each.value feeds a
// sensitive attribute has its values as titles: refused, literal or not.
func TestForEachSetValueIsTitle(t *testing.T) {
	t.Parallel()
	for _, coll := range []string{`toset(["hunter2"])`, `["hunter2"]`, `setunion(["hunter2"], [])`} {
		t.Run(coll, func(t *testing.T) {
			src := "resource \"secret\" \"${each.key}\" {\n  for_each = " + coll + "\n  token    = each.value\n}\n"
			diags, out, _ := loadSecretOutputs(t, src)
			if !diags.HasErrors() || !strings.Contains(out, "A for_each key") {
				t.Errorf("not refused:\n%s", out)
			}
			if strings.Contains(out, "hunter2") {
				t.Errorf("the secret shows:\n%s", out)
			}
		})
	}
}

// FuzzSecretMasking loads arbitrary bytes beside types with secrets: the
// load must not panic, and the masked source must keep every line break
// and byte offset (snippets point at true positions).
func FuzzSecretMasking(f *testing.F) {
	for _, src := range []string{
		"locals {\n  tok = \"hunter2\"\n}\nresource \"secret\" \"${each.key}\" {\n  for_each = { (local.tok) = 1 }\n  token = local.tok\n}\n",
		"resource \"vault\" \"${each.key}\" {\n  for_each = { a = \"hunter2\" }\n  token = each.value\n  note = each.value\n}\n",
		"resource \"secret\" \"a\" { port = 1, token = \"hunter2\" }\n",
		"locals {\n  tok == \"hunter2\"\n}\nresource \"secret\" \"a\" {\n  token = local.tok; port = 1\n}\n",
		"variable \"pw\" {\n  default = <<EOT\nhunter2\nEOT\n  default = \"x\"\n}\nresource \"secret\" \"a\" {\n  token = var.pw\n}\n",
	} {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c, _ := LoadFiles([]string{"types.hcl", "vault.hcl", "main.hcl"}, [][]byte{[]byte(secretType), []byte(vaultType), src}, LoadOptions{Parallelism: 1})
		masked := c.Files()["main.hcl"]
		if masked == nil {
			return
		}
		if len(masked.Bytes) != len(src) {
			t.Fatalf("masked source has %d bytes, want %d", len(masked.Bytes), len(src))
		}
		for i, b := range src {
			if (b == '\n') != (masked.Bytes[i] == '\n') {
				t.Fatalf("line break moved at byte %d", i)
			}
		}
		if err := catalogjson.WriteCatalog(io.Discard, c); err != nil {
			t.Fatal(err)
		}
	})
}
