package main

import (
	"strings"
	"testing"
)

// catc doc --module-types prints the reference of the module types catc
// ships for Puppet catalogs, each marked as such.
func TestDocModuleTypes(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "doc", "--module-types")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	assertGolden(t, "doc_module_types.md", out)
	for _, want := range []string{"file_line", "ini_setting", "postgresql_psql", "Module type from inifile 6.2.0", "<builtin>/modules/ini_setting.hcl"} {
		if !strings.Contains(out, want) {
			t.Errorf("the reference does not say %q", want)
		}
	}
	if strings.Contains(out, "## exec") {
		t.Error("the reference documents core types")
	}

	code, _, errOut = runCatc(t, "doc", "--module-types", "--builtin")
	if code != 1 || !strings.Contains(errOut, "not both") {
		t.Errorf("--module-types --builtin: exit %d: %s", code, errOut)
	}
	code, _, errOut = runCatc(t, "doc", "--module-types", "site")
	if code != 1 || !strings.Contains(errOut, "takes no PATH") {
		t.Errorf("--module-types with a path: exit %d: %s", code, errOut)
	}
}
