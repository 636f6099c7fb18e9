package compiler

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/testutil"
)

// originText is an origin in one line, for comparing: its kind, its
// place and, by kind, how it was declared or the data that gave it.
func originText(o catalog.ParamOrigin) string {
	s := fmt.Sprintf("%s %s %s:%d:%d", o.Param, o.Kind, filepath.Base(o.Range.Filename), o.Range.Start.Line, o.Range.Start.Column)
	switch o.Kind {
	case catalog.OriginDeclaration, catalog.OriginResourceDefault:
		s += " " + o.Via + " in " + o.In
	case catalog.OriginData:
		s += " " + o.Key
		for _, d := range o.Data {
			s += fmt.Sprintf(" [%s:%d:%d %q]", d.Path, d.Line, d.Column, d.Level)
		}
	}
	return s
}

// TestParamOrigins: each parameter of a class or defined-type instance
// says where its value came from: the declaration (which one, where),
// the data (the file, line and column of the key, the level, every file
// of a merge), a defaults block, or the parameter's default.
func TestParamOrigins(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"hiera.yaml": "version: 5\nhierarchy:\n  - name: Per node\n    path: nodes/%{trusted.certname}.yaml\n  - name: Common\n    path: common.yaml\n",
		"data/common.yaml": "lookup_options:\n  web::users:\n    merge: unique\n" +
			"web::port: 8080\nweb::users: [a]\nweb::docroot: /srv/data\n",
		"data/nodes/web-01.example.com.yaml": "# the node's own\nweb::users: [b]\n  \nweb::port: 9090\n",
	})
	data, diags := hiera.Open(dir)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	src := `class "web" {
  variable "port" { type = "Integer" }
  variable "docroot" { type = "String" }
  variable "users" { type = "Array[String]" }
  variable "user" {
    type    = "String"
    default = "www"
  }
  resource "app::vhost" "x" { docroot = var.docroot }
  resource "app::vhost" "y" {}
}
define "app::vhost" {
  variable "port" { default = 80 }
  variable "docroot" { default = "/srv" }
  resource "notify" "${self.title}" { message = "${var.port}" }
}
defaults "app::vhost" { port = 81 }
node "web-01.example.com" {
  contain "web" {
    docroot = "/srv/given"
  }
}
`
	c, diags := loadClassSite(t, src, data)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cases := map[[2]string][]string{
		{"class", "Web"}: {
			"port data web-01.example.com.yaml:4:1 web::port [data/nodes/web-01.example.com.yaml:4:1 \"Per node\"]",
			"docroot declaration main.hcl:20:5 contain in Node[web-01.example.com]",
			"users data web-01.example.com.yaml:2:1 web::users [data/nodes/web-01.example.com.yaml:2:1 \"Per node\"] [data/common.yaml:5:1 \"Common\"]",
			"user default main.hcl:7:15",
		},
		{"app::vhost", "x"}: {
			"port resource default main.hcl:17:25 defaults in Class[Web]",
			"docroot declaration main.hcl:9:31 resource in Class[Web]",
		},
		{"app::vhost", "y"}: {
			"port resource default main.hcl:17:25 defaults in Class[Web]",
			"docroot default main.hcl:14:34",
		},
	}
	for ref, want := range cases {
		r := c.Lookup(ref[0], ref[1])
		if r == nil {
			t.Fatalf("no %s", ref)
		}
		var got []string
		for _, o := range r.ParamOrigins() {
			got = append(got, originText(o))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s's origins:\n%s\nwant\n%s", ref, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	if o, ok := c.Lookup("notify", "x").ParamOrigin("message"); ok {
		t.Errorf("a core resource has no parameter origins: %+v", o)
	}
}
