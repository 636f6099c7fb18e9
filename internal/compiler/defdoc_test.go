package compiler

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/hashicorp/hcl/v2"
)

const defDocSite = `# site.hcl: the file's own comment, kept apart by a blank line

# Installs nginx and serves the sites.
#
# Declare it with include; its workers come from Hiera.
class "profile::web" {
  variable "port" {
    type        = "Integer[1, 65535]"
    default     = 80
    description = "The port nginx listens on."
  }
  variable "conf" {
    default = "/etc/nginx/${var.port}.conf"
  }
  variable "token" {
    type    = "Sensitive[String]"
    default = "hunter2"
  }
  variable "pw" {
    type    = "String"
    default = "swordfish"
  }
  resource "user" "www" {
    password = var.pw
  }
}

// A virtual host.
define "nginx::vhost" {
  variable "docroot" { type = "String" }
}
class "aaa" {}
`

func TestDefDocs(t *testing.T) {
	t.Parallel()
	got := DefDocs([]string{"site.hcl"}, [][]byte{[]byte(defDocSite)})
	want := []DefDoc{
		{Name: "aaa"},
		{Name: "nginx::vhost", Define: true, Doc: "A virtual host.", Params: []ParamDoc{{Name: "docroot", Type: "String"}}},
		{Name: "profile::web", Doc: "Installs nginx and serves the sites.\n\nDeclare it with include; its workers come from Hiera.", Params: []ParamDoc{
			{Name: "port", Type: "Integer[1, 65535]", Default: "80", HasDefault: true, Description: "The port nginx listens on."},
			{Name: "conf", Default: `"/etc/nginx/${var.port}.conf"`, HasDefault: true},
			{Name: "token", Type: "Sensitive[String]", HasDefault: true, Sensitive: true},
			{Name: "pw", Type: "String", HasDefault: true, Sensitive: true},
		}},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreTypes(hcl.Range{})); diff != "" {
		t.Errorf("DefDocs (-want +got):\n%s", diff)
	}
	if s := got[2].Summary(); s != "Installs nginx and serves the sites." {
		t.Errorf("summary %q", s)
	}
	if got[2].NameRange.Start.Line != 6 || got[2].Params[0].NameRange.Start.Line != 7 {
		t.Errorf("ranges %v %v", got[2].NameRange, got[2].Params[0].NameRange)
	}
	for _, d := range got {
		for _, p := range d.Params {
			if strings.Contains(p.Default, "hunter2") || strings.Contains(p.Default, "swordfish") {
				t.Errorf("%s's %s: a secret default %q", d.Name, p.Name, p.Default)
			}
		}
	}
}

func TestCommentAbove(t *testing.T) {
	t.Parallel()
	tests := []struct{ src, want string }{
		{"class \"a\" {}\n", ""},
		{"# one\nclass \"a\" {}\n", "one"},
		{"#two\n  //  three\r\nclass \"a\" {}\n", "two\n three"},
		{"# far\n\nclass \"a\" {}\n", ""},
		{"x = 1\n# near\nclass \"a\" {}\n", "near"},
	}
	for _, tt := range tests {
		at := strings.Index(tt.src, "class")
		if got := commentAbove([]byte(tt.src), at); got != tt.want {
			t.Errorf("commentAbove(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
