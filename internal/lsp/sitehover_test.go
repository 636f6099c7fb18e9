package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// hieraFiles is testdata/hiera.txtar: classes fed by Hiera (eyaml
// secrets among the data), and the node web01.example.com in the
// project file.
var hieraFiles = testutil.MustTxtar(filepath.Join("testdata", "hiera.txtar"))

// TestClassHover: a class or define name shows its parameters (type,
// default, doc) and where it is declared, and for a class on this load
// each parameter's value.
func TestClassHover(t *testing.T) {
	t.Parallel()
	c := startClient(t, classFiles, nil)
	cases := []struct {
		name, file, marker string
		delta              int
		want               []string
	}{
		{"class definition", "classes.hcl", `class "profile::web"`, 9, []string{"**class profile::web** (`Class[Profile::Web]`)", "classes.hcl:3", "The web profile.\nServes the shop.",
			"`workers` `Integer[1, 64]` = `2`: Worker processes.", "`docroot` `String` = `\"/srv/www\"`",
			"- `workers` = `4` (declaration: ", "site.hcl:2:3, include in Class[Main])", "- `docroot` = `'/srv/www'` (default: ", "classes.hcl:11:15)"}},
		{"include label", "site.hcl", `include "profile::web"`, 10, []string{"**class profile::web**", "`workers` `Integer[1, 64]` = `2`"}},
		{"define from an instance", "classes.hcl", `resource "shop::vhost"`, 12, []string{"**define shop::vhost** (`Shop::Vhost`)", "`port` `Integer` = `80`"}},
		{"Class reference", "site.hcl", `Class[Profile::Web]`, 3, []string{"**class profile::web**"}},
		{"class parameter", "classes.hcl", `variable "workers"`, 11, []string{"**profile::web::workers** (parameter of class profile::web)", "Without facts", "`4` (declaration: ", "site.hcl:2:3, include in Class[Main])"}},
		{"class parameter from its argument", "site.hcl", `workers = 4`, 1, []string{"**profile::web::workers**", "`4` (declaration: "}},
		{"define parameter from an instance", "classes.hcl", `port = 8080`, 1, []string{"**shop::vhost::port**", "`8080` (declaration: ", "classes.hcl:17:5, in Class[Profile::Web])"}},
		{"define parameter in its definition", "classes.hcl", `variable "port"`, 11, []string{"given per instance"}},
		{"instance title in a reference", "site.hcl", `Shop::Vhost[shop]`, 13, []string{"→ Shop::Vhost[shop]", "classes.hcl:16"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := c.hoverAt(t, tc.file, classFiles[tc.file], tc.marker, tc.delta)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

// TestDataHover: with the settings' facts, a class parameter's hover
// says its value on that node and where it came from (the declaration,
// the data file and line, the default), and a lookup() its value and
// data file and line, or Puppet's not found with the levels searched; a
// secret (eyaml) is never shown.
func TestDataHover(t *testing.T) {
	t.Parallel()
	c := startClient(t, hieraFiles, nil)
	node := "On node web01.example.com"
	cases := []struct {
		name, marker string
		delta        int
		want         []string
	}{
		{"from the node's data file", `variable "workers"`, 11, []string{node, "`8` (data: ", filepath.Join("data", "nodes", "web01.example.com.yaml") + `:2, level "Per node")`}},
		{"from the common data file", `variable "docroot"`, 11, []string{"`'/srv/common'` (data: ", filepath.Join("data", "common.yaml") + `:2, level "Common")`}},
		{"from the declaration", `variable "port"`, 11, []string{"`8080` (declaration: ", "site.hcl:26:"}},
		{"a secret from eyaml", `variable "password"`, 11, []string{secretText, "secrets.eyaml:2"}},
		{"lookup", `lookup("ntp_servers")`, 2, []string{node, "`['ntp1.example.com']`, from ", "web01.example.com.yaml:3"}},
		{"secret lookup", `lookup("db_token")`, 2, []string{secretText, "secrets.eyaml:3"}},
		{"default_value", `lookup("no::such::key"`, 2, []string{"`'fallback'`, its default_value"}},
		{"merge", `lookup("ntp_servers", {`, 2, []string{"`['ntp1.example.com', 'pool.ntp.org']`, from ", `web01.example.com.yaml:3 (level "Per node"), `, `common.yaml:3 (level "Common")`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := c.hoverAt(t, "site.hcl", hieraFiles["site.hcl"], tc.marker, tc.delta)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
			if strings.Contains(got, "ENC[") {
				t.Errorf("hover shows a ciphertext:\n%s", got)
			}
		})
	}
	t.Run("in the only_if of a group without classes", func(t *testing.T) {
		hoverHas(t, hoverWithData(t, "group \"ntp\" {\n  only_if = length(lookup(\"ntp_servers\")) > 0\n  resource \"file\" \"/etc/ntp.conf\" {\n    content = \"x\"\n  }\n}\n", `lookup("ntp_servers")`),
			node, "`['ntp1.example.com']`, from ", "web01.example.com.yaml:3")
	})
	t.Run("not found", func(t *testing.T) {
		hoverHas(t, hoverWithData(t, "resource \"file\" \"/x\" {\n  content = lookup(\"nope\")\n}\n", `lookup("nope")`),
			"Function lookup() did not find a value for the name 'nope'", `"Per node": `, "web01.example.com.yaml", `"Common": `)
	})
}

// hoverWithData is the hover 2 bytes into marker of site.hcl, the site
// given, beside hieraFiles' data and settings.
func hoverWithData(t *testing.T, site, marker string) string {
	t.Helper()
	files := map[string]string{}
	for k, v := range hieraFiles {
		files[k] = v
	}
	files["site.hcl"] = site
	return startClient(t, files, nil).hoverAt(t, "site.hcl", site, marker, 2)
}

// hoverHas checks that a hover says each of wants.
func hoverHas(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("hover lacks %q:\n%s", w, got)
		}
	}
}

// TestClassSecretDefaultsHidden: a class parameter fed to a sensitive
// attribute, or typed Sensitive, shows neither its default nor its value
// in hovers (of the class, the parameter, an argument) and in the
// completion of its declaration's arguments.
func TestClassSecretDefaultsHidden(t *testing.T) {
	t.Parallel()
	site := `class "app" {
  variable "pw" {
    default = "hunter2-default"
  }
  variable "token" {
    type    = "Variant[String, Sensitive[String]]"
    default = "hunter2-token"
  }
  resource "user" "app" {
    password = var.pw
  }
}
include "app" {
  token = "hunter2-given"
}
`
	c := startClient(t, map[string]string{"site.hcl": site}, nil)
	c.open("site.hcl", "")
	if d := c.waitDiags("site.hcl", 1); len(d) != 0 {
		t.Fatalf("the site does not load: %v", d)
	}
	for _, at := range []struct {
		marker string
		delta  int
	}{{`class "app"`, 7}, {`variable "pw"`, 11}, {`variable "token"`, 11}, {`include "app"`, 10}, {`token = "hunter2`, 1}} {
		got := c.hoverAt(t, "site.hcl", site, at.marker, at.delta)
		if !strings.Contains(got, secretText) || strings.Contains(got, "hunter2") {
			t.Errorf("hover at %s shows a secret or does not say it is one:\n%s", at.marker, got)
		}
	}
	_, items := c.complete(t, "edit.hcl", 1, "include \"app\" {\n  |\n}")
	for _, it := range items {
		if it.Detail != nil && strings.Contains(*it.Detail, "hunter2") {
			t.Errorf("completion %s shows a secret: %s", it.Label, *it.Detail)
		}
	}
}

// TestNodeHover: a node block's label says which classes the block
// declares and whether it is the node block Puppet picks for the
// settings' node (exact name, else the first regular expression that
// matches, else default), or which one Puppet picks instead.
func TestNodeHover(t *testing.T) {
	t.Parallel()
	site := `class "base" {}
class "web" {}

node "db01.example.com" {
  include "base" {}
}

node "/^web\\d+/" {
  include "base" {}
  contain "web" {}
}

node "web01.example.com" {
  include "web" {}
}

node "default" {}
`
	files := func(certname string) map[string]string {
		fs := map[string]string{"site.hcl": site}
		if certname != "" {
			fs[".catc.json"] = `{"facts": "facts/` + certname + `.json"}`
			fs["facts/"+certname+".json"] = `{"clientcert": "` + certname + `", "fqdn": "` + certname + `"}`
		}
		return fs
	}
	for _, tc := range []struct {
		name, certname, marker string
		want                   []string
	}{
		{"exact, the picked one", "web01.example.com", `node "web01.example.com"`, []string{`**node "web01.example.com"** (an exact name)`, "site.hcl:13",
			"Declares `include \"web\"`.", "On node web01.example.com: this node block applies (its exact name)."}},
		{"regex, not picked over the exact name", "web01.example.com", `node "/^web`, []string{"(a regular expression)",
			"Declares `include \"base\"`, `contain \"web\"`.", `this node block does not apply; Puppet picks node "web01.example.com" at `, "site.hcl:13 (its exact name)."}},
		{"regex, picked", "web02.example.com", `node "/^web`, []string{"On node web02.example.com: this node block applies (the first regular expression that matches"}},
		{"default, not picked", "web02.example.com", `node "default"`, []string{"(the default node)", "Declares no class.",
			`Puppet picks node "/^web\\d+/" at `, "site.hcl:8 (the first regular expression that matches"}},
		{"default, picked", "mail01.example.com", `node "default"`, []string{"On node mail01.example.com: this node block applies (the default node, no other node block matching)."}},
		{"without facts", "", `node "db01.example.com"`, []string{"Declares `include \"base\"`.", "Without facts", "depends on the node's name"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fs := files(tc.certname)
			got := startClient(t, fs, nil).hoverAt(t, "site.hcl", site, tc.marker, 7)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
		})
	}
	t.Run("none matches", func(t *testing.T) {
		t.Parallel()
		fs := map[string]string{"site.hcl": "node \"db01.example.com\" {}\n", ".catc.json": `{"facts": "facts/mail01.example.com.json"}`,
			"facts/mail01.example.com.json": `{"clientcert": "mail01.example.com"}`}
		got := startClient(t, fs, nil).hoverAt(t, "site.hcl", fs["site.hcl"], `node "db01`, 7)
		want := "On node mail01.example.com: no node block matches, so Puppet fails the node (\"Could not find node statement with name 'default' or 'mail01.example.com'\")."
		if !strings.Contains(got, want) {
			t.Errorf("hover lacks %q:\n%s", want, got)
		}
	})
}
