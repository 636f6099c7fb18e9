package compiler

import (
	"bytes"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
)

func typeNames(c *catalog.Catalog) string {
	var names []string
	for _, td := range c.Types {
		names = append(names, td.Name)
	}
	return strings.Join(names, " ")
}

// TestBuiltinTypesInALoad: a load declares the built-in types its
// resources and references name, before the user's own types, and no
// other; the user's resources of them are checked without a type block.
func TestBuiltinTypesInALoad(t *testing.T) {
	t.Parallel()
	own := "type \"widget\" {\n  desc = \"A widget.\"\n  attribute \"name\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"Its name.\"\n  }\n}\n"
	tests := []struct{ name, src, types string }{
		{"none used", own + "resource \"widget\" \"w\" {}\n", "widget"},
		{"declared", own + "resource \"widget\" \"w\" {}\nresource \"service\" \"nginx\" {}\nresource \"file\" \"/etc/x/\" {\n  mode = \"0644\"\n}\n", "file service widget"},
		{"referenced only", own + "resource \"widget\" \"w\" {\n  require = [package.nginx]\n}\n", "package widget"},
	}
	for _, tt := range tests {
		c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(tt.src)}, LoadOptions{})
		if tt.name != "referenced only" && len(diags) > 0 {
			t.Errorf("%s: %v", tt.name, diags)
		}
		if got := typeNames(c); got != tt.types {
			t.Errorf("%s: types %q, want %q", tt.name, got, tt.types)
		}
	}
	c, _ := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("resource \"file\" \"/etc/x/\" {}\n")}, LoadOptions{})
	r := c.Resources[0]
	if path, _ := r.Namevars.Get("path"); r.Ref() != "File[/etc/x/]" || path != "/etc/x" {
		t.Errorf("a file's title loses its trailing slash in path only: %s, path %v", r.Ref(), path)
	}
}

// TestBuiltinValueRefused: a built-in type checks a value as Puppet's
// agent does, with catc's message, at the user's value.
func TestBuiltinValueRefused(t *testing.T) {
	t.Parallel()
	_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("resource \"file\" \"/etc/x\" {\n  mode = 644\n}\n")}, LoadOptions{})
	if len(diags) != 1 || diags[0].Subject.String() != "a.hcl:2,10-13" || !strings.Contains(diags[0].Detail, `Write "644" (a String)`) {
		t.Errorf("mode = 644: %v", diags)
	}
}

// TestBuiltinReplaced: a user's own type of a built-in name replaces it
// for the load, with a warning at the user's type naming the built-in one.
func TestBuiltinReplaced(t *testing.T) {
	t.Parallel()
	src := "type \"file\" {\n  desc = \"Mine.\"\n  attribute \"path\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"Its path.\"\n  }\n  attribute \"colour\" {\n    type = \"String\"\n    desc = \"Not Puppet's.\"\n  }\n}\nresource \"file\" \"/x\" {\n  colour = \"red\"\n}\n"
	c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if len(diags) != 1 || diags[0].Severity != hcl.DiagWarning || diags[0].Summary != "Built-in type replaced" || diags[0].Subject.String() != "a.hcl:1,6-12" ||
		!strings.Contains(diags[0].Detail, "(<builtin>/file.hcl:2,6-12)") {
		t.Fatalf("got %v", diags)
	}
	if td := c.Type("file"); td.Builtin || typeNames(c) != "file" {
		t.Errorf("the user's type is not the one used: %s", typeNames(c))
	}
	if _, ok := c.Files()["<builtin>/file.hcl"]; ok {
		t.Errorf("the replaced built-in's file is among the catalog's")
	}
}

