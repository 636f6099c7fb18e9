package coretypes

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// TestEveryModuleSourceIsListed: ModuleNames and modules/*.hcl are the
// same set, and each source is named under ModulePrefix.
func TestEveryModuleSourceIsListed(t *testing.T) {
	entries, err := fs.ReadDir(moduleFiles, "modules")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, strings.TrimSuffix(e.Name(), ".hcl"))
	}
	names := slices.Sorted(slices.Values(ModuleNames))
	if !slices.Equal(files, names) {
		t.Errorf("modules/ holds %q, ModuleNames %q", files, names)
	}
	for _, n := range ModuleNames {
		s, ok := ModuleSourceOf(n)
		if !ok || len(s.Src) == 0 || s.Name != "<builtin>/modules/"+n+".hcl" || !IsBuiltinFile(s.Name) {
			t.Errorf("%s: %q, %d bytes", n, s.Name, len(s.Src))
		}
		if _, core := SourceOf(n); core {
			t.Errorf("%s is both a core and a module type", n)
		}
	}
	if _, ok := ModuleSourceOf("file"); ok {
		t.Error("ModuleSourceOf finds the core type file")
	}
}
