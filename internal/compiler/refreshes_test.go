package compiler

import (
	"slices"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
)

// TestShippedRefreshable: the types catc ships say refreshable = true
// exactly where their Ruby defines a refresh method: Puppet 7.23's exec,
// mount (mount_core), package and service, stdlib's anchor, inifile's
// ini_setting and postgresql's postgresql_psql (the releases of
// fixtures/oracle/catalogs/modules.txt). Nothing else decides it.
func TestShippedRefreshable(t *testing.T) {
	t.Parallel()
	var got []string
	for _, td := range append(catalog.BuiltinTypes(), catalog.ModuleTypes()...) {
		if td.Refreshes() {
			got = append(got, td.Name)
		}
	}
	want := []string{"exec", "mount", "package", "service", "anchor", "ini_setting", "postgresql_psql"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("refreshable shipped types %v, want %v", got, want)
	}
}

// TestRefreshableKey: a type block's refreshable is a bool, false by
// default.
func TestRefreshableKey(t *testing.T) {
	t.Parallel()
	const head = "type \"t\" {\n  desc = \"d\"\n"
	const attr = "  attribute \"name\" {\n    type = \"String\"\n    behaviour = \"namevar\"\n    desc = \"n\"\n  }\n}\n"
	for _, tt := range []struct {
		key      string
		want, ok bool
	}{
		{"", false, true},
		{"  refreshable = true\n", true, true},
		{"  refreshable = false\n", false, true},
		{"  refreshable = \"yes\"\n", false, false},
	} {
		c, diags := LoadFiles([]string{"t.hcl"}, [][]byte{[]byte(head + tt.key + attr)}, LoadOptions{})
		if diags.HasErrors() == tt.ok {
			t.Errorf("%q: diagnostics %v", tt.key, diags)
			continue
		}
		if tt.ok && c.Type("t").Refreshes() != tt.want {
			t.Errorf("%q: Refreshes() = %v, want %v", tt.key, c.Type("t").Refreshes(), tt.want)
		}
	}
}
