package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// secretShapes are attribute types that make a value secret without
// `sensitive = true`, each with a default holding a distinct secret.
var secretShapes = []struct{ typ, def string }{
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

const secretAliasHCL = "type_alias \"Secret::Token\" {\n  type = \"Sensitive[String]\"\n}\n\n"

// secretTypeHCL declares type name with one attribute per shape (a0, a1,
// ...) and an autobefore rule whose title is rule.
func secretTypeHCL(name, rule string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "type %q {\n  desc = \"Secrets by type.\"\n  attribute \"name\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"The name.\"\n  }\n", name)
	for i, s := range secretShapes {
		fmt.Fprintf(&b, "  attribute \"a%d\" {\n    type    = %q\n    default = %s\n    desc    = \"Shape %d.\"\n  }\n", i, s.typ, s.def, i)
	}
	fmt.Fprintf(&b, "  autobefore {\n    vault = \"%s\"\n  }\n}\n", rule)
	return b.String()
}

// TestSecretTypedDefaultsHidden: hover on the attribute's definition and
// on its use, and the documentation of completion items (attribute keys
// and $attr in auto rules), never show the default of an attribute whose
// type makes it secret, whatever the shape of that type.
func TestSecretTypedDefaultsHidden(t *testing.T) {
	t.Parallel()
	types := secretAliasHCL + secretTypeHCL("vault", "$name")
	site := "resource \"vault\" \"v\" {\n"
	for i := range secretShapes {
		site += fmt.Sprintf("  a%d = null\n", i)
	}
	site += "}\n"
	c := startClient(t, map[string]string{"types.hcl": types, "site.hcl": site}, nil)
	_, keyItems := c.complete(t, "edit.hcl", 1, "resource \"vault\" \"x\" {\n  |\n}")
	_, ruleItems := c.complete(t, "edit.hcl", 2, secretTypeHCL("vault2", "|"))
	docOf := func(items []protocol.CompletionItem, label string) string {
		for _, it := range items {
			if it.Label == label {
				raw, _ := json.Marshal(it.Documentation)
				return string(raw)
			}
		}
		return ""
	}
	for i, s := range secretShapes {
		t.Run(s.typ, func(t *testing.T) {
			secret := strings.Trim(s.def[strings.Index(s.def, "s3cr3t"):], `"]} `)
			name := fmt.Sprintf("a%d", i)
			shown := map[string]string{
				"completion of the key":    docOf(keyItems, name),
				"completion of $attr":      docOf(ruleItems, "$"+name),
				"hover on the definition":  c.hoverAt(t, "types.hcl", types, fmt.Sprintf("attribute %q", name), 11),
				"hover on the declaration": c.hoverAt(t, "site.hcl", site, name+" = null", 1),
			}
			for where, text := range shown {
				if text == "" {
					t.Errorf("%s: nothing shown", where)
					continue
				}
				if strings.Contains(text, secret) {
					t.Errorf("%s shows the secret default %q:\n%s", where, secret, text)
				}
				if !strings.Contains(text, "(sensitive)") {
					t.Errorf("%s does not say the default is sensitive:\n%s", where, text)
				}
			}
		})
	}
}

// hoverAt is the hover text at marker (moved by delta bytes) in name.
func (c *client) hoverAt(t *testing.T, name, text, marker string, delta int) string {
	t.Helper()
	var h *protocol.Hover
	c.call(protocol.MethodTextDocumentHover, c.at(name, posIn(t, text, marker, delta)), &h)
	return hoverValue(h)
}

// TestClassSecretsHidden: the diagnostics and hovers of a site whose
// secrets sit in a class and a node body never show them.
func TestClassSecretsHidden(t *testing.T) {
	t.Parallel()
	types := "type \"vault\" {\n  desc = \"Secrets.\"\n  attribute \"name\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"The name.\"\n  }\n" +
		"  attribute \"password\" {\n    type      = \"Optional[Pattern[/\\\\A.{12,}\\\\z/]]\"\n    sensitive = true\n    desc      = \"A secret.\"\n  }\n" +
		"  attribute \"port\" {\n    type = \"Optional[Integer]\"\n    desc = \"Not a secret.\"\n  }\n}\n"
	site := `class "app" {
  locals {
    lpw = "s3cr3t-local"
  }
  resource "vault" "class" {
    password = "s3cr3t-class"
  }
  resource "vault" "local" {
    password = local.lpw
    port     = local.lpw
  }
}
include "app" {}
node "default" {
  resource "vault" "node" {
    password = "s3cr3t-node"
  }
}
`
	c := startClient(t, map[string]string{"types.hcl": types, "site.hcl": site}, nil)
	c.open("site.hcl", site)
	diags := c.waitDiags("site.hcl", 1)
	raw, _ := json.Marshal(diags)
	if len(diags) < 2 {
		t.Errorf("want the errors of the class and the node, got %s", raw)
	}
	if strings.Contains(string(raw), "s3cr3t") {
		t.Errorf("a diagnostic shows a secret:\n%s", raw)
	}
	for _, at := range []struct{ marker string }{{`"class" {`}, {"password = \"s3cr3t-class\""}, {"password = local.lpw"}, {`"node" {`}} {
		text := c.hoverAt(t, "site.hcl", site, at.marker, 1)
		if strings.Contains(text, "s3cr3t") {
			t.Errorf("hover on %s shows a secret:\n%s", at.marker, text)
		}
	}
}
