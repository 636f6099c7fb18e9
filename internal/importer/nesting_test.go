package importer

import (
	"strings"
	"testing"
)

// catc import on a default nested 260,000 levels deep (a stack overflow
// on main) reports one error with the file, line and column of the first
// bracket too many, and imports nothing of that type; variants: hashes
// in an attribute's options, a title pattern list.
func TestImportNestingBound(t *testing.T) {
	t.Parallel()
	n := 260_000
	if testing.Short() {
		n = 5_000
	}
	head := "Puppet::ResourceApi.register_type(\n  name: 'x',\n  docs: 'd',\n  attributes: {\n    name: {type: 'String', behaviour: :namevar, desc: 'n'},\n"
	tests := []struct {
		name, src string
		line, col int
	}{
		{"array default", head + "    v: {type: 'Any', desc: 'v', default: " + strings.Repeat("[", n) + strings.Repeat("]", n) + "},\n  },\n)\n",
			6, len("    v: {type: 'Any', desc: 'v', default: ") + 99}, // attributes and v are two levels
		{"hash default", head + "    v: {type: 'Any', desc: 'v', default: " + strings.Repeat("{a: ", n) + "1" + strings.Repeat("}", n) + "},\n  },\n)\n",
			6, len("    v: {type: 'Any', desc: 'v', default: ") + 4*98 + 1},
		{"title patterns", "Puppet::ResourceApi.register_type(name: 'x', docs: 'd', title_patterns: " + strings.Repeat("[", n) + strings.Repeat("]", n) + ")\n",
			1, len("Puppet::ResourceApi.register_type(name: 'x', docs: 'd', title_patterns: ") + 101},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, diags := importOne(t, tt.src)
			var found bool
			for _, d := range diags {
				if d.Summary != "Value nested too deeply" {
					continue
				}
				found = true
				if s := d.Subject; s.Filename != "x.rb" || s.Start.Line != tt.line || s.Start.Column != tt.col {
					t.Errorf("error at %s, want x.rb:%d,%d", s, tt.line, tt.col)
				}
			}
			if !found || !diags.HasErrors() {
				t.Errorf("no nesting error: %v", diagLines(diags))
			}
		})
	}
}
