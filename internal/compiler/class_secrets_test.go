package compiler

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// TestClassSecretsNeverInSnippets compiles sites whose secrets (all
// "hunter2") sit in class, define and node bodies, in parameters and
// their arguments, in defaults and collectors, each with an error whose
// snippet shows the secret's line: no diagnostic, nor its snippet, may
// show it, and the resource still carries it as a sensitive value.
func TestClassSecretsNeverInSnippets(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      string // a substring of some diagnostic
		// res is "type[title].attr" holding the secret as Sensitive
		// (empty: the resource is refused)
		res string
	}{
		{name: "resource in a class", src: `class "app" {
  resource "secret" "db" {
    password = "hunter2"
  }
}
include "app" {}
`, want: "got a value that is not shown"},
		{name: "resource in a define", src: `define "app::db" {
  resource "secret" "${self.title}" {
    password = "hunter2"
  }
}
resource "app::db" "main" {}
`, want: "got a value that is not shown"},
		{name: "resource in a node", src: `node "default" {
  resource "secret" "db" {
    password = "hunter2"
  }
}
`, want: "got a value that is not shown"},
		{name: "Sensitive parameter default", src: `class "app" {
  variable "pw" {
    type    = "Sensitive[Integer]"
    default = "hunter2"
  }
}
include "app" {}
`, want: "Wrong parameter type"},
		{name: "Sensitive parameter argument", src: `class "app" {
  variable "pw" {
    type = "Sensitive[Integer]"
  }
}
include "app" {
  pw = "hunter2"
}
`, want: "App"},
		{name: "Sensitive define parameter argument", src: `define "app::db" {
  variable "pw" {
    type = "Sensitive[Integer]"
  }
}
node "default" {
  resource "app::db" "main" {
    pw = "hunter2"
  }
}
`, want: "App"},
		{name: "parameter fed to a secret", src: `class "app" {
  variable "pw" {
    type = "Integer"
  }
  resource "secret" "db" {
    token = var.pw
  }
}
include "app" {
  pw = "hunter2"
}
`, want: "App"},
		{name: "local fed to a secret", src: `class "app" {
  locals {
    pw = "hunter2"
  }
  resource "secret" "db" {
    token = local.pw
    port  = local.pw
  }
}
include "app" {}
`, want: "secret.port expects"},
		{name: "defaults block", src: `class "app" {
  defaults "secret" {
    password = "hunter2"
  }
  resource "secret" "db" {}
}
include "app" {}
`, want: "not shown"},
		{name: "collector override", src: `class "app" {
  collect "secret" {
    password = "hunter2"
  }
  resource "secret" "db" {}
}
include "app" {}
`, want: "not shown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, diags := loadSecretSite(t, tt.src)
			noSecretInDiagnostics(t, c, diags, tt.want, "hunter2")
		})
	}
}

// loadSecretSite compiles main.hcl, with the secret type, for a node.
func loadSecretSite(t *testing.T, src string) (*catalog.Catalog, hcl.Diagnostics) {
	t.Helper()
	dir := t.TempDir()
	facts, _ := json.Marshal(map[string]any{"name": "web-01.example.com", "values": map[string]any{}})
	testutil.WriteFiles(t, dir, map[string]string{"facts.json": string(facts)})
	node, nodeDiags := nodefacts.ReadOne(filepath.Join(dir, "facts.json"))
	return LoadFiles([]string{"types.hcl", "main.hcl"}, [][]byte{[]byte(secretType), []byte(src)}, LoadOptions{Node: node, NodeDiags: nodeDiags})
}

// TestClassSecretsStaySensitive: the secrets of every place in a class
// site land in the resources as sensitive values, and the masked
// sources hide them.
func TestClassSecretsStaySensitive(t *testing.T) {
	t.Parallel()
	c, diags := loadSecretSite(t, `define "app::db" {
  variable "pw" {
    type = "Variant[String, Sensitive[String]]"
  }
  resource "secret" "define ${self.title}" {
    token = var.pw
  }
}
class "app" {
  variable "pw" {
    type    = "Variant[String, Sensitive[String]]"
    default = "hunter2-default"
  }
  variable "fed" {
    type = "String"
  }
  locals {
    lpw = "hunter2-local"
  }
  defaults "secret" {
    password = "hunter2-defaults"
  }
  resource "secret" "class" {
    password = "hunter2-in-class"
  }
  resource "secret" "param" {
    token = var.pw
  }
  resource "secret" "fed" {
    token = var.fed
  }
  resource "secret" "local" {
    token = local.lpw
  }
  resource "secret" "defaulted" {}
  resource "secret" "collected" {}
  collect "secret" {
    where = self.title == "collected"
    token = "hunter2-collected"
  }
}
include "app" {
  fed = "hunter2-argument"
}
node "default" {
  resource "secret" "node" {
    password = "hunter2-in-node"
  }
  resource "app::db" "main" {
    pw = "hunter2-define"
  }
}
`)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, want := range []struct{ title, attr, value string }{
		{"class", "password", "hunter2-in-class"},
		{"param", "token", "hunter2-default"},
		{"fed", "token", "hunter2-argument"},
		{"local", "token", "hunter2-local"},
		{"defaulted", "password", "hunter2-defaults"},
		{"collected", "token", "hunter2-collected"},
		{"node", "password", "hunter2-in-node"},
		{"define main", "token", "hunter2-define"},
	} {
		r := c.Lookup("Secret", want.title)
		if r == nil {
			t.Errorf("no Secret[%s]", want.title)
			continue
		}
		v, _ := r.Attributes.Get(want.attr)
		sv, ok := v.(types.Sensitive)
		if !ok {
			t.Errorf("Secret[%s].%s is %#v, not a sensitive value", want.title, want.attr, v)
			continue
		}
		if got, _ := json.Marshal(sv.Value); string(got) != `"`+want.value+`"` {
			t.Errorf("Secret[%s].%s holds %s, want %q", want.title, want.attr, got, want.value)
		}
	}
	if masked := string(c.Files()["main.hcl"].Bytes); strings.Contains(masked, "hunter2") {
		t.Errorf("the masked source shows a secret:\n%s", masked)
	}
}