// TestBuiltinSnippet: a range in a built-in type names its file, and the
// catalog holds the file, so a diagnostic there shows its snippet.
func TestBuiltinSnippet(t *testing.T) {
	t.Parallel()
	c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte("resource \"exec\" \"/bin/true\" {}\n")}, LoadOptions{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	td := c.Type("exec")
	d := &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "Here", Detail: "The exec type.", Subject: td.NameRange.Ptr()}
	var out bytes.Buffer
	if err := hcl.NewDiagnosticTextWriter(&out, c.Files(), 0, false).WriteDiagnostic(d); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "on <builtin>/exec.hcl line 2:") || !strings.Contains(s, `2: type "exec" {`) {
		t.Errorf("snippet:\n%s", s)
	}
}

// TestBuiltinProvider: Puppet's own types take provider (a namevar of
// package, as in Puppet), while a user's type still may not set it.
func TestBuiltinProvider(t *testing.T) {
	t.Parallel()
	src := "resource \"package\" \"flask\" {\n  provider = \"pip3\"\n}\nresource \"service\" \"nginx\" {\n  provider = \"systemd\"\n}\n"
	c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if p, _ := c.Resources[0].Namevars.Get("provider"); p != "pip3" || len(c.Resources) != 2 {
		t.Errorf("provider %v, %d resources", p, len(c.Resources))
	}
	own := "type \"widget\" {\n  desc = \"A widget.\"\n  attribute \"name\" {\n    type      = \"String\"\n    behaviour = \"namevar\"\n    desc      = \"Its name.\"\n  }\n}\nresource \"widget\" \"w\" {\n  provider = \"x\"\n}\n"
	if _, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(own)}, LoadOptions{}); !diags.HasErrors() {
		t.Errorf("provider on a user's type is accepted")
	}
}

// TestBuiltinKeepsTitle is fixtures/oracle/core/ref_title_vs_namevar.pp:
// a built-in resource keeps its title whatever its namevar, and a
// reference finds it by either.
func TestBuiltinKeepsTitle(t *testing.T) {
	t.Parallel()
	src := `resource "file" "conf" {
  ensure = "file"
  path   = "/tmp/catc-core/conf"
}
resource "user" "utitle" {
  ensure = "absent"
  name   = "catc_u9"
}
resource "notify" "a" {
  require = file["/tmp/catc-core/conf"]
}
resource "notify" "b" {
  require = user.catc_u9
}
resource "notify" "c" {
  require = [file.conf, user.utitle]
}
`
	c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	var got []string
	for _, r := range c.Resources {
		for _, rel := range r.Relations {
			got = append(got, r.Ref()+" "+rel.Kind.String()+" "+rel.Target.Ref())
		}
	}
	want := "Notify[a] require File[conf]|Notify[b] require User[utitle]|Notify[c] require File[conf]|Notify[c] require User[utitle]"
	if strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// TestBuiltinNotIsomorphic: exec and tidy resources are known by title
// only, as in Puppet: two execs may run the same command, and a
// reference by the command finds nothing.
func TestBuiltinNotIsomorphic(t *testing.T) {
	t.Parallel()
	src := `resource "exec" "reload-a" {
  command     = "/bin/systemctl daemon-reload"
  refreshonly = true
}
resource "exec" "reload-b" {
  command     = "/bin/systemctl daemon-reload"
  refreshonly = true
}
resource "tidy" "t1" {
  path = "/tmp"
}
resource "tidy" "t2" {
  path = "/tmp"
}
`
	c, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if len(diags) > 0 || len(c.Resources) != 4 {
		t.Fatalf("%d resources: %v", len(c.Resources), diags)
	}
	if r := c.Lookup("exec", "/bin/systemctl daemon-reload"); r != nil {
		t.Errorf("Exec[/bin/systemctl daemon-reload] finds %s", r.Ref())
	}
	if r := c.Lookup("exec", "reload-b"); r == nil || r.Ref() != "Exec[reload-b]" {
		t.Errorf("Exec[reload-b] finds %v", r)
	}
	if r := c.Lookup("file", "/etc"); r != nil {
		t.Errorf("no file: %v", r)
	}
}
