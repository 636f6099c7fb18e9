package catalog

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/coretypes"
)

// TestModuleTypesDecode: every shipped module type decodes without a
// diagnostic, says in its desc (catc doc) that it is a shipped module
// type, and its auto rules target a core or shipped type.
func TestModuleTypesDecode(t *testing.T) {
	defs := ModuleTypes()
	if len(defs) != len(coretypes.ModuleNames) {
		t.Fatalf("%d module types decoded, want %d", len(defs), len(coretypes.ModuleNames))
	}
	for _, n := range coretypes.ModuleNames {
		b := moduleBuiltins()[n].decoded()
		for _, d := range b.diags {
			t.Errorf("%s: %s: %s; %s", n, d.Subject, d.Summary, d.Detail)
		}
		td := b.def
		if td.Name != n || !td.Builtin || len(td.Namevars()) == 0 {
			t.Errorf("%s: name %q, builtin %v, namevars %v", n, td.Name, td.Builtin, td.Namevars())
		}
		if !strings.HasPrefix(td.Desc, "Module type from ") || !strings.Contains(td.Desc, "auto relationships exact") {
			t.Errorf("%s: desc %q does not mark it as a shipped module type", n, td.Desc)
		}
		for _, r := range td.AutoRules {
			if target := strings.ToLower(r.Target); !IsBuiltinType(target) && ModuleType(target) == nil {
				t.Errorf("%s: a rule targets %s, which catc does not know", n, r.Target)
			}
		}
	}
}
