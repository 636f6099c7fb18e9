package main

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// A site's own `type "file"` replaces the built-in one with a warning
// naming both places; validate --strict fails on it. Without the type
// block the built-in file type checks the same resource as Puppet's agent.
func TestBuiltinReplacedStrict(t *testing.T) {
	t.Parallel()
	own := "type \"file\" {\n  desc = \"My file.\"\n  attribute \"path\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"Its path.\"\n  }\n  attribute \"mode\" {\n    type = \"Integer\"\n    desc = \"Its mode.\"\n  }\n}\n"
	res := "resource \"file\" \"/etc/motd\" {\n  mode = 644\n}\n"
	dir := testutil.TempFiles(t, map[string]string{"types.hcl": own, "site.hcl": res})
	code, _, errOut := runCatc(t, "validate", dir)
	if code != 0 || !strings.Contains(errOut, "Warning: Built-in type replaced") || !strings.Contains(errOut, "types.hcl line 1:") ||
		!strings.Contains(errOut, "<builtin>/file.hcl:2,6-12") || !strings.Contains(errOut, "1 warning.") {
		t.Errorf("validate: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCatc(t, "validate", "--strict", dir); code != 1 || !strings.Contains(errOut, "Built-in type replaced") {
		t.Errorf("validate --strict: exit %d\n%s", code, errOut)
	}
	builtin := testutil.TempFiles(t, map[string]string{"site.hcl": res})
	if code, _, errOut := runCatc(t, "validate", builtin); code != 1 || !strings.Contains(errOut, `file.mode expects`) {
		t.Errorf("validate with the built-in file type: exit %d\n%s", code, errOut)
	}
}
