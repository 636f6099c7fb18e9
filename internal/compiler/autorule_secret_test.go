package compiler

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

const autoSecretTypes = `
type "target" {
  desc = "What keepers require."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
}
type "keeper" {
  desc = "Requires the target its note names."
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
    type = "Optional[Variant[String, Array[String]]]"
    desc = "Not sensitive."
  }
  autorequire {
    target = "$note"
  }
}
`

// TestAutoRuleRefusesSecretValues: an auto rule naming a plain attribute
// whose value is computed from a secret would draw an edge exactly when
// the secret is another resource's title. The resource is refused at the
// attribute, with the same error whether or not the secret matches a
// title, and the rule never yields the value as a title.
func TestAutoRuleRefusesSecretValues(t *testing.T) {
	t.Parallel()
	notes := map[string]string{
		"local":                 `note = local.tok`,
		"computed from a local": `note = lower(local.tok)`,
		"in a list":             `note = ["plain", local.tok]`,
		"through each.value":    `note = each.value`,
	}
	for name, note := range notes {
		for _, guess := range []string{"hunter2", "wrong-guess"} {
			t.Run(name+"/"+guess, func(t *testing.T) {
				src := `locals {
  tok = "hunter2"
}
resource "target" "` + guess + `" {
}
resource "keeper" "k" {
  token = local.tok
  ` + note + `
}
`
				if strings.Contains(note, "each") {
					src = strings.Replace(src, `resource "keeper" "k" {
  token = local.tok`, `resource "keeper" "k" {
  for_each = { k = "hunter2" }
  token    = each.value`, 1)
				}
				c, diags := LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(autoSecretTypes), []byte(src)}, LoadOptions{})
				var details []string
				for _, d := range diags {
					if d.Summary == catalog.SummaryAutoRule && d.Subject != nil && d.Subject.Start.Line == 8+strings.Count(note, "each") {
						details = append(details, d.Detail)
					}
				}
				if len(details) != 1 || !strings.Contains(details[0], "a value derived from a secret cannot be used for automatic relationships") {
					t.Fatalf("want one error at the note, got %q\n%v", details, diags)
				}
				if strings.Contains(details[0], "hunter2") {
					t.Errorf("the error shows the secret: %s", details[0])
				}
				for _, r := range c.Resources {
					for _, rule := range r.Type.AutoRules {
						if titles := r.AutoTitles(rule); len(titles) > 0 && r.Type.Name == "keeper" && strings.Contains(strings.Join(titles, ","), "hunter2") {
							t.Errorf("the rule yields the secret as a title: %v", titles)
						}
					}
				}
			})
		}
	}
}

// TestAutoRulePlainValue: a plain value still names its target.
func TestAutoRulePlainValue(t *testing.T) {
	t.Parallel()
	src := "resource \"target\" \"t\" {\n}\nresource \"keeper\" \"k\" {\n  token = \"hunter2\"\n  note  = \"t\"\n}\n"
	c, diags := LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(autoSecretTypes), []byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	k := c.Resources[1]
	if got := k.AutoTitles(k.Type.AutoRules[0]); len(got) != 1 || got[0] != "t" {
		t.Errorf("titles %v, want [t]", got)
	}
}

// TestOnlyIfFromSecret: an only_if computed from a secret would tell it
// by whether the resource exists; it is an error, not a crash.
func TestOnlyIfFromSecret(t *testing.T) {
	t.Parallel()
	for _, cond := range []string{`local.cfg.on`, `local.cfg.pw == "hunter2"`, `local.pw == "hunter2"`} {
		t.Run(cond, func(t *testing.T) {
			src := "locals {\n  cfg = { pw = \"hunter2\", on = true }\n  pw  = \"hunter2\"\n}\n" +
				"resource \"keeper\" \"a\" {\n  token   = local.cfg.pw\n  only_if = " + cond + "\n}\n" +
				"resource \"keeper\" \"b\" {\n  token = local.pw\n}\n"
			_, diags := LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(autoSecretTypes), []byte(src)}, LoadOptions{})
			want := onlyIfSecret
			found := false
			for _, d := range diags {
				found = found || d.Detail == want
				if strings.Contains(d.Detail, "hunter2") {
					t.Errorf("a diagnostic shows the secret: %s", d.Detail)
				}
			}
			if !found {
				t.Errorf("no %q:\n%v", want, diags)
			}
		})
	}
}
