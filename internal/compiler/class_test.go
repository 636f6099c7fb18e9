package compiler

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/testutil"
	"github.com/catc-dev/catc/internal/types"
)

// loadClassSite compiles one file of a site with classes for the node
// web-01.example.com (a Debian node), with the site's Hiera data when
// data is not nil.
func loadClassSite(t *testing.T, src string, data *hiera.Data) (*catalog.Catalog, hcl.Diagnostics) {
	t.Helper()
	dir := t.TempDir()
	facts, _ := json.Marshal(map[string]any{"name": "web-01.example.com", "values": map[string]any{
		"os": map[string]any{"family": "Debian"}, "networking": map[string]any{"fqdn": "web-01.example.com"}}})
	testutil.WriteFiles(t, dir, map[string]string{"facts.json": string(facts)})
	node, nodeDiags := nodefacts.ReadOne(filepath.Join(dir, "facts.json"))
	return LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, LoadOptions{Node: node, NodeDiags: nodeDiags, Hiera: data})
}

// attr is a resource's attribute as a string ("" when absent).
func attr(c *catalog.Catalog, typ, title, name string) string {
	r := c.Lookup(typ, title)
	if r == nil {
		return "<no " + typ + "[" + title + "]>"
	}
	v, _ := r.Attributes.Get(name)
	if v == nil {
		return ""
	}
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), `"`)
}

// TestClassScoping: what var, local and self mean in a class, a define
// and at the top level.
func TestClassScoping(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		// want are "type[title].attr=value" checks.
		want []string
	}{
		{"class params and locals", `
class "web" {
  variable "port" {
    type    = "Integer"
    default = 80
  }
  variable "admin" {
    type    = "Integer"
    default = var.port + 1
  }
  locals { conf = "/etc/web/${var.port}.conf" }
  resource "notify" "n" { message = "${local.conf} ${var.admin}" }
}
include "web" { port = 8080 }`, []string{"notify[n].message=/etc/web/8080.conf 8081"}},
		{"top-level locals stay out, passed as a parameter", `
locals { root = "/srv" }
class "web" {
  variable "root" { type = "String" }
  locals { root = "${var.root}/www" }
  resource "notify" "n" { message = local.root }
}
include "web" { root = local.root }
resource "notify" "top" { message = local.root }`, []string{"notify[n].message=/srv/www", "notify[top].message=/srv"}},
		{"self in a define, name on the instance", `
define "app::vhost" {
  variable "docroot" {
    type    = "String"
    default = "/srv/${self.title}"
  }
  resource "notify" "vhost ${self.name}" { message = var.docroot }
}
resource "app::vhost" "shop" { name = "shop-live" }`, []string{"notify[vhost shop-live].message=/srv/shop"}},
		{"facts in a default", `
class "pkg" {
  variable "name" {
    type    = "String"
    default = facts.os.family == "Debian" ? "apt" : "yum"
  }
  resource "notify" "n" { message = var.name }
}
include "pkg" {}`, []string{"notify[n].message=apt"}},
		{"defaults reach a class declared after them, a written null stops them", `
defaults "notify" { message = "default" }
class "a" {
  resource "notify" "in a" {}
  resource "notify" "null" { message = null }
}
include "a" {}`, []string{"notify[in a].message=default", "notify[null].message="}},
		{"exact node over regex, then top level first", `
class "web" {
  resource "notify" "web" { message = "web" }
}
node "/^web-/" {
  resource "notify" "regex" {}
}
node "web-01.example.com" {
  include "web" {}
}`, []string{"notify[web].message=web", "notify[regex].message=<no notify[regex]>"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, diags := loadClassSite(t, tc.src, nil)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			for _, w := range tc.want {
				ref, want, _ := strings.Cut(w, "=")
				typ, rest, _ := strings.Cut(ref, "[")
				title, name, _ := strings.Cut(rest, "].")
				if got := attr(c, typ, title, name); got != want {
					t.Errorf("%s = %q, want %q", ref, got, want)
				}
			}
		})
	}
}

