package importer

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/compiler"
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
// attributes (namevars from namevar: true), and the auto rules catc
// translates (self[:attr], strings interpolating it, arrays, Pathname's
// parent; two blocks for one target make one list); an
// autorequire(:class) and title_patterns are warnings at their Ruby
// line. The HCL is testdata/newtype/demo_line.hcl and loads.
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
	want := []string{"Auto relationship not imported at line 39", "Title patterns not imported at line 46"}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
	c, ldiags := compiler.LoadFiles([]string{"demo_line.hcl"}, [][]byte{outs[0].Src}, compiler.LoadOptions{})
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
			call := ""
			if term.Call != nil {
				call = term.Call.Func + "()"
			}
			rules = append(rules, r.Kind.String()+" "+r.Target+"="+term.Title+term.Attr+call)
		}
	}
	if w := []string{"autorequire file=path", "autorequire file=parent()", "autorequire user=owner", "autorequire user=root",
		"autorequire package=demo-tools", "autobefore service=format()"}; !slices.Equal(rules, w) {
		t.Errorf("auto rules %q, want %q", rules, w)
	}
}

// TestImportShippedNewtypes: a newtype type of a name catc ships is
// written with the rules the import translates, a warning says it
// replaces the shipped type, and a block catc cannot translate keeps the
// shipped type's rule for that target, with a warning that says so. The
// forms are those of the modules' Ruby: postgresql_psql's interpolation
// of an attribute with a default, apt_key's guarded source.
func TestImportShippedNewtypes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, src string
		rule      string // in the written HCL
		diags     []string
	}{
		{"lib/puppet/type/postgresql_psql.rb", "Puppet::Type.newtype(:postgresql_psql) do\n" +
			"  newparam(:name) do\n    isnamevar\n  end\n  newparam(:instance) do\n    defaultto('main')\n  end\n" +
			"  autorequire(:anchor) do\n    [\"postgresql::server::service::end::#{self[:instance]}\"]\n  end\n  def refresh\n  end\nend\n",
			`anchor = [format("postgresql::server::service::end::%s", coalesce("$instance", "main"))]`,
			[]string{"Replaces a shipped module type: catc ships postgresql_psql (postgresql 10.6.1)",
				"Unknown automatic relationship target"}}, // stdlib's anchor, not imported here
		{"lib/puppet/type/apt_key.rb", "Puppet::Type.newtype(:apt_key) do\n  newparam(:id, namevar: true)\n  newparam(:source)\n" +
			"  autorequire(:file) do\n    self[:source] if self[:source] && Pathname.new(self[:source]).absolute?\n  end\nend\n",
			`file = absolute("$source")`,
			[]string{"Replaces a shipped module type: catc ships apt_key (apt 10.0.1)"}},
		{"lib/puppet/type/ini_setting.rb", "Puppet::Type.newtype(:ini_setting) do\n  newparam(:name, namevar: true)\n  newparam(:path)\n" +
			"  autorequire(:file) do\n    dir = File.expand_path(self[:path])\n    Pathname.new(dir).parent\n  end\nend\n",
			`file = coalesce(first(ascend("$path")), "$path")`,
			[]string{"Auto relationship kept from catc's shipped type: This autorequire(:file) block is Ruby code that catc does not translate",
				"Replaces a shipped module type: catc ships ini_setting (inifile 6.2.0)"}},
	}
	for _, tt := range tests {
		outs, diags, _ := ImportWith([]Source{{Name: tt.file, Src: []byte(tt.src)}}, Options{})
		if len(outs) != 1 || outs[0].Failed {
			t.Fatalf("%s: %d outputs, diagnostics %v", tt.file, len(outs), diags)
		}
		if !strings.Contains(string(outs[0].Src), tt.rule) {
			t.Errorf("%s: the HCL lacks %s:\n%s", tt.file, tt.rule, outs[0].Src)
		}
		if !strings.HasPrefix(string(outs[0].Src), "# Imported by catc import from "+tt.file+":1.\n") {
			t.Errorf("%s: no header:\n%s", tt.file, outs[0].Src)
		}
		var got []string
		for _, d := range diags {
			got = append(got, d.Summary+": "+d.Detail)
		}
		if len(got) != len(tt.diags) {
			t.Errorf("%s: diagnostics %q, want %d", tt.file, got, len(tt.diags))
			continue
		}
		for i, w := range tt.diags {
			if !strings.HasPrefix(got[i], w) {
				t.Errorf("%s: diagnostic %q, want %q", tt.file, got[i], w)
			}
		}
	}
}

// TestImportRefreshable: a newtype type that defines refresh is written
// refreshable, and the written type refreshes.
func TestImportRefreshable(t *testing.T) {
	t.Parallel()
	src := "Puppet::Type.newtype(:compose_app) do\n  ensurable\n  newparam(:name)\n  def refresh\n    provider.restart\n  end\nend\n"
	outs, diags, _ := ImportWith([]Source{{Name: "compose_app.rb", Src: []byte(src)}}, Options{})
	if len(outs) != 1 || diags.HasErrors() {
		t.Fatalf("%d outputs, diagnostics %v", len(outs), diags)
	}
	c, ldiags := compiler.LoadFiles([]string{"compose_app.hcl"}, [][]byte{outs[0].Src}, compiler.LoadOptions{})
	if ldiags.HasErrors() || !c.Type("compose_app").Refreshes() {
		t.Errorf("not refreshable (%v):\n%s", ldiags, outs[0].Src)
	}
}
