package importer

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/testutil"
)

// TestImportNoType: a Ruby file with no type imports nothing, with a
// warning at its start that says where a definition comes from: catc's
// shipped one for a popular module type, else a type block by hand.
func TestImportNoType(t *testing.T) {
	src := []byte("# frozen_string_literal: true\nrequire 'puppet'\n")
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

// TestImportNewtype: a Puppet::Type.newtype file is imported with its
// attributes (namevars from namevar: true), and the auto rules of the
// simple shapes (self[:attr], a string, an array of them); every other
// block, an autorequire(:class) and title_patterns are warnings at their
// Ruby line. The HCL is testdata/newtype/demo_line.hcl and loads.
func TestImportNewtype(t *testing.T) {
	name := "testdata/newtype/demo_line.rb"
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	outs, diags, _ := ImportWith([]Source{{Name: name, Src: src}}, Options{})
	if len(outs) != 1 || outs[0].Failed {
		t.Fatalf("%d outputs, diagnostics %v", len(outs), diags)
	}
	testutil.Golden(t, "testdata/newtype/demo_line.hcl", outs[0].Src)
	var got []string
	for _, d := range diags {
		got = append(got, fmt.Sprintf("%s at line %d", d.Summary, d.Subject.Start.Line))
	}
	want := []string{"Auto relationship not imported at line 39", "Auto relationship not imported at line 40",
		"Auto relationship not imported at line 42", "Title patterns not imported at line 46"}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
	c, ldiags := catalog.LoadFiles([]string{"demo_line.hcl"}, [][]byte{outs[0].Src}, catalog.LoadOptions{})
	if ldiags.HasErrors() {
		t.Fatal(ldiags)
	}
	td := c.Type("demo_line")
	if nv := td.Namevars(); len(nv) != 1 || nv[0].Name != "name" {
		t.Errorf("namevars %v, want name", nv)
	}
	var rules []string
	for _, r := range td.AutoRules {
		for _, term := range r.Terms {
			rules = append(rules, r.Target+"="+term.Title+term.Attr)
		}
	}
	if w := []string{"file=path", "user=owner", "user=root", "package=demo-tools"}; !slices.Equal(rules, w) {
		t.Errorf("auto rules %q, want %q", rules, w)
	}
}