// TestClassErrors: the compiler's refusals, in Puppet's words where
// Puppet has them, each at a place, with advice.
func TestClassErrors(t *testing.T) {
	t.Parallel()
	web := `class "web" {
  variable "port" {
    type    = "Integer[1, 65535]"
    default = 80
  }
  variable "docroot" { type = "String" }
}
`
	for _, tc := range []struct {
		name, src string
		want      []string // each in one error's text
		line      int      // the first such error's line
	}{
		{"missing parameter", web + `include "web" {}`, []string{"Class[Web]: expects a value for parameter 'docroot'"}, 8},
		{"unknown parameter", web + `include "web" {
  docroot = "/srv"
  prot    = 8080
}`, []string{"Class[Web]: has no parameter named 'prot'", `Did you mean "port"?`}, 10},
		{"wrong type", web + `include "web" {
  docroot = "/srv"
  port    = "80"
}`, []string{"Class[Web]: parameter 'port' expects an Integer value, got String"}, 10},
		{"duplicate resource-like cites the first", web + `include "web" { docroot = "/a" }
include "web" { docroot = "/b" }`, []string{"Duplicate declaration: Class[Web] is already declared at main.hcl:8", "cannot redeclare"}, 9},
		{"resource-like after include", `class "web" {}
include "web" {}
include "web" { resource_like = true }`, []string{"Duplicate declaration: Class[Web] is already declared; cannot redeclare"}, 3},
		{"unknown class", web + `include "wbe" {}`, []string{"Could not find class ::wbe for web-01.example.com", `Did you mean "web"?`}, 8},
		{"unknown define", `define "app::vhost" {}
resource "app::vhots" "x" {}`, []string{"Unknown resource type: 'app::vhots'", `Did you mean "app::vhost"?`}, 2},
		{"define's own errors name the instance", `define "app::vhost" {
  variable "port" { type = "Integer" }
}
resource "app::vhost" "shop" { port = "x" }`, []string{"App::Vhost[shop]: parameter 'port' expects an Integer value, got String"}, 4},
		{"default reading a later parameter", `class "app" {
  variable "home" {
    type    = "String"
    default = "/home/${var.user}"
  }
  variable "user" { type = "String" }
}
include "app" { user = "x" }`, []string{"Class[App]: default expression for $home tries to illegally access not yet evaluated $user"}, 4},
		{"self outside a define", `class "a" {
  resource "notify" "${self.title}" {}
}
include "a" {}`, []string{`self.title and self.name exist only in a define's body`}, 2},
		{"no node matches", `node "db-01.example.com" {}`, []string{"Could not find node statement with name 'default' or 'web-01.example.com'"}, 1},
		{"stage on a resource", `resource "notify" "early" { stage = "pre" }`, []string{"Only classes can set 'stage'; normal resources like Notify[early] cannot change run stage"}, 1},
		{"unknown stage", `class "repos" {}
include "repos" { stage = "setup" }`, []string{"Could not find stage setup specified by Class[Repos]"}, 2},
		{"collector of an unknown type", `collect "usr" {}`, []string{"Resource type usr doesn't exist", `Did you mean "user"?`}, 1},
		{"realize of nothing", `realize = ["User[nobody]"]`, []string{"Failed to realize virtual resources User[nobody]"}, 1},
		{"exported resources are out of scope", `class "a" {}
resource "file" "/x" { exported = true }`, []string{"exported resources are out of scope"}, 2},
		{"a declared class main", `class "main" {}
include "web" { resource_like = true }
class "web" {
  contain "main" {}
}`, []string{"Duplicate declaration: Class[Main] is already declared; cannot redeclare", "agent refuses the catalog", "(site::main)"}, 4},
		{"a reference to the top scope's class", `class "web" {}
include "web" { require = "Class[::main]" }`, []string{"Could not find resource 'Class[Main]' in parameter 'require'"}, 2},
		{"a define named settings", `define "settings" {}`, []string{"Definition 'settings' is already defined at main.hcl:1", "; cannot be redefined as a class", `Did you mean "site::settings"?`}, 1},
		{"settings declared resource-like", `class "settings" {}
include "settings" { resource_like = true }`, []string{"Duplicate declaration: Class[Settings] is already declared; cannot redeclare"}, 2},
		{"settings's parameter without default", `class "settings" {
  variable "motd" { type = "String" }
}`, []string{"Class[Settings]: expects a value for parameter 'motd'"}, 1},
		{"defaults of a type Puppet cannot name", `defaults "foo-bar" { mode = "0644" }`, []string{"Illegal type reference. The given name 'Foo-bar' does not conform to the naming rule"}, 1},
		{"a collector of a type Puppet cannot name", `collect "../x" {}`, []string{"Illegal type reference. The given name '../x' does not conform to the naming rule"}, 1},
		{"a class block in a class", `class "a" {
  class "b" {}
}
include "a" {}`, []string{"A class block stands at the top level of a file only"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, diags := loadClassSite(t, tc.src, nil)
			for _, d := range diags {
				if d.Severity != hcl.DiagError || !containsAll(d.Detail, tc.want) {
					continue
				}
				if d.Subject == nil || d.Subject.Start.Line != tc.line {
					t.Errorf("the error is at %v, want line %d", d.Subject, tc.line)
				}
				return
			}
			t.Errorf("no error with %q: %v", tc.want, diags)
		})
	}
}

