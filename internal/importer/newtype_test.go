package importer

import (
	"strings"
	"testing"
)

// TestImportNewtypeFile: a Puppet::Type.newtype file imports nothing,
// with a warning at its start that says where a definition comes from:
// catc's shipped one for a popular module type, else a type block by hand.
func TestImportNewtypeFile(t *testing.T) {
	src := []byte("Puppet::Type.newtype(:file_line) do\n  newparam(:name, namevar: true)\n  autorequire(:file) { self[:path] }\nend\n")
	tests := []struct{ file, want string }{
		{"lib/puppet/type/file_line.rb", "catc ships its own definition of file_line"},
		{"lib/puppet/type/sysctl.rb", "write its type block by hand"},
	}
	for _, tt := range tests {
		outs, diags, _ := ImportWith([]Source{{Name: tt.file, Src: src}}, Options{})
		if len(outs) != 0 || len(diags) != 1 {
			t.Fatalf("%s: %d outputs, diagnostics %v", tt.file, len(outs), diags)
		}
		d := diags[0]
		if d.Summary != "No type definition" || d.Subject == nil || d.Subject.Filename != tt.file || d.Subject.Start.Line != 1 {
			t.Errorf("%s: %s at %v", tt.file, d.Summary, d.Subject)
		}
		if !strings.Contains(d.Detail, tt.want) {
			t.Errorf("%s: %q does not say %q", tt.file, d.Detail, tt.want)
		}
	}
}
