package compiler

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
)

// TestAutoRuleObjectForm: `autorequire = { "bind::zone" = "$zone" }`
// names a target that is no HCL identifier (a defined type); its rules
// join the block's in source order, and the defined type is a warning
// that says the rule only matters to Puppet.
func TestAutoRuleObjectForm(t *testing.T) {
	t.Parallel()
	src := `type "zone_file" {
  desc = "A zone file."
  attribute "name" {
    type      = "String"
    desc      = "The name."
    behaviour = "namevar"
  }
  attribute "zone" {
    type = "String"
    desc = "The zone."
  }
  autorequire {
    zone_file = "$zone"
  }
  autorequire = {
    "bind::zone" = "$zone"
    zone_file    = ["root"]
  }
}
`
	c, diags := LoadFiles([]string{"t.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatalf("errors: %v", diags)
	}
	var got []string
	for _, r := range c.Type("zone_file").AutoRules {
		got = append(got, r.Kind.String()+" "+r.Target)
	}
	want := []string{"autorequire zone_file", "autorequire bind::zone", "autorequire zone_file"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("rules (-want +got):\n%s", d)
	}
	var warned bool
	for _, d := range diags {
		warned = warned || d.Severity == hcl.DiagWarning && d.Subject.Start.Line == 16 &&
			strings.Contains(d.Detail, `names "bind::zone", a defined type or class`)
	}
	if !warned {
		t.Errorf("no warning on bind::zone: %v", diags)
	}
	_, diags = LoadFiles([]string{"t.hcl"}, [][]byte{[]byte(strings.Replace(src, `"bind::zone" = "$zone"`, `"bind::zone" = "$zon"`, 1))}, LoadOptions{})
	if !diags.HasErrors() || !strings.Contains(describeDiags(diags), `Did you mean "$zone"?`) {
		t.Errorf("a bad $attr in the object form: %v", diags)
	}
	_, diags = LoadFiles([]string{"t.hcl"}, [][]byte{[]byte(strings.Replace(src, "autorequire = {", "autorequire = 1\n  x = {", 1))}, LoadOptions{})
	if !strings.Contains(describeDiags(diags), "autorequire = … takes an object of rules") {
		t.Errorf("a non-object form: %v", diags)
	}
}