// TestPuppetOwnClassNames: a class block named settings is
// Class[Settings]'s body, evaluated first on every node, declared or
// not; a class plan compiles with Puppet's warning at its label; a class
// main not declared compiles.
func TestPuppetOwnClassNames(t *testing.T) {
	t.Parallel()
	cat, diags := loadClassSite(t, `class "plan" {
  resource "notify" "in plan" {}
}
class "main" {
  resource "notify" "in main" {}
}
class "settings" {
  variable "port" {
    type    = "Integer"
    default = 80
  }
  resource "notify" "in settings" { message = "${var.port}" }
}
defaults "notify" { message = "top" }
resource "notify" "top" {}
include "plan" {}
include "settings" {}
`, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var refs []string
	for _, r := range cat.Resources {
		refs = append(refs, r.Ref())
	}
	want := "Stage[main] Class[Settings] Notify[in settings] Class[Main] Notify[top] Class[Plan] Notify[in plan]"
	if got := strings.Join(refs, " "); got != want {
		t.Errorf("resources %s, want %s", got, want)
	}
	if got := attr(cat, "notify", "in settings", "message"); got != "80" {
		t.Errorf("settings's resource has message %q, want its parameter's 80 (no top-level default: settings is evaluated first)", got)
	}
	if got := attr(cat, "class", "Settings", "port"); got != "80" {
		t.Errorf("Class[Settings] has port %q, want 80", got)
	}
	if got := cat.Lookup("notify", "in settings").External.Containers; len(got) != 1 || got[0].Ref() != "Class[Settings]" {
		t.Errorf("Notify[in settings] is in %v, want Class[Settings]", got)
	}
	var warned bool
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning && strings.Contains(d.Detail, "Use of future reserved word: 'plan'") {
			warned = d.Subject != nil && d.Subject.Start.Line == 1 && d.Subject.Start.Column == 7
		}
	}
	if !warned {
		t.Errorf("no warning at class \"plan\"'s label: %v", diags)
	}
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestClassParameterData: a class parameter comes from the declaration,
// else the data (CLASS::PARAM), else its default; a data value of the
// wrong type is Puppet's error; a define's parameters are not looked up.
func TestClassParameterData(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"hiera.yaml":       "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
		"data/common.yaml": "web::port: 8080\nweb::docroot: /srv/data\nweb::workers: many\napp::vhost::port: 1\n",
	})
	data, diags := hiera.Open(dir)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	src := `class "web" {
  variable "port" {
    type    = "Integer"
    default = 80
  }
  variable "docroot" {
    type    = "String"
    default = "/srv/default"
  }
  variable "user" {
    type    = "String"
    default = "www"
  }
  resource "notify" "web" { message = "${var.port} ${var.docroot} ${var.user}" }
}
define "app::vhost" {
  variable "port" {
    type    = "Integer"
    default = 80
  }
  resource "notify" "vhost" { message = "${var.port}" }
}
include "web" { docroot = "/srv/given" }
resource "app::vhost" "x" {}
`
	c, diags := loadClassSite(t, src, data)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if got := attr(c, "notify", "web", "message"); got != "8080 /srv/given www" {
		t.Errorf("web's message %q, want the data's port, the declaration's docroot and the default user", got)
	}
	if got := attr(c, "notify", "vhost", "message"); got != "80" {
		t.Errorf("the define's port %q, want its default: a define's parameters are not looked up", got)
	}
	bad := strings.Replace(src, `variable "user" {`, `variable "workers" {
    type = "Integer"
  }
  variable "user" {`, 1)
	_, diags = loadClassSite(t, bad, data)
	if !strings.Contains(diags.Error(), "Class[Web]: parameter 'workers' expects an Integer value, got String") {
		t.Errorf("a data value of the wrong type: %v", diags)
	}
}

