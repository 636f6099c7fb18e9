package plandiff

import (
	"bytes"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/types"
)

// TestDiffMetaparams: schedule, loglevel and audit changes are
// metaparameter changes (no event: nothing is refreshed by them), read
// alike from HCL and from the catalog JSON catc writes.
func TestDiffMetaparams(t *testing.T) {
	t.Parallel()
	const old = `
resource "schedule" "night" {}
resource "exec" "backup" {
  command  = "/usr/bin/backup"
  schedule = "night"
  notify   = exec.report
}
resource "exec" "report" {
  command     = "/usr/bin/report"
  refreshonly = true
}
`
	new := strings.Replace(old, `schedule = "night"`, "schedule = \"daily\"\n  loglevel = \"debug\"\n  audit    = [\"returns\"]", 1)
	want := []string{`schedule: "night" → "daily"`, `loglevel: (none) → "debug"`, `audit: (none) → ["returns"]`}
	for _, via := range []string{"hcl", "json"} {
		o, n := typesSnapshot(t, old), typesSnapshot(t, new)
		if via == "json" {
			o, n = viaJSON(t, old), viaJSON(t, new)
		}
		d := Diff(o, n)
		if len(d.Resources) != 1 || d.Resources[0].Ref != "Exec[backup]" {
			t.Fatalf("%s: changes %+v, want Exec[backup] only", via, d.Resources)
		}
		c := d.Resources[0]
		var got []string
		for _, a := range c.Attributes {
			if a.Behaviour != MetaparameterAttr {
				t.Errorf("%s: %s is %v, want a metaparameter", via, a.Path, a.Behaviour)
			}
			got = append(got, a.Path+": "+shown(a.Old, a.HadOld)+" → "+shown(a.New, a.HasNew))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: changes\n%s\nwant\n%s", via, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !c.ParameterOnly || len(d.Refreshes) != 0 {
			t.Errorf("%s: parameter-only %v, refreshes %v: a metaparameter change sends no event", via, c.ParameterOnly, d.Refreshes)
		}
	}
}

// viaJSON is the snapshot of src written as catc's catalog JSON and read
// back.
func viaJSON(t *testing.T, src string) *Snapshot {
	t.Helper()
	c, diags := compiler.LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var b bytes.Buffer
	if err := catalogjson.WriteCatalog(&b, c); err != nil {
		t.Fatal(err)
	}
	s, err := ReadSnapshot(b.Bytes(), "catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// shown is a value as the test's lines print it.
func shown(v types.Value, has bool) string {
	if !has {
		return "(none)"
	}
	return types.RubyInspect(v)
}
