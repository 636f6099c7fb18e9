package compiler

import (
	"os"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestRootCauseFirst: a misspelt attribute comes before the missing
// mandatory attribute it causes, and that error says it follows from it;
// a missing attribute with no misspelling still points at the
// declaration.
func TestRootCauseFirst(t *testing.T) {
	t.Parallel()
	types, err := os.ReadFile(testutil.Fixture("seed/types.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	decl := `resource "apt_key" "ABCD1234" {
  ensure = "present"
  sourse = "s"
}
resource "apt_key" "ABCD1235" {
  ensure = "present"
}
`
	_, diags := LoadFiles([]string{"types.hcl", "decl.hcl"}, [][]byte{types, []byte(decl)}, LoadOptions{})
	var got []string
	for _, d := range diags.Errs() {
		got = append(got, d.Error())
	}
	want := []string{
		`decl.hcl:3,3-9: Unsupported attribute; no parameter named 'sourse' on Apt_key[ABCD1234].`,
		`decl.hcl:3,3-9: Missing mandatory attributes; Apt_key[ABCD1234]: The following mandatory attributes were not provided:
    *  source
This follows from the unknown attribute "sourse" on line 3, reported just before: rename it source. Otherwise, set source, or set ensure = "absent".`,
		`decl.hcl:5,1-30: Missing mandatory attributes; Apt_key[ABCD1235]: The following mandatory attributes were not provided:
    *  source
Set source, or set ensure = "absent".`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("error %d:\n got %s\nwant %s…", i+1, got[i], want[i])
		}
	}
}