// TestClassSiteNodes: a site loaded once compiles one catalog per node
// (a fleet), each with its own node block and its own classes.
func TestClassSiteNodes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{"main.hcl": `
class "web" {
  resource "notify" "web on ${facts.networking.fqdn}" {}
}
class "db" {
  resource "notify" "db" {}
}
resource "notify" "everywhere" {}
node "/^web-\\d+/" {
  include "web" {}
}
node "default" {
  include "db" {}
}
`}
	for _, n := range []string{"web-01.example.com", "db-01.example.com"} {
		facts, _ := json.Marshal(map[string]any{"name": n, "values": map[string]any{"networking": map[string]any{"fqdn": n}}})
		files[n+".json"] = string(facts)
	}
	testutil.WriteFiles(t, dir, files)
	site, diags := LoadSite([]string{filepath.Join(dir, "main.hcl")}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for node, want := range map[string][]string{
		"web-01.example.com": {"Notify[everywhere]", "Node[__node_regexp__web-d]", "Class[Web]", "Notify[web on web-01.example.com]"},
		"db-01.example.com":  {"Notify[everywhere]", "Node[default]", "Class[Db]", "Notify[db]"},
	} {
		n, diags := nodefacts.ReadOne(filepath.Join(dir, node+".json"))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		c, diags := site.Compile(n)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		var got []string
		for _, r := range c.Resources[3:] { // after Stage[main], Class[Settings], Class[main]
			got = append(got, r.Ref())
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: %q, want %q", node, got, want)
		}
	}
}

// TestClassRecursion: a define that declares itself without end is
// stopped, as Puppet stops it, instead of running forever.
func TestClassRecursion(t *testing.T) {
	t.Parallel()
	_, diags := loadClassSite(t, `define "r" {
  resource "r" "${self.title}x" {}
}
resource "r" "a" {}`, nil)
	if !strings.Contains(diags.Error(), "Somehow looped more than 1000 times while evaluating host catalog") {
		t.Errorf("a define declaring itself: %v", diags)
	}
}

// TestClassRecursionBudget: a define that declares two instances of
// itself (exponential) is stopped by the load's budget within seconds.
func TestClassRecursionBudget(t *testing.T) {
	t.Parallel()
	c, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(`define "r" {
  resource "r" "${self.title}x" {}
  resource "r" "${self.title}y" {}
}
resource "r" "a" {}`)}, LoadOptions{Limits: catalog.Limits{Steps: 100000}})
	if !strings.Contains(diags.Error(), "evaluation steps") || len(c.Resources) != 0 {
		t.Errorf("a define declaring itself twice: %v", diags)
	}
}

// TestClassParameterEyaml: an eyaml value in the data is taken by a class
// parameter whose type takes a String, as Puppet takes the String it
// decrypts, and stays a secret; a parameter whose type takes no String
// refuses it with Puppet's words, naming the data file, once.
func TestClassParameterEyaml(t *testing.T) {
	t.Parallel()
	const cipher = "ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEwDQYJKoZIhvcNAQEBBQAEggEAabc]"
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"hiera.yaml": "version: 5\nhierarchy:\n  - name: secrets\n    lookup_key: eyaml_lookup_key\n    path: secrets.eyaml\n" +
			"    options:\n      pkcs7_private_key: /nonexistent/key.pem\n      pkcs7_public_key: /nonexistent/cert.pem\n",
		"data/secrets.eyaml": "app::token: " + cipher + "\napp::maybe: " + cipher + "\napp::port: " + cipher + "\n",
	})
	data, diags := hiera.Open(dir)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	site := func(portType string) string {
		return `class "app" {
  variable "token" { type = "String" }
  variable "maybe" { type = "Optional[Variant[String, Integer]]" }
  variable "port" { type = "` + portType + `" }
  resource "notify" "x" { message = "${var.port}" }
}
include "app" {}
`
	}
	c, diags := loadClassSite(t, site("String"), data)
	if diags.HasErrors() {
		t.Fatalf("eyaml values for String parameters: %v", diags)
	}
	app := c.Lookup("Class", "App")
	if app == nil {
		t.Fatal("no Class[App]")
	}
	for _, name := range []string{"token", "maybe", "port"} {
		v, _ := app.Attributes.Get(name)
		if _, ok := v.(types.Sensitive); !ok {
			t.Errorf("Class[App]'s %s is %#v, want a secret", name, v)
		}
	}
	_, diags = loadClassSite(t, site("Integer"), data)
	want := "Class[App]: parameter 'port' expects an Integer value, got String (the value of app::port in " + filepath.Join(dir, "data", "secrets.eyaml") + ", line 3)."
	if len(diags) != 1 || diags[0].Detail != want || strings.Contains(diags.Error(), "PKCS7") {
		t.Errorf("an eyaml value for an Integer parameter: %v, want one error:\n%s", diags, want)
	}
}
