package compiler

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestDuplicateByNameNamesBoth: a declaration whose `name` repeats another
// resource's title is a duplicate (Puppet 7.23: "Cannot alias
// Test_validation[icheck_other] to ["icheck"] ...; resource
// ["Test_validation", "icheck"] already declared"); catc's sentence after
// Puppet's names the two declarations by their titles, not twice by the
// shared name.
func TestDuplicateByNameNamesBoth(t *testing.T) {
	t.Parallel()
	src := `
type "tv" {
  desc = "One namevar called name."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The name."
  }
}
resource "tv" "icheck" {}
resource "tv" "icheck_other" {
  name = "icheck"
}
`
	_, diags := LoadFiles([]string{"d.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	errs := errorsOnly(diags)
	if len(errs) != 1 {
		t.Fatalf("errors %v, want one duplicate", details(errs))
	}
	d := errs[0].Detail
	for _, want := range []string{
		`Cannot alias Tv[icheck_other] to ["icheck"] at (file: d.hcl, line: 11); resource ["Tv", "icheck"] already declared (file: d.hcl, line: 10)`,
		"Tv[icheck_other] clashes with Tv[icheck], declared at d.hcl:10.",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("detail %q\nlacks %q", d, want)
		}
	}
}

func details(diags hcl.Diagnostics) []string {
	out := make([]string, len(diags))
	for i, d := range diags {
		out[i] = d.Detail
	}
	return out
}
