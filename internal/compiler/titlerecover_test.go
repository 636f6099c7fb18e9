package compiler

import (
	"strings"
	"testing"
)

// TestSyntaxErrorsAfterTitleTemplates: a syntax error below a resource
// title that interpolates is reported (the parser, in recovery mode after
// refusing the template, reported none), by a load and by catc fmt, and
// the titles stay accepted.
func TestSyntaxErrorsAfterTitleTemplates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      string // "" : no error
	}{
		{"after a title template", `resource "notify" "${each.key}" {
  for_each = toset(["a"])
}
resource "notify" "x" {
  message = "a" loglevel = "info"
}
`, "Missing newline after argument"},
		{"after two, one nested in a quote", `resource "notify" "${each.key}" {
  for_each = toset(["a"])
}
resource "notify" "b-${lower("X")}" {}
resource "notify" "c" {
  message = 
}
`, "Invalid expression"},
		{"in a define's body", `define "app::site" {
  resource "notify" "site ${self.title}" {}
}
resource "app::site" "one" {}
node "default" {
  resource "notify" "n" {
    message = "a" loglevel = "info"
  }
}
`, "Missing newline after argument"},
		{"a template in a type label", `resource "notify" "${each.key}" {
  for_each = toset(["a"])
}
resource "no${"tify"}" "x" {}
`, "Unknown resource type"},
		{"templates and no error", `resource "notify" "${each.key}" {
  for_each = toset(["a", "b"])
}
resource "notify" "x-${"y"}" {}
`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, diags := loadClassSite(t, tc.src, nil)
			if tc.want == "" {
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				if c.Lookup("Notify", "x-y") == nil || c.Lookup("Notify", "b") == nil {
					t.Errorf("the titles were not evaluated: %d resources", len(c.Resources))
				}
				return
			}
			if !strings.Contains(diags.Error(), tc.want) {
				t.Errorf("want an error %q, got %v", tc.want, diags)
			}
			// catc fmt refuses to format a syntax error too (it takes
			// templates in every label)
			if out, diags := FormatHCL([]byte(tc.src), "main.hcl"); tc.want == "Unknown resource type" && diags.HasErrors() {
				t.Errorf("fmt refuses a label template: %v", diags)
			} else if tc.want != "Unknown resource type" && (out != nil || !diags.HasErrors()) {
				t.Errorf("fmt formats it: %v", diags)
			}
		})
	}
}
