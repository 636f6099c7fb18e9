package puppetcatalog

import (
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
)

// modelOf reads a hand-written catalog and builds its model with the
// built-in types, as plan does.
func modelOf(t *testing.T, src string) (*catalog.Catalog, []string) {
	t.Helper()
	pc, diags := Parse("cat.json", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c, diags := Model(pc, coreTypes(t))
	var errs []string
	for _, d := range diags.Errs() {
		errs = append(errs, d.Error())
	}
	return c, errs
}

// coreTypes are the built-in types, as plan loads them with no HCL file.
func coreTypes(t *testing.T) *catalog.Catalog {
	t.Helper()
	defs, diags := compiler.LoadFiles(nil, nil, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return defs
}

// TestModelChecksBelow: a mount whose name is no valid regexp for the
// agent's below() fails a Puppet catalog as it fails an HCL load, when a
// file is there for the agent to compile it against; without a file
// Puppet never compiles it.
func TestModelChecksBelow(t *testing.T) {
	const mount = `{"type": "Mount", "title": "/x(", "parameters": {"ensure": "mounted", "device": "/dev/sdb1", "fstype": "ext4"}}`
	const file = `{"type": "File", "title": "/x/y", "parameters": {"ensure": "file"}}`
	tests := []struct {
		name, resources, want string
	}{
		{"mount and file", mount + ",\n" + file, `cat.json:2,1-2: Invalid automatic relationship; The autobefore rule of type "mount" puts "/x(" unescaped into a regexp, as Puppet's agent does, and the result is not a valid regexp`},
		{"mount alone", mount, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := modelOf(t, "{\"resources\": [\n"+tt.resources+"]}")
			if tt.want == "" {
				if len(errs) > 0 {
					t.Fatalf("errors %q, want none", errs)
				}
				return
			}
			if len(errs) != 1 || !strings.HasPrefix(errs[0], tt.want) {
				t.Fatalf("errors %q, want one starting %q", errs, tt.want)
			}
		})
	}
}
